import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("Smart SQL")
struct SmartSQLTests {
    /// The employees and departments of the guide's examples.
    func withCompany(_ body: (SmartStore) async throws -> Void) async throws {
        try await withStore { store throws in
            try await store.registerSoup(
                "employees", indexSpecs: ["firstName", "lastName", "deptCode", "employeeId", "managerId"].map(string))
            try await store.registerSoup("departments", indexSpecs: [string("name"), string("deptCode")])
            try await store.upsert(
                entries: [
                    ["firstName": "Alice", "lastName": "Adams", "deptCode": "ENG", "employeeId": "E1", "managerId": .null],
                    ["firstName": "Bob", "lastName": "Brown", "deptCode": "ENG", "employeeId": "E2", "managerId": "E1"],
                    ["firstName": "Carol", "lastName": "Clark", "deptCode": "OPS", "employeeId": "E3", "managerId": "E1"],
                ], inSoup: "employees")
            try await store.upsert(
                entries: [["name": "Engineering", "deptCode": "ENG"], ["name": "Operations", "deptCode": "OPS"]],
                inSoup: "departments")
            try await body(store)
        }
    }

    func rows(_ store: SmartStore, _ sql: String, pageSize: Int = 100, arguments: [JSON] = []) async throws -> [JSON] {
        try await store.query(using: .buildSmartQuerySpec(smartSQL: sql, pageSize: pageSize), arguments: arguments)
    }

