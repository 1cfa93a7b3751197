import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
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
            // Nothing found is still a CSV a script reads: the header, and a count of 0.
            let none = await forcekit("query", "SELECT Name, Owner.Name FROM Account WHERE Name = 'No such name'", "--csv")
            #expect(none.outputLines == ["Name,Owner.Name"], "\(none.output)")
            let zero = await forcekit("query", "SELECT COUNT() FROM Account WHERE Name = 'No such name'", "--csv")
            #expect(zero.outputLines == ["count", "0"], "\(zero.output)")
            #expect(await forcekit("query", "SELECT Id FROM Account", "--csv", "--json").exitCode == 64)
        }
    }
}

extension DataFormatsCommandTests {
    @Test("data create, get, update and delete one record with Field=Value pairs typed from the describe, as sf data does")
    func recordVerbs() async throws {
        try await withLoggedInHome { _, _ in
            let created = await forcekit("data", "create", "Account", "Name=Acme, Inc.", "NumberOfEmployees=120", "Phone=5550100")
            #expect(created.exitCode == 0, "\(created.error)")
            let id = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(id.hasPrefix("001") && id.count == 18, "\(created.output)")
            #expect(await forcekit("data", "update", "Account", id, "Rating=Hot", "Phone=").exitCode == 0)
            let got = try jsonObject(await forcekit("data", "get", "Account", id, "--fields", "Name,NumberOfEmployees,Phone,Rating").output)
            #expect(got["Name"] as? String == "Acme, Inc." && got["NumberOfEmployees"] as? Int == 120)
            #expect(got["Phone"] is NSNull && got["Rating"] as? String == "Hot")

            let wrong = await forcekit("data", "create", "Account", "Name=x", "NumberOfEmployees=many")
            #expect(wrong.exitCode == 1 && wrong.error.contains("JSON_PARSER_ERROR"), "\(wrong.error)")
            #expect(await forcekit("data", "create", "Account", "Name").exitCode == 64)
            // No id: the first field stood where the id goes; a usage error, nothing sent.
            let noID = await forcekit("data", "update", "Account", "Industry=Retail", "Rating=Hot")
            #expect(noID.exitCode == 64 && noID.error.contains("The record's id comes before the fields"), "\(noID.error)")
            let oneField = await forcekit("data", "update", "Account", "Industry=Retail")
            #expect(oneField.exitCode == 64 && oneField.error.contains("The record's id comes before the fields"), "\(oneField.error)")
            #expect(await forcekit("data", "delete", "Account", id).exitCode == 0)
            let gone = await forcekit("data", "get", "Account", id)
            #expect(gone.exitCode == 1 && gone.error.contains("The requested resource does not exist"), "\(gone.error)")
        }
    }

    @Test("a child subquery's records show as nested rows in the table, and as JSON in a CSV cell")
    func subqueryRows() async throws {
        try await withLoggedInHome { _, _ in
            let created = await forcekit("data", "create", "Account", "Name=Nested Parent")
            let id = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
            for name in ["Ito", "Okafor"] {
                #expect(await forcekit("data", "create", "Contact", "LastName=\(name)", "AccountId=\(id)").exitCode == 0)
            }
            let soql = "SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName) FROM Account WHERE Id = '\(id)'"
            let table = await forcekit("query", soql)
            #expect(table.exitCode == 0, "\(table.error)")
            #expect(table.outputLines.contains { $0.hasPrefix("Nested Parent") && $0.hasSuffix("2 records") }, "\(table.output)")
            let nested = table.outputLines.filter { $0.hasPrefix("  Contacts:") }
            #expect(nested == ["  Contacts: LastName=Ito", "  Contacts: LastName=Okafor"], "\(table.output)")
            #expect(!table.output.contains("Contacts.done") && !table.output.contains("Contacts.records"))
            let csv = await forcekit("query", soql, "--csv")
            #expect(csv.outputLines.first == "Name,Contacts", "\(csv.output)")
            let rows = try BulkCSV.rows(Array(csv.output.utf8))
            let cell = try #require(rows.last?.last ?? nil)
            let children = try JSONSerialization.jsonObject(with: Data(cell.utf8)) as? [[String: Any]]
            #expect(children?.compactMap { $0["LastName"] as? String } == ["Ito", "Okafor"], "\(cell)")
        }
    }
}
