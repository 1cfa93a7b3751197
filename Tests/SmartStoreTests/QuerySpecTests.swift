import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("Query specs")
struct QuerySpecTests {
    @Test("The range builder serialises to the hybrid JSON form and back (T-QS-1)")
    func jsonForm() throws {
        let spec = QuerySpec.buildRangeQuerySpec(
            soupName: "animals", path: "name", beginKey: "Aardvark", endKey: "Zoroastrian", orderPath: "name", order: .ascending,
            pageSize: 10)
        let json = spec.json
        #expect(json["queryType"] == "range")
        #expect(json["indexPath"] == "name")
        #expect(json["beginKey"] == "Aardvark")
        #expect(json["endKey"] == "Zoroastrian")
        #expect(json["orderPath"] == "name")
        #expect(json["order"] == "ascending")
        #expect(json["pageSize"] == 10)
        #expect(json["matchKey"] == .null && json["likeKey"] == .null && json["smartSql"] == .null && json["selectPaths"] == .null)
        #expect(try QuerySpec(json: json) == spec)
        #expect(try QuerySpec(json: ["querySpec": json]) == spec)
    }

    @Test("Builders default to ascending, page size 10, and ordering by the path (T-QS-2)")
    func defaults() {
        for spec in [
            QuerySpec.buildExactQuerySpec(soupName: "s", path: "p", matchKey: "k"),
            .buildRangeQuerySpec(soupName: "s", path: "p", beginKey: nil, endKey: nil),
            .buildLikeQuerySpec(soupName: "s", path: "p", likeKey: "k%"),
            .buildMatchQuerySpec(soupName: "s", path: "p", matchKey: "k"),
        ] {
            #expect(spec.order == .ascending && spec.pageSize == 10 && spec.orderPath == "p")
        }
    }

