import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore
import Testing

@Suite("forcekit sync against LocalOrg")
struct SyncCommandTests {
    @Test("down, local edits, up with a conflict, conflicts, resolve, resync, list, status, clean-ghosts and delete")
    func roundTrip() async throws {
        try await withLoggedInHome { org, home in
            let db = home.appendingPathComponent("app.sqlite").path
            let query = "SELECT Name, Industry FROM Account WHERE Name LIKE 'A%'"
            let down = await forcekit("sync", "down", "accounts", "--path", db, "--query", query, "--name", "accounts")
            #expect(down.exitCode == 0, "\(down.error)")
            let state = try JSON(parsing: down.output)
            #expect(state["status"] == "DONE" && state["name"] == "accounts" && state["type"] == "syncDown")
            let synced = try #require(state["recordsSynced"]?.integerValue)
            #expect(synced > 0 && state["totalSize"]?.integerValue == synced)
            #expect(down.error.contains("sync \(state["_soupEntryId"]?.integerValue ?? 0) syncDown: "))
            // Progress ends at 100%, not at the last running update's 99%.
            let lastProgress = down.error.split(separator: "\n").last { $0.hasPrefix("sync ") }
            #expect(lastProgress?.hasSuffix("100% (\(synced) synced of \(synced)), done") == true, "\(down.error)")

            // One record edited locally, and on the server by someone else; one created locally.
            let records = try JSON(parsing: await forcekit("store", "query", "accounts", "--path", db, "--page-size", "2").output)
            let first = try #require(records.arrayValue?.first)
            let id = try #require(first["Id"]?.stringValue)
            org.clock.advance(by: 2)
            let serverEdit = await forcekit("api", "PATCH", "sobjects/Account/\(id)", "--data", #"{"Name": "Server name"}"#)
            #expect(serverEdit.exitCode == 0, "\(serverEdit.error)")
            let edits = home.appendingPathComponent("edits.json")
            try Data(#"[{"Id": "\#(id)", "Name": "My name"}, {"Name": "Brand New", "attributes": {"type": "Account"}}]"#.utf8)
                .write(to: edits)
            let local = await forcekit("store", "upsert", "accounts", edits.path, "--path", db, "--external-id", "Id", "--local")
            #expect(local.exitCode == 0, "\(local.error)")

            let up = await forcekit("sync", "up", "accounts", "--path", db, "--fields", "Name", "--merge", "leave-if-changed")
            #expect(up.exitCode == 1)
            let upState = try JSON(parsing: up.output)
            #expect(upState["status"] == "DONE" && upState["recordsSynced"] == 1 && upState["recordsConflicted"] == 1)
            // The hint runs as printed: it names the store.
            #expect(up.error.contains("forcekit sync conflicts accounts --path \(db) lists them"), "\(up.error)")

            let conflicts = await forcekit("sync", "conflicts", "accounts", "--path", db)
            let conflict = try JSON(parsing: try #require(conflicts.outputLines.first))
            #expect(conflict["local"]?["Name"] == "My name" && conflict["server"]?["Name"] == "Server name")
            #expect(conflict["soupEntryId"]?.integerValue != nil && conflict["id"] == .string(id))
            let typo = await forcekit("sync", "resolve", "accounts", "Acme", "--keep", "mine", "--path", db)
            #expect(typo.exitCode == 1 && typo.error.contains("neither a Salesforce Id nor a soup entry id"))
            // A user knows the record by its Salesforce Id, which `sync conflicts` shows.
            let resolved = await forcekit("sync", "resolve", "accounts", id, "--keep", "mine", "--path", db)
            #expect(resolved.exitCode == 0, "\(resolved.error)")
            #expect(
                resolved.output.hasPrefix("Kept the device's version of \(id): the next sync up writes it over the server's"),
                "\(resolved.output)")
            let again = await forcekit("sync", "up", "accounts", "--path", db, "--fields", "Name", "--merge", "leave-if-changed")
            #expect(again.exitCode == 0, "\(again.error)")
            let named = await forcekit("api", "GET", "sobjects/Account/\(id)")
            #expect(named.output.contains("\"Name\": \"My name\""))

            let resync = await forcekit("sync", "resync", "accounts", "--path", db)
            #expect(resync.exitCode == 0)
            #expect(try JSON(parsing: resync.output)["status"] == "DONE")
            let list = await forcekit("sync", "list", "--path", db)
            #expect(list.outputLines.count == 3)
            let status = await forcekit("sync", "status", "accounts", "--path", db)
            #expect(try JSON(parsing: status.output)["name"] == "accounts")
            // "My name" no longer matches Name LIKE 'A%': it is the one ghost; "Brand New" was not brought by this sync.
            let ghosts = await forcekit("sync", "clean-ghosts", "accounts", "--path", db)
            #expect(ghosts.output == "1\n", "\(ghosts.error)")
            let names = await forcekit(
                "store", "query", "--path", db, "--smart", "select {accounts:Name} from {accounts}", "--page-size", "1000")
            #expect(!names.output.contains("My name") && names.output.contains("Brand New"))
            #expect(await forcekit("sync", "delete", "accounts", "--path", db).exitCode == 0)
            let missing = await forcekit("sync", "status", "accounts", "--path", db)
            #expect(missing.exitCode == 1 && missing.error.contains("no sync is named or numbered accounts"))
        }
    }

    @Test("conflicts --text shows each field as last synced, here and on the server; resolve --keep merge keeps both sides' edits")
    func fieldByFieldMerge() async throws {
        try await withLoggedInHome { org, home in
            let db = home.appendingPathComponent("app.sqlite").path
            let query = "SELECT Name, Phone FROM Account WHERE Name LIKE 'A%' ORDER BY Name"
            let down = await forcekit("sync", "down", "accounts", "--path", db, "--query", query, "--name", "accounts", "--text")
            #expect(down.exitCode == 0, "\(down.error)")
            #expect(down.output.hasPrefix("sync ") && down.output.contains(" accounts (down, soup accounts): DONE, "), "\(down.output)")
            let records = try JSON(parsing: await forcekit("store", "query", "accounts", "--path", db, "--page-size", "2").output)
            let ids = try (records.arrayValue ?? []).map { try #require($0["Id"]?.stringValue) }
            let names = (records.arrayValue ?? []).map { $0["Name"]?.stringValue ?? "" }
            let phone = try #require(records[0]?["Phone"]?.stringValue)
            try #require(ids.count == 2)

            // Both records: the server changes the Phone (and the second's Name too), the device the Name.
            org.clock.advance(by: 2)
            for (index, id) in ids.enumerated() {
                let body = index == 0 ? #"{"Phone": "555-0100"}"# : #"{"Phone": "555-0101", "Name": "Server name"}"#
                #expect(await forcekit("api", "PATCH", "sobjects/Account/\(id)", "--data", body).exitCode == 0)
            }
            let edits = home.appendingPathComponent("edits.json")
            try Data(#"[{"Id": "\#(ids[0])", "Name": "Mine 0"}, {"Id": "\#(ids[1])", "Name": "Mine 1"}]"#.utf8).write(to: edits)
            #expect(await forcekit("store", "upsert", "accounts", edits.path, "--path", db, "--external-id", "Id", "--local").exitCode == 0)
            let up = await forcekit(
                "sync", "up", "accounts", "--path", db, "--fields", "Name,Phone", "--merge", "leave-if-changed", "--text")
            #expect(up.exitCode == 1 && up.output.contains("0 synced, 0 failed, 2 conflicted"), "\(up.output)")

            let text = await forcekit("sync", "conflicts", "accounts", "--path", db, "--text")
            #expect(text.exitCode == 0, "\(text.error)")
            let lines = text.outputLines
            #expect(lines.first == "\(ids[0]) (soup entry 1): changed here and on the server", "\(text.output)")
            #expect(lines.contains(#"  Name   base "\#(names[0])"  local "Mine 0"  server "\#(names[0])""#), "\(text.output)")
            #expect(lines.contains(#"  Phone  base "\#(phone)"  local "\#(phone)"  server "555-0100""#), "\(text.output)")
            #expect(
                lines.contains(#"  Name   base "\#(names[1])"  local "Mine 1"  server "Server name"  (both changed)"#), "\(text.output)")
            #expect(text.error.contains("forcekit sync resolve accounts ID --keep mine|theirs|merge --path \(db)"))
            let json = try JSON(parsing: try #require(await forcekit("sync", "conflicts", "accounts", "--path", db).outputLines.first))
            #expect(json["fields"]?["Phone"] == JSON.object(["base": .string(phone), "local": .string(phone), "server": "555-0100"]))
            #expect(json["fields"]?.objectValue?.keys.sorted() == ["Name", "Phone"])

            let misuse = await forcekit("sync", "resolve", "accounts", ids[0], "--keep", "mine", "--theirs-for", "Name", "--path", db)
            #expect(misuse.exitCode == 64 && misuse.error.contains("--theirs-for"), "\(misuse.error)")
            let unknown = await forcekit("sync", "resolve", "accounts", ids[0], "--keep", "merge", "--theirs-for", "Nmae", "--path", db)
            #expect(unknown.exitCode == 1 && unknown.error.contains("Nmae is not a field that differs"), "\(unknown.error)")
            #expect(await forcekit("sync", "resolve", "accounts", ids[0], "--keep", "merge", "--path", db).exitCode == 0)
            let second = await forcekit("sync", "resolve", "accounts", ids[1], "--keep", "merge", "--theirs-for", "Name", "--path", db)
            #expect(second.exitCode == 0, "\(second.error)")
            #expect(
                second.output.contains("Merged \(ids[1]): the server's version with the device's")
                    && second.output.contains("the server's Name"), "\(second.output)")
            let again = await forcekit("sync", "up", "accounts", "--path", db, "--fields", "Name,Phone", "--merge", "leave-if-changed")
            #expect(again.exitCode == 0, "\(again.error)")

            // Each side's edit is on the server: the device's Name and the server's Phone; the
            // second record keeps the server's Name, as --theirs-for asked.
            let onServer = await forcekit(
                "query", "SELECT Name, Phone FROM Account WHERE Id IN ('\(ids[0])', '\(ids[1])') ORDER BY Phone", "--csv")
            #expect(onServer.output == "Name,Phone\nMine 0,555-0100\nServer name,555-0101\n", "\(onServer.output)\(onServer.error)")
            let list = await forcekit("sync", "list", "--path", db, "--text")
            #expect(list.outputLines.count == 3 && list.outputLines.allSatisfy { $0.hasPrefix("sync ") }, "\(list.output)")
        }
    }

    @Test("up --external-id upserts new records by it: the same record created on two devices is one record on the server")
    func externalId() async throws {
        try await withLoggedInHome { _, home in
            let phone = home.appendingPathComponent("phone.sqlite").path
            let tablet = home.appendingPathComponent("tablet.sqlite").path
            let record = home.appendingPathComponent("record.json")
            try Data(#"[{"Name": "Twice Co", "External_Id__c": "TWICE-1", "attributes": {"type": "Account"}}]"#.utf8).write(to: record)
            for db in [phone, tablet] {
                let register = await forcekit(
                    "store", "register", "accounts", "--path", db, "--index", "Id:string", "--index", "__local__:string")
                #expect(register.exitCode == 0, "\(register.error)")
                #expect(await forcekit("store", "upsert", "accounts", record.path, "--path", db, "--local").exitCode == 0)
                let up = await forcekit("sync", "up", "accounts", "--path", db, "--fields", "Name", "--external-id", "External_Id__c")
                #expect(up.exitCode == 0, "\(up.error)")
            }
            let count = await forcekit("query", "SELECT Id FROM Account WHERE External_Id__c = 'TWICE-1'")
            #expect(count.exitCode == 0 && count.output.hasSuffix("\n1 record\n"), "\(count.output)")
        }
    }

    @Test("Usage mistakes are refused before anything runs")
    func usage() async throws {
        try await withTemporaryDirectory { home throws in
            let db = home.appendingPathComponent("app.sqlite").path
            #expect(await forcekit("sync", "down", "accounts", "--path", db).exitCode == 64)
            #expect(await forcekit("sync", "down", "accounts", "--path", db, "--mru", "Account").exitCode == 64)
            #expect(await forcekit("sync", "up", "accounts", "--path", db).exitCode == 64)
            #expect(!FileManager.default.fileExists(atPath: db))
        }
    }
}
