import SalesforceCore

/// The describe family's JSON: describeGlobal entries, `objectDescribe` and the full describe.
enum DescribeDocument {
    /// The entry describeGlobal lists (also `objectDescribe` of `GET sobjects/T`).
    static func summary(of type: SObjectType, version: String) -> JSON {
        let path = type.path(version: version)
        let isSystem = type.isSystemType
        var summary: [String: JSON] = [
            "name": .string(type.name), "label": .string(type.label), "labelPlural": .string(type.labelPlural),
            "keyPrefix": .string(type.keyPrefix), "custom": .bool(type.custom), "customSetting": false,
            "createable": .bool(type.isCreateable), "updateable": .bool(type.isUpdateable), "deletable": .bool(type.isDeletable),
            "queryable": true, "retrieveable": true, "searchable": .bool(!isSystem), "layoutable": .bool(!isSystem),
            "undeletable": true, "mergeable": .bool(["Account", "Contact", "Lead"].contains(type.name)),
            "replicateable": true, "triggerable": true, "feedEnabled": .bool(!isSystem), "activateable": false,
            "deprecatedAndHidden": false, "hasSubtypes": false, "isSubtype": false, "mruEnabled": .bool(!isSystem),
            "associateEntityType": .null, "associateParentEntity": .null, "deepCloneable": false, "isInterface": false,
            "urls": urls(of: type, path: path, isSystem: isSystem),
        ]
        // The source's facts for the keys a summary has; the full describe takes the rest.
        for (key, value) in type.describeKeys where summary[key] != nil { summary[key] = value }
        return .object(summary)
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

    /// `GET sobjects/T/describe`; `instanceURL` starts the page templates a layoutable
    /// object's `urls` add (`uiDetailTemplate`, `uiEditTemplate`, `uiNewRecord`).
    static func full(of type: SObjectType, schema: OrgSchema, version: String, instanceURL: String = "") -> JSON {
        guard case .object(var document) = summary(of: type, version: version) else { return .null }
        if document["layoutable"] == true, case .object(var urls) = document["urls"] {
            urls["uiDetailTemplate"] = .string(instanceURL + "/{ID}")
            urls["uiEditTemplate"] = .string(instanceURL + "/{ID}/e")
            urls["uiNewRecord"] = .string(instanceURL + "/\(type.keyPrefix)/e")
            document["urls"] = .object(urls)
        }
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
        document.merge(type.describeKeys) { _, given in given }
        return .object(document)
    }

    /// A compound field's describe: read-only, built from its components, found by distance.
    static func field(_ compound: CompoundField) -> JSON {
        var field = SObjectField(name: compound.name, label: compound.label, type: .string, createable: false, updateable: false)
        field.describeKeys = [
            "type": .string(compound.kind.rawValue), "soapType": .string(compound.kind == .address ? "urn:address" : "urn:location"),
            "length": 0, "byteLength": 0, "sortable": false, "groupable": false, "aggregatable": false, "permissionable": true,
            "queryByDistance": true,
        ]
        return self.field(field)
    }

    /// A field's describe: every key a real org sends, derived from the field's type and flags
    /// as Salesforce derives them, then the keys the schema's source gives (`describeKeys`).
    static func field(_ field: SObjectField) -> JSON {
        let isSystem = field.isStorageField
        let writable = field.createable || field.updateable
        let polymorphic = field.referenceTo.count > 1
        var json: [String: JSON] = [
            "name": .string(field.name), "label": .string(field.label), "type": .string(field.type.rawValue),
            "soapType": .string(field.type.soapType), "length": .integer(Int64(field.type.isText ? field.length : 0)),
            "byteLength": .integer(Int64(field.type.isText ? field.length * (field.type == .id || field.type == .reference ? 1 : 3) : 0)),
            "nillable": .bool(field.nillable), "createable": .bool(field.createable), "updateable": .bool(field.updateable),
            "externalId": .bool(field.externalId), "unique": .bool(field.unique), "custom": .bool(field.custom),
            "nameField": .bool(field.nameField), "idLookup": .bool(field.idLookup),
            "defaultedOnCreate": .bool(field.defaultedOnCreate || isSystem),
            "defaultValue": field.defaultValue.map { value in field.type == .boolean ? .bool(value == "true") : .string(value) } ?? .null,
            "calculated": .bool(field.calculated), "autoNumber": .bool(field.autoNumber), "caseSensitive": false,
            "filterable": .bool(field.isFilterable), "sortable": .bool(field.isSortable), "groupable": .bool(field.isGroupable),
            "aggregatable": .bool(field.isAggregatable),
            "precision": .integer(Int64(field.precision)), "scale": .integer(Int64(field.scale)), "digits": .integer(Int64(field.digits)),
            "referenceTo": .array(field.referenceTo.map(JSON.string)),
            "relationshipName": field.relationshipName.map(JSON.string) ?? .null,
            "restrictedPicklist": .bool(field.restrictedPicklist), "dependentPicklist": false, "cascadeDelete": false,
            "deprecatedAndHidden": false, "htmlFormatted": false, "inlineHelpText": .null,
            "permissionable": .bool(
                !isSystem && !field.calculated && writable && (field.nillable || (field.type == .boolean && field.defaultedOnCreate))),
            "picklistValues": .array(
                field.picklistValues.map { value in
                    [
                        "active": .bool(!field.inactivePicklistValues.contains(value)),
                        "defaultValue": .bool(field.isDefaultPicklistValue(value)),
                        "label": .string(field.label(ofPicklistValue: value)), "value": .string(value), "validFor": .null,
                    ]
                }),
            "aiPredictionField": false, "calculatedFormula": .null, "compoundFieldName": .null, "controllerName": .null,
            "defaultValueFormula": .null, "displayLocationInDecimal": false, "encrypted": false,
            "extraTypeInfo": field.type == .textarea ? "plaintextarea" : .null,
            "filteredLookupInfo": .null, "formulaTreatNullNumberAsZero": false, "highScaleNumber": false, "mask": .null,
            "maskType": .null, "namePointing": .bool(polymorphic), "polymorphicForeignKey": .bool(polymorphic),
            "queryByDistance": false, "referenceTargetField": .null, "relationshipOrder": .null, "restrictedDelete": false,
            "searchPrefilterable": false, "writeRequiresMasterRead": false,
        ]
        json.merge(field.describeKeys) { _, given in given }
        return .object(json)
    }
}
