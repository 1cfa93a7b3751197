import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("Registering and managing soups")
struct RegistrationTests {
    @Test("A registered soup exists and reports its index specs in order (T-REG-1)")
    func register() async throws {
        try await withStore { store throws in
            let specs = [string("Name"), string("Id"), string("OwnerId")]
            try await store.registerSoup("Account", indexSpecs: specs)
            #expect(try await store.soupExists("Account"))
            #expect(try await store.indexSpecs(inSoup: "Account") == specs)
            #expect(try await store.soupExists("account") == false)
        }
    }

    @Test("Registering needs at least one index, a name, and known types (T-REG-2, 3, 7)")
    func invalidRegistrations() async throws {
        try await withStore { store throws in
            await #expect(throws: SmartStoreError.noIndexSpecs(soup: "Empty")) { try await store.registerSoup("Empty", indexSpecs: []) }
            #expect(try await store.soupExists("Empty") == false)
            await #expect(throws: SmartStoreError.invalidSoupName("")) { try await store.registerSoup("", indexSpecs: [string("a")]) }
            #expect(throws: SmartStoreError.unknownIndexType("date")) { try IndexType(validating: "date") }
            await #expect(throws: SmartStoreError.duplicateIndexPath("a")) {
                try await store.registerSoup("Twice", indexSpecs: [string("a"), integer("a")])
            }
            await #expect(throws: SmartStoreError.invalidIndexPath("a..b", reason: "it has an empty segment")) {
                try await store.registerSoup("Bad", indexSpecs: [string("a..b")])
            }
            await #expect(throws: SmartStoreError.invalidIndexPath("_soupEntryId", reason: "it is a system field")) {
                try await store.registerSoup("Bad", indexSpecs: [integer("_soupEntryId")])
            }
            #expect(try await store.allSoupNames() == [])
        }
    }

    @Test("Registering an existing soup keeps its specs and data (T-REG-4)")
    func reregister() async throws {
        try await withStore { store throws in
            try await store.registerSoup("Account", indexSpecs: [string("Name")])
            try await store.upsert(entries: [["Name": "Acme"]], inSoup: "Account")
            try await store.registerSoup("Account", indexSpecs: [integer("Other")])
            #expect(try await store.indexSpecs(inSoup: "Account") == [string("Name")])
            #expect(try await store.allEntries("Account").count == 1)
        }
    }

    @Test("External storage cannot be combined with json1 indexes (T-REG-5)")
    func externalJSON1() async throws {
        try await withStore { store throws in
            let spec = SoupSpec(name: "ChickenSoup", features: [.externalStorage])
            await #expect(throws: SmartStoreError.json1WithExternalStorage(soup: "ChickenSoup", path: "x")) {
                try await store.registerSoup(spec, indexSpecs: [string("name"), IndexSpec(path: "x", type: .json1)])
            }
            #expect(try await store.soupExists("ChickenSoup") == false)
        }
    }

    @Test("Every index type registers (T-REG-6), and arbitrary soup names work (T-NAMES-1)")
    func everyType() async throws {
        try await withStore { store throws in
            let name = "123This should-be a_valid.soup+name!?100"
            let specs = IndexType.allCases.map { IndexSpec(path: "field_\($0.rawValue)", type: $0) }
            try await store.registerSoup(name, indexSpecs: specs)
            #expect(try await store.indexSpecs(inSoup: name) == specs)
            try await store.upsert(entries: [["field_string": "x", "field_integer": 3]], inSoup: name)
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: name, path: "field_integer", matchKey: 3)) == 1)
        }
    }

    @Test("Clearing keeps the soup and its specs; removing drops it (T-CLR-1, T-DROP-1)")
    func clearAndRemove() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("a")])
            try await store.upsert(entries: [["a": "1"], ["a": "2"], ["a": "3"]], inSoup: "s")
            try await store.clearSoup("s")
            #expect(try await store.allEntries("s").isEmpty)
            #expect(try await store.indexSpecs(inSoup: "s") == [string("a")])
            try await store.removeSoup("s")
            #expect(try await store.soupExists("s") == false)
            await #expect(throws: SmartStoreError.soupNotFound("s")) { try await store.allEntries("s") }
            try await store.removeSoup("s")
            await #expect(throws: SmartStoreError.soupNotFound("nope")) { try await store.clearSoup("nope") }
            await #expect(throws: SmartStoreError.soupNotFound("nope")) { try await store.indexSpecs(inSoup: "nope") }
        }
    }

    @Test("Soup names are listed sorted; the database size grows with entries (T-SIZE-1)")
    func namesAndSize() async throws {
        try await withStore { store throws in
            try await store.registerSoup("b", indexSpecs: [string("x")])
            try await store.registerSoup("a", indexSpecs: [string("x")])
            #expect(try await store.allSoupNames() == ["a", "b"])
            let before = await store.databaseSize()
            #expect(before > 0)
            let entries: [JSON] = (0..<2_000).map { ["x": .string(String(repeating: "v", count: 200) + "\($0)")] }
            try await store.upsert(entries: entries, inSoup: "a")
            #expect(await store.databaseSize() > before + 200_000)
        }
    }

    @Test("Error messages name the input and say what to do")
    func messages() {
        let error = SmartStoreError.pathNotIndexed(soup: "Account", path: "Phone")
        #expect(
            error.description
                == "The soup \"Account\" has no index on \"Phone\". Add an index spec for the path with alterSoup, or query it through Smart SQL."
        )
    }
}