    @Test("Columns, tables, joins and self-joins (T-SQL-1 to 4)")
    func selects() async throws {
        try await withCompany { store throws in
            #expect(
                try await rows(store, "select {employees:firstName}, {employees:lastName} from {employees} order by {employees:lastName}")
                    == [["Alice", "Adams"], ["Bob", "Brown"], ["Carol", "Clark"]])
            #expect(
                try await rows(store, "select {departments:name} from {departments} order by {departments:deptCode}") == [
                    ["Engineering"], ["Operations"],
                ])
            let join = """
                select {departments:name}, {employees:firstName} || ' ' || {employees:lastName}
                from {employees}, {departments}
                where {departments:deptCode} = {employees:deptCode}
                order by {departments:name}, {employees:lastName}
                """
            #expect(
                try await rows(store, join) == [
                    ["Engineering", "Alice Adams"], ["Engineering", "Bob Brown"], ["Operations", "Carol Clark"],
                ])
            let selfJoin = """
                select mgr.{employees:lastName}, e.{employees:lastName}
                from {employees} as mgr, {employees} as e
                where mgr.{employees:employeeId} = e.{employees:managerId}
                """
            #expect(Set(try await rows(store, selfJoin)) == [["Adams", "Brown"], ["Adams", "Clark"]])
        }
    }

    @Test("a double-quoted token that names no column is a string, as upstream's SmartStore reads it and its apps write it")
    func doubleQuotedStrings() async throws {
        try await withCompany { store throws in
            // Upstream's React Native tests query `where {contacts:Id} = "003…"`.
            #expect(
                try await rows(store, #"select {employees:firstName} from {employees} where {employees:employeeId} = "E2""#) == [["Bob"]])
            #expect(
                try await rows(
                    store,
                    #"select count(*) from {employees} where {employees:deptCode} in ("ENG", "OPS") and {employees:lastName} != "Adams""#)
                    == [[2]])
            // A double-quoted name of a real column (the soup table's `id`) is still that column.
            let ids = try await rows(store, #"select "id" from {departments} order by {departments:name}"#)
            #expect(ids.count == 2 && ids.allSatisfy { $0[0]?.integerValue != nil })
        }
    }

    @Test("count(*) and aggregates (T-SQL-5, T-SQL-6)")
    func aggregates() async throws {
        try await withCompany { store throws in
            #expect(try await rows(store, "select count(*) from {employees}", pageSize: 1) == [[3]])
            try await store.registerSoup("account", indexSpecs: [string("id"), string("name")])
            try await store.registerSoup("opportunity", indexSpecs: [string("name"), integer("amount"), string("accountid")])
            try await store.upsert(entries: [["id": "A1", "name": "Acme"], ["id": "A2", "name": "Globex"]], inSoup: "account")
            try await store.upsert(
                entries: [
                    ["name": "O1", "amount": 100, "accountid": "A1"], ["name": "O2", "amount": 300, "accountid": "A1"],
                    ["name": "O3", "amount": 50, "accountid": "A2"],
                ], inSoup: "opportunity")
            let sql = """
                select {account:name}, count({opportunity:name}), sum({opportunity:amount}), avg({opportunity:amount}),
                       {account:id}, {opportunity:accountid}
                  from {account}, {opportunity}
                 where {account:id} = {opportunity:accountid}
                 group by {account:name}
                """
            #expect(Set(try await rows(store, sql)) == [["Acme", 2, 400, 200.0, "A1", "A1"], ["Globex", 1, 50, 50.0, "A2", "A2"]])
        }
    }

    @Test("Special columns: the whole entry, its id and its dates (T-SQL-7, T-SQL-13)")
    func specialColumns() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("Id")])
            let before = Date().millisecondsSince1970
            let stored = try await store.upsert(entries: [["Id": "001", "Name": "Acme"], ["Id": "002"]], inSoup: "s")
            let result = try await rows(
                store, "select {s:_soup}, {s:_soupEntryId}, {s:_soupLastModifiedDate}, {s:_soupCreatedDate} from {s} where {s:Id} = '001'")
            #expect(
                result == [[stored[0], stored[0]["_soupEntryId"]!, stored[0]["_soupLastModifiedDate"]!, stored[0]["_soupCreatedDate"]!]])
            let recent = try await rows(
                store, "select {s:Id} from {s} where {s:_soupLastModifiedDate} >= ? order by {s:_soupEntryId}",
                arguments: [.integer(before)])
            #expect(recent == [["001"], ["002"]])
        }
    }

    @Test("Values come back typed as their index (T-SQL-8)")
    func typedResults() async throws {
        try await withStore { store throws in
            try await store.registerSoup("charmingSoup", indexSpecs: [string("Name"), integer("shots"), string("code")])
            try await store.upsert(entries: [["Name": "Todd Stellanova", "shots": 37, "code": 42]], inSoup: "charmingSoup")
            #expect(
                try await rows(
                    store,
                    "select {charmingSoup:shots}, {charmingSoup:code} from {charmingSoup} where {charmingSoup:Name} = 'Todd Stellanova'")
                    == [[37, "42"]])
        }
    }

    @Test(
        "Only SELECT runs; MATCH and bad references are errors (T-SQL-9, T-SQL-11)",
        arguments: [
            "insert into {employees} values (1)", "UPDATE {employees} SET id = 1", "delete from {employees}", "drop table {employees}",
            "  /* c */ -- x\n pragma writable_schema = 1", "",
        ])
    func notSelect(sql: String) async throws {
        try await withCompany { store throws in
            await #expect { try await rows(store, sql) } throws: { error in
                guard let error = error as? SmartStoreError, error.code == .invalidSmartSQL else { return false }
                return error.message.contains("cannot run: only SELECT statements are allowed")
                    || error.message.hasSuffix("cannot run: it is empty.")
            }
        }
    }

    @Test(
        "Errors name the problem",
        arguments: [
            ("select {nosuch:x} from {nosuch}", "{nosuch:x} names no registered soup"),
            ("select {employees:a:b} from {employees}", "{employees:a:b} has more than one ':'"),
            (
                "select {employees:firstName from {employees}",
                "{employees:firstName from {employees}: The soup \"employees\" has no index on \"firstName from {employees\"."
            ),
            ("select {employees} from {employees", "a '{' is not closed"),
            (
                "select {employees:_soup} from {employees} where {employees:firstName} match 'cat'",
                "unable to use function MATCH in the requested context"
            ),
            ("select 1; delete from {employees}", ""),
            ("with x as (select 1) delete from {employees}", ""),
        ])
    func errors(sql: String, reason: String) async throws {
        try await withCompany { store throws in
            await #expect { try await rows(store, sql) } throws: { error in
                guard let error = error as? SmartStoreError, error.code == .invalidSmartSQL else { return false }
                let prefix = "The Smart SQL \"\(sql)\" cannot run: "
                return reason.isEmpty ? error.message.hasPrefix(prefix) : error.message == prefix + reason + "."
            }
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "employees")) == 3)
        }
    }

    @Test("Unindexed paths are read through json_extract; braces in literals stay text (T-SQL-10)")
    func unindexedAndLiterals() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s", indexSpecs: [string("name")])
            try await store.upsert(entries: [["name": "{s:name}", "extra": ["deep": 5]]], inSoup: "s")
            #expect(
                try await rows(store, "select {s:extra.deep}, 'it''s {s:name}' from {s} where {s:name} = '{s:name}' -- {s:nothing}") == [
                    [5, "it's {s:name}"]
                ])
        }
    }

    @Test("json1 columns work in joins, with and without the table prefix (T-SQL-12)")
    func json1Join() async throws {
        try await withStore { store throws in
            try await store.registerSoup("s1", indexSpecs: [IndexSpec(path: "path1", type: .json1)])
            try await store.registerSoup("s2", indexSpecs: [string("other")])
            try await store.upsert(entries: [["path1": "x"], ["path1": "y"]], inSoup: "s1")
            try await store.upsert(entries: [["other": "z"]], inSoup: "s2")
            #expect(Set(try await rows(store, "select {s1}.{s1:path1} from {s1}, {s2}")) == [["x"], ["y"]])
            #expect(Set(try await rows(store, "select {s1:path1} from {s1}, {s2}")) == [["x"], ["y"]])
            #expect(try await store.count(using: .buildExactQuerySpec(soupName: "s1", path: "path1", matchKey: "y")) == 1)
        }
    }

    @Test("Smart queries page, count, and are cached per schema")
    func pagingAndCache() async throws {
        try await withCompany { store throws in
            let spec = QuerySpec.buildSmartQuerySpec(
                smartSQL: "select {employees:firstName} from {employees} order by {employees:firstName}", pageSize: 2)
            #expect(try await store.query(using: spec, startingFromPageIndex: 1) == [["Carol"]])
            #expect(try await store.count(using: spec) == 3)
            try await store.alterSoup("employees", indexSpecs: [string("lastName")], reIndexData: true)
            // The cached translation named a column that the alteration removed.
            #expect(try await store.query(using: spec) == [["Alice"], ["Bob"]])
            #expect(
                try await store.query(
                    using: .buildSmartQuerySpec(smartSQL: "select {employees:lastName} from {employees} order by 1 desc", pageSize: 1)) == [
                        ["Clark"]
                    ])
        }
    }

    @Test("Random Smart SQL never crashes or changes the store")
    func fuzz() async throws {
        var random = SeededGenerator(seed: 0x5A17)
        let pieces = [
            "select", "SELECT", " ", "{employees}", "{employees:firstName}", "{departments:name}", "{", "}", ":", "'", "\"", "--",
            "/*", "*/", "from", "where", "=", "(", ")", ",", "count(*)", "x.", "{employees:_soup}", "delete", ";", "?", "1", "group by",
            "{nope}",
        ]
        try await withCompany { store throws in
            for _ in 0..<300 {
                let sql = (0..<Int.random(in: 1...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(
                    separator: " ")
                do {
                    _ = try await rows(store, sql, arguments: [1])
                } catch {
                    #expect(error is SmartStoreError, "\(sql): \(error)")
                }
            }
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "employees")) == 3)
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "departments")) == 2)
        }
    }
}
