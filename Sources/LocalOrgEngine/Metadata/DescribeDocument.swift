import SalesforceCore

/// The describe family's JSON: describeGlobal entries, `objectDescribe` and the full describe.
enum DescribeDocument {
    /// The entry describeGlobal lists (also `objectDescribe` of `GET sobjects/T`).
    static func summary(of type: SObjectType, version: String) -> JSON {
        let path = type.path(version: version)
        let isSystem = type.name == "User" || type.name == "MobilePushServiceDevice"
        return [
            "name": .string(type.name), "label": .string(type.label), "labelPlural": .string(type.labelPlural),
            "keyPrefix": .string(type.keyPrefix), "custom": .bool(type.custom), "customSetting": false,
            "createable": true, "updateable": true, "deletable": .bool(!isSystem || type.name == "MobilePushServiceDevice"),
            "queryable": true, "retrieveable": true, "searchable": .bool(!isSystem), "layoutable": .bool(!isSystem),
            "undeletable": true, "mergeable": .bool(["Account", "Contact", "Lead"].contains(type.name)),
            "replicateable": true, "triggerable": true, "feedEnabled": .bool(!isSystem), "activateable": false,
            "deprecatedAndHidden": false, "hasSubtypes": false, "isSubtype": false, "mruEnabled": .bool(!isSystem),
            "associateEntityType": .null, "associateParentEntity": .null, "deepCloneable": false, "isInterface": false,
            "urls": urls(of: type, path: path, isSystem: isSystem),
        ]
    }

    /// The `urls` a real org lists: every object's sobject, describe and row template; a
    /// layoutable object's layouts, compact layouts, approval layouts, list views and quick actions.
    static func urls(of type: SObjectType, path: String, isSystem: Bool) -> JSON {
        var urls: [String: JSON] = [
            "sobject": .string(path), "describe": .string(path + "/describe"), "rowTemplate": .string(path + "/{ID}"),
        ]
        guard !isSystem else { return .object(urls) }
        urls["layouts"] = .string(path + "/describe/layouts")
        urls["compactLayouts"] = .string(path + "/describe/compactLayouts")
        urls["approvalLayouts"] = .string(path + "/describe/approvalLayouts")
        urls["quickActions"] = .string(path + "/quickActions")
        urls["listviews"] = .string(path + "/listviews")
        return .object(urls)
    }

    /// `GET sobjects`: describeGlobal.
    static func global(of schema: OrgSchema, version: String) -> JSON {
        ["encoding": "UTF-8", "maxBatchSize": 200, "sobjects": .array(schema.types.map { summary(of: $0, version: version) })]
    }

    /// `GET sobjects/T/describe`.
    static func full(of type: SObjectType, schema: OrgSchema, version: String) -> JSON {
        guard case .object(var document) = summary(of: type, version: version) else { return .null }
        // Components name their compound, and compounds follow the stored fields.
        let compoundOf = Dictionary(
            type.compoundFields.flatMap { compound in compound.components.map { ($0.field.lowercased(), compound.name) } },
            uniquingKeysWith: { first, _ in first })
        document["fields"] = .array(
            type.fields.map { stored in
                guard let compound = compoundOf[stored.name.lowercased()], case .object(var json) = field(stored) else {
                    return field(stored)
                }
                json["compoundFieldName"] = .string(compound)
                return .object(json)
            } + type.compoundFields.map(field))
        document["childRelationships"] = .array(
            schema.childRelationships(of: type.name).map { relationship in
                [
                    "childSObject": .string(relationship.childObject), "field": .string(relationship.field),
                    "relationshipName": .string(relationship.relationshipName), "cascadeDelete": false,
                    "deprecatedAndHidden": false, "restrictedDelete": false, "junctionIdListNames": [], "junctionReferenceTo": [],
                ]
            })
        let master = Layouts.masterRecordTypeID
        document["recordTypeInfos"] = [
            [
                "active": true, "name": "Master", "available": true, "defaultRecordTypeMapping": true, "master": true,
                "recordTypeId": .string(master), "developerName": "Master",
                "urls": ["layout": .string(type.path(version: version) + "/describe/layouts/" + master)],
            ]
        ]
        document["supportedScopes"] = [["label": "All", "name": "everything"], ["label": "Mine", "name": "mine"]]
        // The rest of a full describe's keys, sent as a real org sends them for an object without
        // those features: null, empty or false, never left out.
        let layoutable = document["layoutable"]?.boolValue ?? false
        for (key, value): (String, JSON) in [
            ("actionOverrides", []), ("namedLayoutInfos", []), ("compactLayoutable", .bool(layoutable)),
            ("searchLayoutable", .bool(layoutable)), ("listviewable", .null), ("lookupLayoutable", .null),
            ("defaultImplementation", .null), ("extendedBy", .null), ("extendsInterfaces", .null), ("implementedBy", .null),
            ("implementsInterfaces", .null), ("networkScopeFieldName", .null), ("sobjectDescribeOption", "FULL"),
        ] {
            document[key] = value
        }
        return .object(document)
    }

