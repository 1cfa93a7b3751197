import ForceKitTesting
import Foundation
import HybridBridge
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@Suite("com.salesforce.smartstore through the bridge")
struct SmartStorePluginTests {
    typealias F = BridgeFixture

    @Test("soups: register, exists, index specs, soup spec, alter, re-index, clear, remove")
    func soups() async throws {
        try await withBridge { bridge in
            let indexes: JSON = [["path": "Name", "type": "string"], ["path": "Amount", "type": "floating"]]
            #expect(try await bridge.result(F.smartstore, "pgRegisterSoup", ["soupName": "deals", "indexes": indexes]) == "deals")
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", ["soupName": "deals"]) == true)
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", ["soupName": "nothing"]) == false)
            #expect(try await bridge.result(F.smartstore, "pgGetSoupIndexSpecs", ["soupName": "deals"]) == indexes)
            #expect(try await bridge.result(F.smartstore, "pgGetSoupSpec", ["soupName": "deals"]) == ["name": "deals", "features": []])

            // A soup spec with external storage, as registerSoupWithSpec sends it.
            let spec: JSON = ["name": "notes", "features": ["externalStorage"]]
            #expect(
                try await bridge.result(
                    F.smartstore, "pgRegisterSoup", ["soupSpec": spec, "indexes": [["path": "Title", "type": "string"]]]) == "notes")
            #expect(try await bridge.result(F.smartstore, "pgGetSoupSpec", ["soupName": "notes"]) == spec)

            _ = try await bridge.result(
                F.smartstore, "pgUpsertSoupEntries", ["soupName": "deals", "entries": [["Name": "A", "Stage": "New"]]])
            let altered: JSON = [["path": "Name", "type": "string"], ["path": "Stage", "type": "string"]]
            #expect(
                try await bridge.result(F.smartstore, "pgAlterSoup", ["soupName": "deals", "indexes": altered, "reIndexData": true])
                    == "deals")
            #expect(try await bridge.result(F.smartstore, "pgGetSoupIndexSpecs", ["soupName": "deals"]) == altered)
            #expect(try await bridge.result(F.smartstore, "pgReIndexSoup", ["soupName": "deals", "paths": ["Stage"]]) == "deals")
            let byStage = try await bridge.result(
                F.smartstore, "pgQuerySoup",
                ["soupName": "deals", "querySpec": ["queryType": "exact", "indexPath": "Stage", "matchKey": "New", "pageSize": 10]])
            #expect(byStage["totalEntries"] == 1)

