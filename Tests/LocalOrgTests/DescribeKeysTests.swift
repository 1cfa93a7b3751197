import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceCore
import Testing

/// Describe answers carry every key a real org's carry, on every object and field, null or false
/// where a feature does not apply: apps and tools read keys they expect to be there. The key sets
/// are the ones recorded from real orgs in CumulusCI's test cassettes (SFDO-Tooling/CumulusCI,
/// `cumulusci/tests/cassettes/GET_sobjects_Account_PersonAccount_describe.yaml`, v59.0, and
/// `cumulusci/tests/shared_cassettes/GET_sobjects_Global_describe.yaml`, v52.0), not LocalOrg's own.
@Suite("Describe with every key a real org sends")
struct DescribeKeysTests {
    static let objectKeys: Set<String> = [
        "actionOverrides", "activateable", "associateEntityType", "associateParentEntity", "childRelationships", "compactLayoutable",
        "createable", "custom", "customSetting", "deepCloneable", "defaultImplementation", "deletable", "deprecatedAndHidden",
        "extendedBy", "extendsInterfaces", "feedEnabled", "fields", "hasSubtypes", "implementedBy", "implementsInterfaces",
        "isInterface", "isSubtype", "keyPrefix", "label", "labelPlural", "layoutable", "listviewable", "lookupLayoutable", "mergeable",
        "mruEnabled", "name", "namedLayoutInfos", "networkScopeFieldName", "queryable", "recordTypeInfos", "replicateable",
        "retrieveable", "searchLayoutable", "searchable", "sobjectDescribeOption", "supportedScopes", "triggerable", "undeletable",
        "updateable", "urls",
    ]
    static let fieldKeys: Set<String> = [
        "aggregatable", "aiPredictionField", "autoNumber", "byteLength", "calculated", "calculatedFormula", "cascadeDelete",
        "caseSensitive", "compoundFieldName", "controllerName", "createable", "custom", "defaultValue", "defaultValueFormula",
        "defaultedOnCreate", "dependentPicklist", "deprecatedAndHidden", "digits", "displayLocationInDecimal", "encrypted", "externalId",
        "extraTypeInfo", "filterable", "filteredLookupInfo", "formulaTreatNullNumberAsZero", "groupable", "highScaleNumber",
        "htmlFormatted", "idLookup", "inlineHelpText", "label", "length", "mask", "maskType", "name", "nameField", "namePointing",
        "nillable", "permissionable", "picklistValues", "polymorphicForeignKey", "precision", "queryByDistance", "referenceTargetField",
        "referenceTo", "relationshipName", "relationshipOrder", "restrictedDelete", "restrictedPicklist", "scale", "searchPrefilterable",
        "soapType", "sortable", "type", "unique", "updateable", "writeRequiresMasterRead",
    ]
    static let childRelationshipKeys: Set<String> = [
        "cascadeDelete", "childSObject", "deprecatedAndHidden", "field", "junctionIdListNames", "junctionReferenceTo", "relationshipName",
        "restrictedDelete",
    ]
    static let recordTypeKeys: Set<String> = [
        "active", "available", "defaultRecordTypeMapping", "developerName", "master", "name", "recordTypeId", "urls",
    ]
    static let globalEntryKeys: Set<String> = [
        "activateable", "associateEntityType", "associateParentEntity", "createable", "custom", "customSetting", "deepCloneable",
        "deletable", "deprecatedAndHidden", "feedEnabled", "hasSubtypes", "isInterface", "isSubtype", "keyPrefix", "label",
        "labelPlural", "layoutable", "mergeable", "mruEnabled", "name", "queryable", "replicateable", "retrieveable", "searchable",
        "triggerable", "undeletable", "updateable", "urls",
    ]

    static func keys(_ json: JSON?) -> Set<String> { Set(json?.objectValue.map { Array($0.keys) } ?? []) }

    @Test("every object's describe, field, child relationship and record type has exactly a real org's keys")
    func everyKey() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let global = try await org.send("GET", "\(org.dataPath)/sobjects", token: token)
            #expect(Self.keys(global.json) == ["encoding", "maxBatchSize", "sobjects"])
            let entries = global.json["sobjects"]?.arrayValue ?? []
            #expect(!entries.isEmpty)
            for entry in entries {
                let name = entry["name"]?.stringValue ?? "?"
                #expect(Self.keys(entry) == Self.globalEntryKeys, "\(name): \(Self.keys(entry).symmetricDifference(Self.globalEntryKeys))")
                let describe = try await org.send("GET", "\(org.dataPath)/sobjects/\(name)/describe", token: token).json
                let objectKeys = Self.keys(describe)
                #expect(objectKeys == Self.objectKeys, "\(name): \(objectKeys.symmetricDifference(Self.objectKeys))")
                #expect(describe["sobjectDescribeOption"] == "FULL")
                for field in describe["fields"]?.arrayValue ?? [] {
                    let fieldKeys = Self.keys(field)
                    #expect(
                        fieldKeys == Self.fieldKeys,
                        "\(name).\(field["name"]?.stringValue ?? "?"): \(fieldKeys.symmetricDifference(Self.fieldKeys))")
                }
                for relationship in describe["childRelationships"]?.arrayValue ?? [] {
                    #expect(Self.keys(relationship) == Self.childRelationshipKeys, "\(name): \(relationship)")
                }
                for recordType in describe["recordTypeInfos"]?.arrayValue ?? [] {
                    #expect(Self.keys(recordType) == Self.recordTypeKeys, "\(name): \(recordType)")
                    // The Master record type's id is the same in every org.
                    if recordType["master"] == true { #expect(recordType["recordTypeId"] == "012000000000000AAA") }
                }
            }
        }
    }

    @Test("Task's WhoId and WhatId are polymorphic name-pointing lookups; a plain lookup is neither")
    func polymorphicLookups() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let task = try await org.send("GET", "\(org.dataPath)/sobjects/Task/describe", token: token).json
            let fields = Dictionary(
                uniqueKeysWithValues: (task["fields"]?.arrayValue ?? []).compactMap { field in
                    field["name"]?.stringValue.map { ($0, field) }
                })
            for name in ["WhoId", "WhatId"] {
                #expect(fields[name]?["polymorphicForeignKey"] == true && fields[name]?["namePointing"] == true, "\(name)")
            }
            let contact = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/describe", token: token).json
            let accountId = (contact["fields"]?.arrayValue ?? []).first { $0["name"] == "AccountId" }
            #expect(accountId?["polymorphicForeignKey"] == false && accountId?["namePointing"] == false)
        }
    }
}
