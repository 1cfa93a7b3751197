import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("Full-text search")
struct FullTextTests {
    /// The guide's animals: name and color indexed full_text, ids 1 to 5 as in §12.2.
    func withAnimals(_ body: (SmartStore) async throws -> Void) async throws {
        try await withStore { store throws in
            try await store.registerSoup("animals", indexSpecs: [fullText("name"), fullText("color")])
            try await store.upsert(
                entries: [
                    ["id": 1, "name": "cat", "color": "black"], ["id": 2, "name": "cat", "color": "white"],
                    ["id": 3, "name": "dog", "color": "black"], ["id": 4, "name": "dog", "color": "brown"],
                    ["id": 5, "name": "dog", "color": "white"],
                ], inSoup: "animals")
            try await body(store)
        }
    }

    func ids(_ store: SmartStore, path: String?, _ key: String) async throws -> Set<Int64> {
        let spec = QuerySpec.buildMatchQuerySpec(soupName: "animals", path: path, matchKey: key, pageSize: 100)
        return Set(try await store.query(using: spec).compactMap { $0["id"]?.integerValue })
    }

    @Test(
        "The guide's match examples a to k (with D1's correction for b*)",
        arguments: [
            (nil, "black", [1, 3]), (nil, "black cat", [1]), (nil, "black OR cat", [1, 2, 3]), (nil, "b*", [1, 3, 4]),
            (nil, "black NOT cat", [3]), (nil, "{animals:color}:black NOT cat", [3]),
            ("color", "black", [1, 3]), ("color", "black cat", []), ("color", "black OR cat", [1, 3]), ("color", "b*", [1, 3, 4]),
            ("color", "black NOT cat", [1, 3]),
        ] as [(String?, String, [Int64])])
    func guideExamples(path: String?, key: String, expected: [Int64]) async throws {
        try await withAnimals { store throws in
            #expect(try await ids(store, path: path, key) == Set(expected))
        }
    }

    @Test("Phrases must occur in one field (T-FTS-12)")
    func phrases() async throws {
        try await withAnimals { store throws in
            try await store.upsert(entries: [["id": 6, "name": "cat", "color": "black white"]], inSoup: "animals")
            #expect(try await ids(store, path: nil, "\"black white\"") == [6])
            #expect(try await ids(store, path: nil, "\"white black\"") == [])
            #expect(try await ids(store, path: nil, "\"cat black\"") == [])
        }
    }

    @Test("The full-text index follows updates and deletes (T-FTS-13)")
    func followsChanges() async throws {
        try await withAnimals { store throws in
            let first = try await store.query(
                using: .buildExactQuerySpec(soupName: "animals", path: "name", matchKey: "cat", orderPath: "_soupEntryId"))[0]
            var changed = first.objectValue!
            changed["color"] = "white"
            try await store.upsert(entries: [.object(changed)], inSoup: "animals")
            #expect(try await ids(store, path: "color", "black") == [3])
            try await store.removeEntries(
                usingQuerySpec: .buildMatchQuerySpec(soupName: "animals", path: "color", matchKey: "black"), inSoup: "animals")
            #expect(try await ids(store, path: "color", "black") == [])
            try await store.clearSoup("animals")
            #expect(try await ids(store, path: nil, "dog OR cat") == [])
        }
    }

    @Test("A full_text path acts as a string in exact queries (T-FTSASSTR-1)")
    func exactOnFullText() async throws {
        try await withAnimals { store throws in
            #expect(try await store.idSet(.buildExactQuerySpec(soupName: "animals", path: "name", matchKey: "cat")) == [1, 2])
        }
    }

    @Test("Ordering, prefixes and NOT across several full-text fields (T-FTS-14)")
    func upstreamScenarios() async throws {
        try await withStore { store throws in
            try await store.registerSoup("animals", indexSpecs: [string("name"), fullText("description"), fullText("colors")])
            try await store.upsert(
                entries: [
                    ["name": "elephant", "description": "large mammals", "colors": "grey"],
                    ["name": "cat", "description": "small mammals", "colors": "black tabby white"],
                    ["name": "dog", "description": "medium mammals", "colors": "grey black"],
                    ["name": "lizard", "description": "small reptilian", "colors": "black green white"],
                ], inSoup: "animals")
            func names(_ path: String?, _ key: String, _ order: QuerySpec.SortOrder = .ascending, by orderPath: String? = "name")
                async throws -> [JSON]
            {
                try await store.values(
                    "name", .buildMatchQuerySpec(soupName: "animals", path: path, matchKey: key, orderPath: orderPath, order: order))
            }
            #expect(try await names(nil, "grey") == ["dog", "elephant"])
            #expect(try await names(nil, "small black", .descending) == ["lizard", "cat"])
            #expect(try await names(nil, "gr*") == ["dog", "elephant", "lizard"])
            #expect(try await names(nil, "black NOT tabby", .descending) == ["lizard", "dog"])
            #expect(try await names(nil, "gr* NOT small") == ["dog", "elephant"])
            #expect(
                try await store.values("name", .buildMatchQuerySpec(soupName: "animals", path: "colors", matchKey: "grey")) == [
                    "elephant", "dog",
                ])
            #expect(try await names("colors", "white black") == ["cat", "lizard"])
            #expect(try await names("description", "m* NOT small") == ["dog", "elephant"])
        }
    }

    @Test("Invalid match keys and paths are clear errors")
    func errors() async throws {
        try await withAnimals { store throws in
            await #expect { try await ids(store, path: nil, "black AND (") } throws: { error in
                guard let error = error as? SmartStoreError, error.code == .invalidMatchQuery else { return false }
                return error.message.hasPrefix("The match key \"black AND (\" is not a valid full-text query: ")
            }
            await #expect(throws: SmartStoreError.invalidQuerySpec("\"id\" is not a full_text index of the soup \"animals\"")) {
                try await ids(store, path: "id", "x")
            }
            await #expect(
                throws: SmartStoreError.invalidMatchQuery(
                    matchKey: "{animals:id}:1", reason: "{animals:id} is not a full_text index of the soup \"animals\"")
            ) {
                try await ids(store, path: nil, "{animals:id}:1")
            }
        }
    }
}
