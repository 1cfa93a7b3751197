import ForceKitTestSupport
import Foundation
import SalesforceCore
import SalesforceKeys
import SmartStore
import Testing

@Suite("Stores and config files")
struct StoreManagerTests {
    let alice: UserIdentity
    let bob: UserIdentity

    init() throws {
        alice = try UserIdentity(orgID: "00D000000000001", userID: "005000000000001")
        bob = try UserIdentity(orgID: "00D000000000001", userID: "005000000000002")
    }

    @Test("One user, one folder: 15- and 18-character ids of the same user open the same store; a community has its own")
    func oneFolderPerUser() async throws {
        try await withTemporaryDirectory { root throws in
            let manager = SmartStoreManager(rootDirectory: root, protection: .plaintext)
            let short = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5W")
            let long = try UserIdentity(orgID: short.orgID.id18, userID: short.userID.id18)
            #expect(long.orgID.id18.count == 18 && long == short)
            let store = try await manager.store(for: short)
            try await store.registerSoup("notes", indexSpecs: [string("title")])
            #expect(try await manager.store(for: long) === store)
            let users = root.appendingPathComponent("users")
            #expect(try FileManager.default.contentsOfDirectory(atPath: users.path) == [short.orgID.id18])
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: users.appendingPathComponent(short.orgID.id18).path) == [
                    short.userID.id18
                ])
            var inCommunity = short
            inCommunity.communityID = try SalesforceID("0DB000000000001")
            #expect(try await manager.store(for: inCommunity).soupExists("notes") == false)
        }
    }

    @Test("Many first opens of one store at once, encrypted: all succeed, with the one store", arguments: [2, 8])
    func concurrentFirstOpens(callers: Int) async throws {
        try await withTemporaryDirectory { root throws in
            let manager = SmartStoreManager(rootDirectory: root, protection: .encrypted(keyStore: InMemoryKeyStore()))
            let user = alice
            let stores = try await withThrowingTaskGroup(of: SmartStore.self) { group in
                for _ in 0..<callers { group.addTask { try await manager.store(for: user) } }
                return try await group.reduce(into: [SmartStore]()) { $0.append($1) }
            }
            #expect(stores.count == callers && stores.allSatisfy { $0 === stores[0] })
            try await stores[0].registerSoup("notes", indexSpecs: [string("title")])
            #expect(try await manager.store(for: user).soupExists("notes"))
        }
    }

    @Test("A user store and a global store of the same name are distinct (T-STORE-1, T-STORE-2)")
    func distinctSpaces() async throws {
        try await withTemporaryDirectory { root throws in
            let manager = SmartStoreManager(rootDirectory: root)
            let user = try await manager.store(named: "Store1", for: alice)
            let global = try await manager.globalStore(named: "Store1")
            try await user.registerSoup("s", indexSpecs: [string("a")])
            #expect(try await global.soupExists("s") == false)
            #expect(try await manager.store(named: "Store1", for: alice) === user)
            #expect(try await manager.store(for: alice).soupExists("s") == false)
            #expect(try await manager.store(named: "Store1", for: bob).soupExists("s") == false)
        }
    }

    @Test("Removal and listing; global stores survive a user's logout (T-STORE-3, T-STORE-4)")
    func removal() async throws {
        try await withTemporaryDirectory { root throws in
            let manager = SmartStoreManager(rootDirectory: root)
            _ = try await manager.store(for: alice)
            _ = try await manager.store(named: "Store1", for: alice)
            let cache = try await manager.globalStore(named: "cache")
            _ = try await manager.globalStore(named: "other")
            try await cache.registerSoup("kept", indexSpecs: [string("a")])
            #expect(await manager.allStoreNames(for: alice) == ["Store1", "defaultStore"])
            #expect(await manager.allGlobalStoreNames() == ["cache", "other"])
            try await manager.removeGlobalStore(named: "other")
            #expect(await manager.allGlobalStoreNames() == ["cache"])
            try await manager.removeAllStores(for: alice)
            #expect(await manager.allStoreNames(for: alice) == [])
            #expect(try await manager.globalStore(named: "cache").soupExists("kept"))
            #expect(await manager.globalStoreExists(named: "cache"))
        }
    }

    @Test("Store names that are not file names are refused", arguments: ["", "../escape", "a/b", ".hidden", "nul\u{0}"])
    func badNames(name: String) async throws {
        try await withTemporaryDirectory { root throws in
            let manager = SmartStoreManager(rootDirectory: root)
            await #expect(throws: SmartStoreError.invalidStoreName(name)) { try await manager.globalStore(named: name) }
        }
    }

    static let guideConfig = """
        {  "soups": [
            { "soupName": "soup1", "indexes": [
                { "path": "stringField1", "type": "string"}, { "path": "integerField1", "type": "integer"},
                { "path": "floatingField1", "type": "floating"}, { "path": "json1Field1", "type": "json1"},
                { "path": "ftsField1", "type": "full_text"} ] },
            { "soupName": "soup2", "indexes": [
                { "path": "stringField2", "type": "string"}, { "path": "integerField2", "type": "integer"},
                { "path": "floatingField2", "type": "floating"}, { "path": "json1Field2", "type": "json1"},
                { "path": "ftsField2", "type": "full_text"} ] }
        ] }
        """

    @Test("userstore.json and globalstore.json register their soups; existing soups are kept (T-CFG-1, T-CFG-2)")
    func configFiles() async throws {
        try await withTemporaryDirectory { root throws in
            let manager = SmartStoreManager(rootDirectory: root)
            let config = try StoreConfig(json: Array(Self.guideConfig.utf8))
            try await manager.store(for: alice).registerSoup("soup1", indexSpecs: [string("other")])
            try await manager.setupUserStore(fromConfig: config, for: alice)
            try await manager.setupGlobalStore(fromConfig: config)
            let user = try await manager.store(for: alice)
            #expect(try await user.indexSpecs(inSoup: "soup1") == [string("other")])
            #expect(try await user.indexSpecs(inSoup: "soup2").map(\.type) == [.string, .integer, .floating, .json1, .fullText])
            #expect(try await manager.globalStore().allSoupNames() == ["soup1", "soup2"])
        }
    }

    @Test(
        "Bad config files are clear errors",
        arguments: [
            (#"{"soups": [{"soupName": "a", "indexes": [{"path": "d", "type": "date"}]}]}"#, SmartStoreError.unknownIndexType("date")),
            (#"{"soupz": []}"#, .invalidStoreConfig("there is no \"soups\" array")),
            (#"{"soups": [{"indexes": []}]}"#, .invalidStoreConfig("soup 1 has no \"soupName\" string")),
            (
                #"{"soups": [{"soupName": "a", "indexes": [{"path": 1}]}]}"#,
                .invalidStoreConfig("an index of the soup \"a\" lacks a \"path\" or \"type\" string")
            ),
        ])
    func badConfigs(text: String, error: SmartStoreError) {
        #expect(throws: error) { try StoreConfig(json: Array(text.utf8)) }
    }

    @Test("The Swift tutorial's flow: config, clear, upsert, Smart SQL (T-CFG-3)")
    func tutorial() async throws {
        try await withStore { store throws in
            let config = try StoreConfig(
                json: Array(
                    #"{"soups": [{"soupName": "User", "indexes": [{"path": "Name", "type": "string"}, {"path": "Id", "type": "string"}]}]}"#
                        .utf8))
            try await store.registerSoups(fromConfig: config)
            try await store.clearSoup("User")
            try await store.upsert(entries: [["Name": "A", "Id": "1"], ["Name": "B", "Id": "2"]], inSoup: "User")
            let spec = QuerySpec.buildSmartQuerySpec(smartSQL: "select {User:Name}, {User:Id} from {User}", pageSize: 10)
            let rows = try await store.query(using: spec, startingFromPageIndex: 0).map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
            #expect(Set(rows) == [["A", "1"], ["B", "2"]])
        }
    }
}