            #expect(try await bridge.result(F.smartstore, "pgClearSoup", ["soupName": "deals"]) == "OK")
            #expect(try await bridge.result(F.smartstore, "pgRemoveSoup", ["soupName": "deals"]) == "OK")
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", ["soupName": "deals"]) == false)
            let missing = await bridge.failure(F.smartstore, "pgGetSoupIndexSpecs", ["soupName": "deals"])
            #expect(missing.contains("deals"), "\(missing)")
            #expect(try await bridge.result(F.smartstore, "pgGetDatabaseSize").integerValue ?? 0 > 0)
        }
    }

    @Test("an index spec without a path or type, or with a type SmartStore lacks, is refused with SmartStore's own message")
    func badIndexSpecs() async throws {
        try await withBridge { bridge in
            let untyped = await bridge.failure(F.smartstore, "pgRegisterSoup", ["soupName": "a", "indexes": [["path": "Name"]]])
            #expect(untyped.contains(#"needs a "path" and a "type""#), "\(untyped)")
            let dated = await bridge.failure(
                F.smartstore, "pgRegisterSoup", ["soupName": "a", "indexes": [["path": "CloseDate", "type": "date"]]])
            #expect(dated.contains(#""date" is not an index type"#), "\(dated)")
            let registered = try await bridge.result(F.smartstore, "pgSoupExists", ["soupName": "a"])
            #expect(registered == false)
        }
    }

    @Test("entries and cursors: upsert (with an external id), pages moved back and forth, Smart SQL, retrieve, remove")
    func entriesAndCursors() async throws {
        try await withBridge { bridge in
            _ = try await bridge.result(
                F.smartstore, "pgRegisterSoup",
                ["soupName": "accounts", "indexes": [["path": "Name", "type": "string"], ["path": "Id", "type": "string"]]])
            let entries = JSON.array((1...25).map { ["Id": .string("id\($0)"), "Name": .string(String(format: "Account %02d", $0))] })
            let saved = try await bridge.result(
                F.smartstore, "pgUpsertSoupEntries", ["soupName": "accounts", "entries": entries, "externalIdPath": "_soupEntryId"])
            #expect(saved.arrayValue?.count == 25 && saved[0]?["_soupEntryId"] != nil)
            // Again by external id: the same entries change, none is added.
            let renamed = try await bridge.result(
                F.smartstore, "pgUpsertSoupEntries",
                ["soupName": "accounts", "entries": [["Id": "id1", "Name": "Account 01 renamed"]], "externalIdPath": "Id"])
            #expect(renamed[0]?["_soupEntryId"] == saved[0]?["_soupEntryId"])

            // buildAllQuerySpec("Name", "ascending", 10): a range on the path with null keys.
            let all: JSON = [
                "queryType": "range", "indexPath": "Name", "beginKey": .null, "endKey": .null, "orderPath": "Name", "order": "ascending",
                "pageSize": 10, "selectPaths": .null, "matchKey": .null, "likeKey": .null, "smartSql": .null,
            ]
            let first = try await bridge.result(F.smartstore, "pgQuerySoup", ["soupName": "accounts", "querySpec": all])
            #expect(first["totalEntries"] == 25 && first["totalPages"] == 3 && first["currentPageIndex"] == 0 && first["pageSize"] == 10)
            #expect(first["currentPageOrderedEntries"]?[0]?["Name"] == "Account 01 renamed")
            let cursorID = try #require(first["cursorId"])
            let last = try await bridge.result(F.smartstore, "pgMoveCursorToPageIndex", ["cursorId": cursorID, "index": 2])
            #expect(last["currentPageIndex"] == 2 && last["currentPageOrderedEntries"]?.arrayValue?.count == 5)
            #expect(last["currentPageOrderedEntries"]?[4]?["Name"] == "Account 25")
            let back = try await bridge.result(F.smartstore, "pgMoveCursorToPageIndex", ["cursorId": cursorID, "index": 1])
            #expect(back["currentPageOrderedEntries"]?[0]?["Name"] == "Account 11")
            let outOfRange = await bridge.failure(F.smartstore, "pgMoveCursorToPageIndex", ["cursorId": cursorID, "index": 3])
            #expect(outOfRange.contains("from 0 to 2"))
            #expect(try await bridge.result(F.smartstore, "pgCloseCursor", ["cursorId": cursorID]) == "OK")
            let closed = await bridge.failure(F.smartstore, "pgMoveCursorToPageIndex", ["cursorId": cursorID, "index": 0])
            #expect(closed.contains("no open cursor"))

            let smart: JSON = [
                "queryType": "smart", "smartSql": "SELECT COUNT(*) FROM {accounts} WHERE {accounts:Name} LIKE 'Account 1%'", "pageSize": 1,
            ]
            let counted = try await bridge.result(F.smartstore, "pgRunSmartQuery", ["querySpec": smart])
            #expect(counted["currentPageOrderedEntries"] == [[10]])  // Account 10 to Account 19

            let ids = JSON.array([saved[0]!["_soupEntryId"]!, saved[1]!["_soupEntryId"]!])
            let retrieved = try await bridge.result(F.smartstore, "pgRetrieveSoupEntries", ["soupName": "accounts", "entryIds": ids])
            #expect(retrieved.arrayValue?.compactMap { $0["Id"]?.stringValue } == ["id1", "id2"])
            #expect(try await bridge.result(F.smartstore, "pgRemoveFromSoup", ["soupName": "accounts", "entryIds": ids]) == "OK")
            let like: JSON = ["queryType": "like", "indexPath": "Name", "likeKey": "Account 2%", "pageSize": 100]
            #expect(try await bridge.result(F.smartstore, "pgRemoveFromSoup", ["soupName": "accounts", "querySpec": like]) == "OK")
            let left = try await bridge.result(F.smartstore, "pgQuerySoup", ["soupName": "accounts", "querySpec": all])
            #expect(left["totalEntries"] == 17)
        }
    }

    @Test("isGlobalStore and storeName: each store its own soups; stores listed and removed")
    func stores() async throws {
        try await withBridge { bridge in
            let soup: JSON = ["soupName": "things", "indexes": [["path": "Name", "type": "string"]]]
            func on(_ store: String?, global: Bool, _ extra: JSON = soup) -> JSON {
                var object = extra.objectValue ?? [:]
                object["isGlobalStore"] = .bool(global)
                if let store { object["storeName"] = .string(store) }
                return .object(object)
            }
            _ = try await bridge.result(F.smartstore, "pgRegisterSoup", on("second", global: false))
            _ = try await bridge.result(F.smartstore, "pgRegisterSoup", on(nil, global: true))
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", on(nil, global: false)) == false)
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", on("second", global: false)) == true)
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", on(nil, global: true)) == true)
            #expect(try await bridge.result(F.smartstore, "pgSoupExists", on("second", global: true)) == false)
            let users = try await bridge.result(F.smartstore, "pgGetAllStores", [:])
            #expect(users.arrayValue?.contains(["storeName": "second", "isGlobalStore": false]) == true)
            let globals = try await bridge.result(F.smartstore, "pgGetAllGlobalStores", [:])
            #expect(globals.arrayValue?.contains(["storeName": "defaultStore", "isGlobalStore": true]) == true)
            #expect(try await bridge.result(F.smartstore, "pgRemoveStore", on("second", global: false, [:])) == true)
            let after = try await bridge.result(F.smartstore, "pgGetAllStores", [:])
            #expect(after.arrayValue?.contains(["storeName": "second", "isGlobalStore": false]) == false)

            // Upstream's testCreateMultipleUserStores and testCreateMultipleGlobalStores: after
            // removing all, two stores made and removed leave none.
            for global in [false, true] {
                _ = try await bridge.result(F.smartstore, global ? "pgRemoveAllGlobalStores" : "pgRemoveAllStores", [:])
                for name in ["DB1", "DB2"] {
                    _ = try await bridge.result(
                        F.smartstore, "pgRegisterSoup",
                        on(name, global: global, ["soupName": .string(name + "_Soup"), "indexes": [["path": "Name", "type": "string"]]]))
                }
                #expect(try await bridge.result(F.smartstore, "pgSoupExists", on("DB1", global: global, ["soupName": "DB2_Soup"])) == false)
                for name in ["DB1", "DB2"] { _ = try await bridge.result(F.smartstore, "pgRemoveStore", on(name, global: global, [:])) }
                let left = try await bridge.result(F.smartstore, global ? "pgGetAllGlobalStores" : "pgGetAllStores", [:])
                #expect(left == [], "\(global ? "global" : "user") stores left: \(left)")
            }
        }
    }
}
