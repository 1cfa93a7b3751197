import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceCore
import Testing

@testable import ForceKitCLI

/// Data in the forms `sf` and curl users bring: a body from a file (`--data @file`), and query
/// results as CSV.
@Suite("forcekit api --data @file and query --csv")
struct DataFormatsCommandTests {
    @Test("api --data @FILE sends the file's JSON; a missing file or bad JSON in it is a usage error")
    func dataFromFile() async throws {
        try await withLoggedInHome { _, home in
            let file = home.appendingPathComponent("account.json")
            try Data(#"{"Name": "From, a \"file\""}"#.utf8).write(to: file)
            let created = await forcekit("api", "POST", "sobjects/Account", "--data", "@" + file.path)
            #expect(created.exitCode == 0, "\(created.error)")
            let id = try #require(try jsonObject(created.output)["id"] as? String)
            let csv = await forcekit("query", "SELECT Id, Name, Owner.Name FROM Account WHERE Id = '\(id)'", "--csv")
            #expect(csv.exitCode == 0, "\(csv.error)")
            #expect(csv.outputLines == ["Id,Name,Owner.Name", "\(id),\"From, a \"\"file\"\"\",Local Admin"], "\(csv.output)")

            let missing = await forcekit("api", "POST", "sobjects/Account", "--data", "@" + home.appendingPathComponent("nope.json").path)
            #expect(missing.exitCode == 64 && missing.error.contains("there is no such file"), "\(missing.error)")
            try Data("{".utf8).write(to: file)
            #expect(await forcekit("api", "POST", "sobjects/Account", "--data", "@" + file.path).exitCode == 64)
            let count = await forcekit("query", "SELECT COUNT() FROM Account", "--csv")
            #expect(count.outputLines.first == "count" && Int(count.outputLines.last ?? "") ?? 0 > 300)
            #expect(await forcekit("query", "SELECT Id FROM Account", "--csv", "--json").exitCode == 64)
        }
    }
}
