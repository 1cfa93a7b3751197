import Foundation
import MobileSync
import SalesforceCore
import SmartStore
import Testing

/// A `usersyncs.json` with every kind of target (NM-14 and §7), read, created, and run.
@Suite("Configuration with every target")
struct ConfigEveryTargetTests {
    static let config = #"""
        {"syncs": [
          {"syncName": "soql", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "soql", "query": "SELECT Name FROM Account"}, "options": {"mergeMode": "OVERWRITE"}},
          {"syncName": "bulk", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "soql", "query": "SELECT Name FROM Account", "primeWithBulkAPI": true}},
          {"syncName": "sosl", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "sosl", "query": "FIND {Acme} IN NAME FIELDS RETURNING Account(Id, Name, LastModifiedDate)"}},
          {"syncName": "mru", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "mru", "sobjectType": "Account", "fieldlist": ["Id", "Name", "LastModifiedDate"]}},
          {"syncName": "refresh", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "refresh", "sObjectType": "Account", "fieldlist": ["Id", "Name"], "soupName": "accounts"}},
          {"syncName": "treeAndroid", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "parent_children", "parent": {"sobjectType": "Account", "soupName": "accounts"},
                      "parentFieldlist": ["Name"],
                      "children": {"sobjectType": "Contact", "sobjectTypePlural": "Contacts", "soupName": "contacts", "parentIdFieldName": "AccountId"},
                      "childrenFieldlist": ["LastName"], "relationshipType": "LOOKUP"}},
          {"syncName": "treeIOS", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "parentChildren", "parent": {"sobjectType": "Account", "soupName": "accounts"},
                      "parentFieldlist": ["Name"],
                      "children": [{"sobjectType": "Contact", "soupName": "contacts", "parentIdFieldName": "AccountId", "fieldlist": ["LastName"],
                                    "children": [{"sobjectType": "Case", "soupName": "cases", "parentIdFieldName": "ContactId", "fieldlist": ["Subject"]}]}]}},
          {"syncName": "metadata", "syncType": "syncDown", "soupName": "sfdcMetadata", "target": {"type": "metadata", "sobjectType": "Account"}},
          {"syncName": "layout", "syncType": "syncDown", "soupName": "sfdcLayouts",
           "target": {"type": "layout", "sobjectType": "Account", "layoutType": "Compact"}},
          {"syncName": "custom", "syncType": "syncDown", "soupName": "accounts",
           "target": {"type": "custom", "swiftImpl": "FixedAccounts", "names": ["Fixed"]}},
          {"syncName": "upCollection", "syncType": "syncUp", "soupName": "accounts",
           "target": {"createFieldlist": ["Name"]}, "options": {"fieldlist": ["Name"], "mergeMode": "LEAVE_IF_CHANGED"}},
          {"syncName": "upBatch", "syncType": "syncUp", "soupName": "accounts", "target": {"type": "batch"}, "options": {"fieldlist": ["Name"]}},
          {"syncName": "upSingle", "syncType": "syncUp", "soupName": "accounts",
           "target": {"iOSImpl": "SFSyncUpTarget"}, "options": {"fieldlist": ["Name"]}},
          {"syncName": "upTree", "syncType": "syncUp", "soupName": "accounts",
           "target": {"iOSImpl": "SFParentChildrenSyncUpTarget", "type": "rest",
                      "parent": {"sobjectType": "Account", "soupName": "accounts"}, "parentCreateFieldlist": ["Name"], "parentUpdateFieldlist": ["Name"],
                      "children": {"sobjectType": "Contact", "soupName": "contacts", "parentIdFieldName": "AccountId"},
                      "childrenCreateFieldlist": ["LastName"], "childrenUpdateFieldlist": ["LastName"], "relationshipType": "MASTER_DETAIL"},
           "options": {"mergeMode": "OVERWRITE"}}
        ]}
        """#

    @Test("every target type reads from a configuration file, is created NEW, and each created sync runs to DONE")
    func everyTarget() async throws {
        SyncTargetRegistry.registerDownTarget(named: "FixedAccounts") { json in
            FixedTarget(names: json["names"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        try await withSyncFixture { fixture throws in
            try await fixture.registerTreeSoups()
            let acme = try await fixture.createOnServer("Account", ["Name": "Acme"])
            try await fixture.createOnServer("Contact", ["LastName": "Lee", "AccountId": .string(acme)])
            let config = try SyncsConfig(data: Array(Self.config.utf8))
            #expect(config.problems.isEmpty, "\(config.problems)")
            let created = try await fixture.manager.createSyncs(from: config)
            #expect(created.map(\.name) == config.entries.map(\.name) && created.allSatisfy { $0.status == .new })
            let tree = try #require(created.first { $0.name == "treeAndroid" })
            #expect(tree.target["type"] == "parentChildren" && tree.target["children"]?["sobjectType"] == "Contact")
            #expect(try await fixture.manager.createSyncs(from: config).isEmpty)
            for state in created {
                let ran = try await fixture.manager.reSync(id: state.id)
                #expect(ran.status == .done, "\(state.name ?? "") ended \(ran.status): \(ran.error)")
            }
            #expect(try await fixture.records(in: SyncFixture.contacts, by: "LastName")["Lee"] != nil)
            #expect(
                try await MetadataSyncManager(syncManager: fixture.manager).fetchMetadata(forObject: "Account", mode: .cacheOnly) != nil)
        }
    }
}