    @Test("The JSON form is checked with clear errors")
    func jsonErrors() throws {
        #expect(throws: SmartStoreError.invalidQuerySpec("\"queryType\" is missing")) { try QuerySpec(json: ["indexPath": "a"]) }
        #expect(throws: SmartStoreError.invalidQuerySpec("\"fuzzy\" is not a query type; use exact, range, like, match, smart or all")) {
            try QuerySpec(json: ["queryType": "fuzzy"])
        }
        #expect(throws: SmartStoreError.invalidQuerySpec("\"pageSize\" must be an integer")) {
            try QuerySpec(json: ["queryType": "exact", "indexPath": "a", "matchKey": 1, "pageSize": "ten"], soupName: "s")
        }
        #expect(throws: SmartStoreError.invalidQuerySpec("\"order\" must be \"ascending\" or \"descending\"")) {
            try QuerySpec(json: ["queryType": "range", "order": "up"], soupName: "s")
        }
        // What each kind needs: the JSON form is the one place a spec can still be incomplete.
        for (json, reason) in [
            (["queryType": "exact", "indexPath": "a"], "an exact query needs \"matchKey\""),
            (["queryType": "exact", "matchKey": "k"], "an exact query needs \"indexPath\""),
            (["queryType": "like", "indexPath": "a"], "a like query needs \"likeKey\""),
            (["queryType": "match", "matchKey": 3], "a match query needs a string \"matchKey\""),
            (["queryType": "range", "beginKey": "a"], "a range query with keys needs \"indexPath\""),
            (["queryType": "smart"], "a smart query needs \"smartSql\""),
            (["queryType": "smart", "smartSql": 1], "\"smartSql\" must be a string"),
        ] as [(JSON, String)] {
            #expect(throws: SmartStoreError.invalidQuerySpec(reason)) { try QuerySpec(json: json, soupName: "s") }
        }
        #expect(throws: SmartStoreError.invalidQuerySpec("the spec names no soup")) {
            try QuerySpec(json: ["queryType": "like", "indexPath": "a", "likeKey": "x%"])
        }
        // The hybrid API's all-query is a range with no path and no keys.
        #expect(
            try QuerySpec(json: ["queryType": "range", "indexPath": .null, "beginKey": .null], soupName: "s").kind == .all(soupName: "s"))
        #expect(throws: SmartStoreError.invalidQuerySpec("the spec must be a JSON object")) { try QuerySpec(json: [1, 2]) }
    }

    @Test("Range queries include both ends; a null key leaves that end open (T-RANGE-1)")
    func range() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name")])
            try await store.upsert(entries: ["Zzz", "Bee", "Aardvark", "Zoroastrian"].map { ["name": .string($0)] }, inSoup: "s")
            func names(_ begin: JSON?, _ end: JSON?) async throws -> [JSON] {
                try await store.values("name", .buildRangeQuerySpec(soupName: "s", path: "name", beginKey: begin, endKey: end))
            }
            #expect(try await names("Aardvark", "Zoroastrian") == ["Aardvark", "Bee", "Zoroastrian"])
            #expect(try await names("Aardvark", nil) == ["Aardvark", "Bee", "Zoroastrian", "Zzz"])
            #expect(try await names(nil, "Bee") == ["Aardvark", "Bee"])
            #expect(try await names(nil, nil).count == 4)
            let hybridAll = try QuerySpec(
                json: [
                    "queryType": "range", "indexPath": "name", "beginKey": .null, "endKey": .null, "orderPath": "name",
                    "order": "descending",
                    "pageSize": 10,
                ], soupName: "s")
            #expect(try await store.values("name", hybridAll) == ["Zzz", "Zoroastrian", "Bee", "Aardvark"])
        }
    }

    @Test("Integer ranges compare numbers, keys given as text included (T-RANGE-2, T-ALT-6)")
    func integerRange() async throws {
        try await withStore { store throws in
            try await store.registerSoup("charmingSoup", indexSpecs: [string("Name"), integer("shots")])
            try await store.upsert(
                entries: [
                    ["Name": "Todd Stellanova", "shots": 37], ["Name": "Pro Bono Bonobo", "shots": 92], ["Name": "Robot", "shots": 0],
                    ["Name": "Nine", "shots": 9],
                ], inSoup: "charmingSoup")
            let spec = QuerySpec.buildRangeQuerySpec(soupName: "charmingSoup", path: "shots", beginKey: 10, endKey: 100)
            #expect(try await store.values("Name", spec) == ["Todd Stellanova", "Pro Bono Bonobo"])
            let textKeys = QuerySpec.buildRangeQuerySpec(soupName: "charmingSoup", path: "shots", beginKey: "9", endKey: "10")
            #expect(try await store.values("Name", textKeys) == ["Nine"])
        }
    }

    @Test("Exact queries find by id and by parent id (T-EXACT-1); like patterns (T-LIKE-1)")
    func exactAndLike() async throws {
        try await withStore { store throws in
            try await store.registerSoup("Catalogs", indexSpecs: [string("sfId"), string("parentSfdcId"), string("name")])
            try await store.upsert(
                entries: [
                    ["sfId": "some-sfdc-id", "name": "catalog"], ["sfId": "c1", "parentSfdcId": "some-sfdc-id", "name": "foobar"],
                    ["sfId": "c2", "parentSfdcId": "some-sfdc-id", "name": "barfoo"], ["sfId": "c3", "name": "xfoox"],
                    ["sfId": "c4", "name": "bar"],
                ], inSoup: "Catalogs")
            #expect(
                try await store.values("name", .buildExactQuerySpec(soupName: "Catalogs", path: "sfId", matchKey: "some-sfdc-id")) == [
                    "catalog"
                ])
            #expect(
                try await store.values(
                    "sfId", .buildExactQuerySpec(soupName: "Catalogs", path: "parentSfdcId", matchKey: "some-sfdc-id", orderPath: "sfId"))
                    == ["c1", "c2"])
            func like(_ pattern: String) async throws -> Set<JSON> {
                Set(try await store.values("name", .buildLikeQuerySpec(soupName: "Catalogs", path: "name", likeKey: pattern)))
            }
            #expect(try await like("foo%") == ["foobar"])
            #expect(try await like("%foo") == ["barfoo"])
            #expect(try await like("%foo%") == ["foobar", "barfoo", "xfoox"])
        }
    }

    @Test("selectPaths returns arrays of values (T-SEL-1); orderPath differs from the path (T-ORDER-1)")
    func selectAndOrder() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name"), string("status")])
            try await store.upsert(
                entries: [
                    ["name": "abc", "status": "active"], ["name": "abd", "status": "inactive"], ["name": "abe", "status": "active"],
                ], inSoup: "s")
            let full = try await store.query(using: .buildLikeQuerySpec(soupName: "s", path: "name", likeKey: "ab%"))
            #expect(full.first?["_soupEntryId"] == 1 && full.first?["status"] == "active")
            let selected = try await store.query(
                using: .buildLikeQuerySpec(soupName: "s", selectPaths: ["_soupEntryId", "name"], path: "name", likeKey: "ab%"))
            #expect(selected == [[1, "abc"], [2, "abd"], [3, "abe"]])
            let withEntry = try await store.query(
                using: .buildExactQuerySpec(soupName: "s", selectPaths: ["name", "_soup"], path: "name", matchKey: "abd"))
            #expect(withEntry == [["abd", full[1]]])
            let ordered = QuerySpec.buildExactQuerySpec(
                soupName: "s", path: "status", matchKey: "active", orderPath: "name", order: .descending)
            #expect(try await store.values("name", ordered) == ["abe", "abc"])
            var unordered = ordered
            unordered.orderPath = nil
            #expect(Set(try await store.values("name", unordered)) == ["abe", "abc"])
        }
    }

    @Test("Query specs on unindexed paths and incomplete specs are errors")
    func queryErrors() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name")])
            await #expect(throws: SmartStoreError.pathNotIndexed(soup: "s", path: "phone")) {
                try await store.query(using: .buildExactQuerySpec(soupName: "s", path: "phone", matchKey: "1"))
            }
            try await store.upsert(entries: [["name": .null], [:], ["name": "null"]], inSoup: "s")
            // Nothing equals null, as in SQL: not the entry whose name is null, nor the one without one.
            #expect(try await store.query(using: .buildExactQuerySpec(soupName: "s", path: "name", matchKey: .null)).isEmpty)
            await #expect(throws: SmartStoreError.invalidQuerySpec("\"pageSize\" must be at least 1, not 0")) {
                try await store.query(using: .buildAllQuerySpec(soupName: "s", pageSize: 0))
            }
            await #expect(throws: SmartStoreError.soupNotFound("t")) { try await store.query(using: .buildAllQuerySpec(soupName: "t")) }
        }
    }

    @Test("Pages split the results; a page past the end is empty (T-PAGE-1, T-PAGE-4)")
    func paging() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [integer("n")])
            let spec = QuerySpec.buildAllQuerySpec(soupName: "s", orderPath: "n", pageSize: 10)
            #expect(try await store.count(using: spec) == 0)
            #expect(try await store.query(using: spec).isEmpty)
            try await store.upsert(entries: (0..<25).map { ["n": .integer(Int64($0))] }, inSoup: "s")
            #expect(try await store.count(using: spec) == 25)
            var sizes: [Int] = []
            for page in 0...3 { sizes.append(try await store.query(using: spec, startingFromPageIndex: page).count) }
            #expect(sizes == [10, 10, 5, 0])
            #expect(try await store.query(using: spec, startingFromPageIndex: 2).first?["n"] == 20)
            #expect(try await store.query(using: spec, startingFromPageIndex: Int.max).isEmpty)
        }
    }
}