    /// A compound field's describe: not stored, so neither creatable nor filterable.
    static func field(_ compound: CompoundField) -> JSON {
        guard
            case .object(var json) = field(
                SObjectField(name: compound.name, label: compound.label, type: .string, createable: false, updateable: false))
        else { return .null }
        json["type"] = .string(compound.kind.rawValue)
        json["soapType"] = .string(compound.kind == .address ? "urn:address" : "urn:location")
        json["length"] = 0
        json["byteLength"] = 0
        for flag in ["filterable", "sortable", "groupable", "aggregatable"] { json[flag] = false }
        return .object(json)
    }

    static func field(_ field: SObjectField) -> JSON {
        let numeric: Set<FieldType> = [.int, .double, .currency, .percent]
        let isSystem = ["Id", "IsDeleted", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp"].contains(
            field.name)
        var json: [String: JSON] = [
            "name": .string(field.name), "label": .string(field.label), "type": .string(field.type.rawValue),
            "soapType": .string(field.type.soapType), "length": .integer(Int64(field.type.isText ? field.length : 0)),
            "byteLength": .integer(Int64(field.type.isText ? field.length * 3 : 0)),
            "nillable": .bool(field.nillable), "createable": .bool(field.createable), "updateable": .bool(field.updateable),
            "externalId": .bool(field.externalId), "unique": .bool(field.unique), "custom": .bool(field.custom),
            "nameField": .bool(field.nameField), "idLookup": .bool(field.idLookup),
            "defaultedOnCreate": .bool(field.defaultValue != nil || isSystem || field.name == "OwnerId"),
            "defaultValue": field.defaultValue.map(JSON.string) ?? .null,
            "calculated": false, "autoNumber": .bool(field.name == "CaseNumber"), "caseSensitive": false,
            "filterable": .bool(field.type != .textarea && field.type != .base64),
            "sortable": .bool(field.type != .textarea && field.type != .base64 && field.type != .multipicklist),
            "groupable": .bool(![.textarea, .base64, .double, .currency, .percent, .datetime].contains(field.type)),
            "aggregatable": .bool(field.type != .textarea && field.type != .base64),
            "precision": .integer(numeric.contains(field.type) && field.type != .int ? 18 : 0),
            "scale": .integer(field.type == .currency || field.type == .percent ? 2 : 0),
            "digits": .integer(field.type == .int ? 9 : 0),
            "referenceTo": .array(field.referenceTo.map(JSON.string)),
            "relationshipName": field.relationshipName.map(JSON.string) ?? .null,
            "restrictedPicklist": false, "dependentPicklist": false, "cascadeDelete": false, "deprecatedAndHidden": false,
            "htmlFormatted": false, "inlineHelpText": .null, "permissionable": .bool(!field.required && !isSystem),
            "picklistValues": .array(
                field.picklistValues.map { value in
                    [
                        "active": true, "defaultValue": .bool(value == field.defaultValue),
                        "label": .string(field.label(ofPicklistValue: value)),
                        "value": .string(value), "validFor": .null,
                    ]
                }),
        ]
        // Every field has every key, null or false where it does not apply, as a real org sends it.
        let polymorphic = field.referenceTo.count > 1
        for (key, value): (String, JSON) in [
            ("aiPredictionField", false), ("calculatedFormula", .null), ("compoundFieldName", .null), ("controllerName", .null),
            ("defaultValueFormula", .null), ("displayLocationInDecimal", false), ("encrypted", false), ("extraTypeInfo", .null),
            ("filteredLookupInfo", .null), ("formulaTreatNullNumberAsZero", false), ("highScaleNumber", false), ("mask", .null),
            ("maskType", .null), ("namePointing", .bool(polymorphic)), ("polymorphicForeignKey", .bool(polymorphic)),
            ("queryByDistance", false), ("referenceTargetField", .null), ("relationshipOrder", .null), ("restrictedDelete", false),
            ("searchPrefilterable", false), ("writeRequiresMasterRead", false),
        ] {
            json[key] = value
        }
        return .object(json)
    }
}
