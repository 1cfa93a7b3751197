import Foundation
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Index paths")
struct IndexPathTests {
    @Test(
        "Paths follow objects and map over arrays (T-PATH-1)",
        arguments: [
            (#"{"a":{"b":{"c":1}}}"#, "1" as String?),
            (#"{"a":{"b":{"c":[1,2,3]}}}"#, "[1,2,3]"),
            (#"{"a":{"b":[{"c":1},{"c":2},{"no-c":3}]}}"#, "[1,2]"),
            (#"{"a":[{"b":{"c":0}},{"b":[{"c":1},{"c":2}]}]}"#, "[0,[1,2]]"),
            (#"{"a":{"b":[]}}"#, nil),
            (#"{"a":{"b":[{"x":1}]}}"#, nil),
            (#"{"a":"str"}"#, nil),
        ])
    func projection(element: String, expected: String?) async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("a.b.c")])
            try await store.upsert(entries: [try JSON(parsing: element)], inSoup: "s")
            let selected = try await store.query(using: .buildAllQuerySpec(soupName: "s", selectPaths: ["a.b.c"]))
            let smart = try await store.query(using: .buildSmartQuerySpec(smartSQL: "select {s:a.b.c} from {s}"))
            let want: JSON = expected.map(JSON.string) ?? .null
            #expect(selected == [[want]])
            #expect(smart == [[want]])
        }
    }

    @Test("Compound paths are case-sensitive (T-PATH-2); entries without the path are only found by all-queries (T-PATH-3)")
    func caseAndMissing() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Owner.Name")])
            try await store.upsert(entries: [["Owner": ["Name": "X"]], ["owner": ["name": "X"]], ["Other": 1]], inSoup: "s")
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s", path: "Owner.Name", matchKey: "X")) == 1)
            #expect(try await store.count(using: .buildLikeQuerySpec(soupName: "s", path: "Owner.Name", likeKey: "%")) == 1)
            #expect(try await store.count(using: .buildRangeQuerySpec(soupName: "s", path: "Owner.Name", beginKey: "A", endKey: "Z")) == 1)
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "s")) == 3)
        }
    }

    @Test("An internal node is indexed as JSON, found by like and Smart SQL (T-PATH-4)")
    func internalNode() async throws {
        try await withStore { store throws in
            try await store.registerSoup("spies", indexSpecs: [string("first_name"), string("last_name"), string("address")])
            let bond: JSON = [
                "first_name": "James", "last_name": "Bond", "address": ["street_number": 10, "street_name": "downing", "city": "london"],
            ]
            try await store.upsert(entries: [bond], inSoup: "spies")
            let sql = "SELECT {spies:first_name}, {spies:last_name} FROM {spies} WHERE {spies:address} LIKE '%london%'"
            #expect(try await store.query(using: .buildSmartQuerySpec(smartSQL: sql)) == [["James", "Bond"]])
            let like = try await store.query(using: .buildLikeQuerySpec(soupName: "spies", path: "address", likeKey: "%london%"))
            #expect(like.map { $0["last_name"] } == ["Bond"])
        }
    }

    @Test("Array paths answer like, exact and Smart SQL queries (T-PATH-5)")
    func arrayQueries() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name"), string("attributes.color")])
            func animal(_ name: String, _ colors: [String]) -> JSON {
                ["name": .string(name), "attributes": .array(colors.map { ["color": .string($0)] })]
            }
            try await store.upsert(
                entries: [
                    animal("elephant", ["grey"]), animal("cat", ["black", "tabby", "white"]),
                    animal("dog", ["black", "grey"]), animal("lizard", ["black", "green", "white"]),
                ], inSoup: "s")
            let greyDescending = QuerySpec.buildLikeQuerySpec(
                soupName: "s", path: "attributes.color", likeKey: "%grey%", orderPath: "name", order: .descending)
            #expect(try await store.values("name", greyDescending) == ["elephant", "dog"])
            let gr = QuerySpec.buildLikeQuerySpec(soupName: "s", path: "attributes.color", likeKey: "%gr%", orderPath: "name")
            #expect(try await store.values("name", gr) == ["dog", "elephant", "lizard"])
            let exact = QuerySpec.buildExactQuerySpec(soupName: "s", path: "attributes.color", matchKey: ["grey"])
            #expect(try await store.values("name", exact) == ["elephant"])
            let sql = "SELECT {s:_soup} FROM {s} where {s:attributes.color} LIKE '%grey%' ORDER BY LOWER({s:name})"
            let rows = try await store.query(using: .buildSmartQuerySpec(smartSQL: sql, pageSize: 5))
            #expect(rows.map { $0[0]?["name"] } == ["dog", "elephant"])
            #expect(rows.allSatisfy { $0.arrayValue?.count == 1 })
        }
    }

    @Test("Index values by type: numbers as text in string indexes, booleans as true/false, non-numbers not in numeric indexes")
    func valueConversion() {
        #expect(IndexValue.text(of: 37) == "37")
        #expect(IndexValue.text(of: true) == "true")
        #expect(IndexValue.text(of: ["b": 1, "a": [2]]) == #"{"a":[2],"b":1}"#)
        if case .integer(12)? = IndexValue(indexing: 12.9, as: .integer) {} else { Issue.record("12.9 should index as 12") }
        #expect(IndexValue(indexing: "12", as: .integer) == nil)
        #expect(IndexValue(indexing: true, as: .floating) == nil)
        if case .integer(10)? = IndexValue(key: "10", as: .integer) {} else { Issue.record("the key \"10\" should compare as 10") }
    }
}
