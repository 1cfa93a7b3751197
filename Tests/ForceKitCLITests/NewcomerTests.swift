import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import Testing

@testable import ForceKitCLI

/// What got in a new user's way at the command line, each now said plainly.
@Suite("The CLI as a newcomer meets it")
struct NewcomerTests {
    @Test("a misspelled command suggests the closest one; an unknown one lists the commands; both are usage errors")
    func misspelledCommands() async {
        let query = await forcekit("qurey", "SELECT Id FROM Account")
        #expect(query.exitCode == 64 && query.error.contains("Did you mean 'query'?"))
        let register = await forcekit("store", "regster", "Account")
        #expect(register.exitCode == 64 && register.error.contains("forcekit store command. Did you mean 'register'?"))
        let unknown = await forcekit("zzzz")
        #expect(unknown.exitCode == 64 && unknown.error.contains("The commands are: quickstart, create, serve, login"))
        #expect(ForceKitCommand.editDistance("kitten", "sitting") == 3 && ForceKitCommand.editDistance("", "ab") == 2)
    }

    @Test("forcekit help COMMAND shows that command's help, as the help screens tell users to run it")
    func helpCommand() async {
        for path in [["query"], ["sync", "down"], ["hybrid", "serve"]] {
            let help = await forcekit(["help"] + path)
            // The help is what ArgumentParser hands back for a help request; the binary prints it on standard output.
            #expect(help.exitCode == 0, "\(path): \(help.error)")
            #expect((help.output + help.error).contains("USAGE: forcekit \(path.joined(separator: " "))"), "\(path)")
        }
    }

    @Test("a wrong password says so; query keeps the SELECT's column order and says what COUNT() counted")
    func queryColumns() async throws {
        try await withLocalOrg(seed: true) { org throws in
            try await withTemporaryDirectory { home throws in
                await CLIEnvironment.$home.withValue(home) {
                    _ = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username, "--password",
                        org.credentials.password)
                    let wrong = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", org.credentials.username, "--password", "wrong")
                    #expect(wrong.exitCode == 1 && wrong.error.contains("the username or password is wrong"), "\(wrong.error)")
                    let table = await forcekit("query", "SELECT Name, Industry, Id, Owner.Name FROM Account ORDER BY Name LIMIT 1")
                    #expect(table.exitCode == 0, "\(table.error)")
                    let header = table.outputLines.first?.split(separator: " ").map(String.init)
                    #expect(header == ["Name", "Industry", "Id", "Owner.Name"])
                    let count = await forcekit("query", "SELECT COUNT() FROM Account")
                    #expect(count.outputLines.last?.hasSuffix("records counted") == true && count.outputLines.last != "0 records counted")
                }
            }
        }
    }

    @Test("store register confirms; store query says when it shows one page of several; errors name CLI commands")
    func storeMessages() async throws {
        try await withScratch { scratch throws in
            let path = scratch.path("app.sqlite")
            let register = await forcekit("store", "register", "Account", "--path", path, "--index", "Name:string")
            #expect(register.exitCode == 0)
            let confirmed = try jsonObject(register.output.replacingOccurrences(of: "\n", with: " "))
            #expect(confirmed["registered"] as? String == "Account")
            let entries = (0..<15).map { #"{"Name": "Co \#($0)"}"# }.joined(separator: ",")
            let file = try scratch.file("[\(entries)]", name: "entries.json")
            #expect(await forcekit("store", "upsert", "Account", file, "--path", path).exitCode == 0)
            let page = await forcekit("store", "query", "Account", "--path", path)
            #expect(page.exitCode == 0 && page.error.contains("page 1 of 2 (15 results, 10 a page)"), "\(page.error)")
            let missing = await forcekit("store", "query", "Nope", "--path", path)
            #expect(missing.exitCode == 1 && missing.error.contains("forcekit store register") && !missing.error.contains("registerSoup"))
        }
    }
}
