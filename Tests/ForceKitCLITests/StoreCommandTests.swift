import Foundation
import SalesforceCore
import Testing

@Suite("forcekit store")
struct StoreCommandTests {
    func json(_ result: CommandResult) throws -> JSON {
        try JSON(parsing: result.output)
    }

    @Test("register, soups, upsert (array and NDJSON), query, count and indexes print the contract's JSON")
    func roundTrip() async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("store.sqlite")
            #expect(
                await forcekit("store", "register", "Account", "--path", db, "--index", "Name:string", "--index", "Employees:integer")
                    .exitCode
                    == 0)
            #expect(try json(await forcekit("store", "soups", "--path", db)) == ["Account"])
            let array = try scratch.file(
                #"[{"Name": "Acme", "Employees": 120}, {"Name": "Globex", "Employees": 7}]"#, name: "accounts.json")
            let stored = try json(await forcekit("store", "upsert", "Account", array, "--path", db))
            #expect(stored.arrayValue?.map { $0["_soupEntryId"] } == [1, 2])
            let ndjson = try scratch.file("{\"Name\": \"Acme\", \"Employees\": 121}\n\n{\"Name\": \"Initech\"}\n", name: "more.ndjson")
            let updated = try json(await forcekit("store", "upsert", "Account", ndjson, "--external-id", "Name", "--path", db))
            #expect(updated.arrayValue?.map { $0["_soupEntryId"] } == [1, 3])

            let exact = try json(
                await forcekit(
                    "store", "query", "Account", "--path", db, "--spec", #"{"queryType": "exact", "indexPath": "Name", "matchKey": "Acme"}"#
                ))
            #expect(exact.arrayValue?.map { $0["Employees"] } == [121])
            let selected = try json(
                await forcekit(
                    "store", "query", "Account", "--path", db, "--spec",
                    #"{"queryType": "range", "indexPath": "Name", "selectPaths": ["Name", "Employees"], "orderPath": "Name", "order": "descending"}"#,
                    "--page-size", "2", "--page", "1"))
            #expect(selected == [["Acme", 121]])
            let smart = try json(
                await forcekit(
                    "store", "query", "--path", db, "--smart",
                    "select {Account:Name} from {Account} where {Account:Employees} > ? order by 1",
                    "--args", "[10]"))
            #expect(smart == [["Acme"]])
            #expect(try json(await forcekit("store", "count", "Account", "--path", db)) == 3)
            #expect(
                try json(
                    await forcekit(
                        "store", "count", "--path", db, "--smart", "select {Account:Name} from {Account} where {Account:Employees} is null")
                )
                    == 1)
            #expect(
                try json(await forcekit("store", "indexes", "Account", "--path", db)) == [
                    ["path": "Name", "type": "string"], ["path": "Employees", "type": "integer"],
                ])
        }
    }

    @Test("upsert --local with its default match path: an entry read back from the store updates it and is flagged updated")
    func localUpsertOfEntryReadBack() async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("store.sqlite")
            #expect(await forcekit("store", "register", "accounts", "--path", db, "--index", "Name:string").exitCode == 0)
            let new = try scratch.file(#"{"attributes": {"type": "Account"}, "Name": "Acme"}"#, name: "new.json")
            let created = try json(await forcekit("store", "upsert", "accounts", new, "--path", db, "--local"))
            var entry = try #require(created[0]?.objectValue)
            #expect(entry["__locally_created__"] == true)
            entry["Name"] = "Acme Corp"
            let edited = try scratch.file(JSON.object(entry).serialized(), name: "edited.json")
            let result = await forcekit("store", "upsert", "accounts", edited, "--path", db, "--local")
            #expect(result.exitCode == 0, "\(result.error)")
            let updated = try json(result)
            #expect(updated[0]?["_soupEntryId"] == entry["_soupEntryId"] && updated[0]?["Name"] == "Acme Corp")
            #expect(try json(await forcekit("store", "count", "accounts", "--path", db)) == 1)
        }
    }

    @Test("remove, clear, alter and drop change what later commands see")
    func edits() async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("store.sqlite")
            _ = await forcekit("store", "register", "s", "--path", db, "--index", "n:integer")
            let entries = try scratch.file((1...5).map { "{\"n\": \($0), \"tag\": \"t\($0)\"}" }.joined(separator: "\n"), name: "s.ndjson")
            _ = await forcekit("store", "upsert", "s", entries, "--path", db)
            #expect(try json(await forcekit("store", "remove", "s", "--ids", "1", "2", "99", "--path", db)) == 2)
            #expect(
                try json(
                    await forcekit(
                        "store", "remove", "s", "--spec", #"{"queryType": "range", "indexPath": "n", "beginKey": 5, "pageSize": 1}"#,
                        "--path",
                        db)) == 1)
            #expect(
                await forcekit("store", "alter", "s", "--index", "n:integer", "--index", "tag:string", "--reindex", "--path", db).exitCode
                    == 0)
            #expect(
                try json(
                    await forcekit(
                        "store", "count", "s", "--path", db, "--spec", #"{"queryType": "exact", "indexPath": "tag", "matchKey": "t3"}"#))
                    == 1)
            #expect(await forcekit("store", "clear", "s", "--path", db).exitCode == 0)
            #expect(try json(await forcekit("store", "count", "s", "--path", db)) == 0)
            #expect(await forcekit("store", "drop", "s", "--path", db).exitCode == 0)
            #expect(try json(await forcekit("store", "soups", "--path", db)) == [])
        }
    }

    @Test(
        "Errors print a message on stderr and exit 1",
        arguments: [
            (["store", "query", "Nope"], "Error: There is no soup named \"Nope\" in this store."),
            (
                ["store", "register", "X", "--index", "Name:date"],
                "Error: --index Name:date: \"date\" is not an index type; use one of string, integer, floating, full_text, json1"
            ),
            (["store", "register", "X", "--index", "Name"], "Error: --index Name needs the form PATH:TYPE, such as Name:string"),
            (["store", "register", "X"], "Error: The soup \"X\" needs at least one index spec."),
            (
                ["store", "query", "--smart", "delete from {s}"],
                "Error: The Smart SQL \"delete from {s}\" cannot run: only SELECT statements are allowed, not DELETE."
            ),
            (["store", "drop", "ghost"], "Error: There is no soup named \"ghost\" in this store."),
        ])
    func errors(arguments: [String], message: String) async throws {
        try await withScratch { scratch throws in
            try #require(
                await forcekit("store", "register", "s", "--index", "n:integer", "--path", scratch.path("store.sqlite")).exitCode == 0)
            let result = await forcekit(arguments + ["--path", scratch.path("store.sqlite")])
            #expect(result.exitCode == 1)
            #expect(result.error.hasPrefix(message), "\(result.error)")
            #expect(result.output.isEmpty)
        }
    }

    @Test(
        "Only register creates a store: every other command on a missing path is a usage error that says so and creates no file",
        arguments: [
            ["soups"], ["indexes", "s"], ["query", "s"], ["count", "s"], ["upsert", "s", "-"], ["remove", "s", "--ids", "1"],
            ["clear", "s"], ["drop", "s"], ["alter", "s", "--index", "n:string"],
        ])
    func missingStore(arguments: [String]) async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("typo.sqlite")
            let result = await forcekit(["store"] + arguments + ["--path", db])
            // A missing file is a usage error in every command.
            #expect(result.exitCode == 64)
            #expect(
                result.error.hasPrefix(
                    "Error: --path \(db): there is no store there. Check the path, or create one with forcekit store register.\n"),
                "\(result.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == [])
        }
    }

    @Test("soups, indexes, query and count leave the store's files byte for byte as they were")
    func readsLeaveFilesAlone() async throws {
        try await withScratch { scratch throws in
            let db = scratch.path("store.sqlite")
            try #require(await forcekit("store", "register", "s", "--index", "n:integer", "--path", db).exitCode == 0)
            let entries = try scratch.file(#"[{"n": 1}, {"n": 2}]"#, name: "entries.json")
            try #require(await forcekit("store", "upsert", "s", entries, "--path", db).exitCode == 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: db))
            for command in [["soups"], ["indexes", "s"], ["query", "s"], ["count", "s"]] {
                #expect(await forcekit(["store"] + command + ["--path", db]).exitCode == 0)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
            // A command that writes does change it, so the comparison above can fail.
            try #require(await forcekit("store", "clear", "s", "--path", db).exitCode == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)) != before)
        }
    }

    @Test("A file that is not a database is an error, and the file is left alone")
    func notADatabase() async throws {
        try await withScratch { scratch throws in
            let path = try scratch.file("just some text, not SQLite", name: "notes.txt")
            let result = await forcekit("store", "soups", "--path", path)
            #expect(result.exitCode == 1)
            #expect(result.error.contains("notes.txt is not a SmartStore database"))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some text, not SQLite")
        }
    }

    @Test("Usage mistakes exit 64")
    func usage() async throws {
        try await withScratch { scratch throws in
            #expect(await forcekit("store", "query", "--path", scratch.path("store.sqlite")).exitCode == 64)
            #expect(await forcekit("store", "remove", "s", "--path", scratch.path("store.sqlite")).exitCode == 64)
            #expect(await forcekit("store", "query", "s", "--smart", "select 1", "--path", scratch.path("store.sqlite")).exitCode == 64)
        }
    }
}
