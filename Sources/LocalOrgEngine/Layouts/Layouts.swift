import SalesforceCore

/// Page layouts generated from a type's fields, in the shapes of `describe/layouts`,
/// `describe/compactLayouts` and the UI API's `ui-api/layout`: the type's own fields in two
/// columns, then a system section, then a related list per child relationship.
enum Layouts {
    /// The Master record type, the only one LocalOrg has: its id is the same in every org.
    static let masterRecordTypeID = "012000000000000AAA"
    private static let auditFields: Set<String> = ["CreatedById", "LastModifiedById"]
    private static let hiddenFields: Set<String> = ["Id", "IsDeleted", "CreatedDate", "LastModifiedDate", "SystemModstamp"]
    private static let summaryPreference = [
        "Phone", "Email", "Title", "Company", "Industry", "BillingCity", "StageName", "Amount",
        "CloseDate", "Status", "Priority", "Subject", "AccountId", "Price__c",
    ]

    /// The fields that sum a record up: its name and up to three telling fields.
    static func summaryFields(of type: SObjectType) -> [SObjectField] {
        let name = type.nameField.map { [$0] } ?? [type.fields[0]]
        return name + summaryPreference.compactMap(type.field(named:)).filter { !$0.nameField }.prefix(3)
    }

    /// The layout id of a type: stable, one per type.
    static func layoutID(of type: SObjectType, schema: OrgSchema) -> String {
        RecordID.make(prefix: "00h", counter: Int64((schema.types.firstIndex { $0.name == type.name } ?? 0) + 1))
    }

    /// The sections: a heading and the fields in it.
    static func sections(of type: SObjectType) -> [(heading: String, fields: [SObjectField])] {
        // The name first, as Salesforce's layouts start; then what a user can write, in describe
        // order (fields only the server sets, a merged record's master, stay off the page).
        let name = type.nameField.map { [$0] } ?? []
        let own =
            name
            + type.fields.filter { field in
                !field.nameField && (field.createable || field.updateable) && !hiddenFields.contains(field.name)
                    && !auditFields.contains(field.name) && field.type != .base64
            }
        let audit = type.fields.filter { auditFields.contains($0.name) }
        return [("\(type.label) Information", own), ("System Information", audit)]
    }

    /// `describe/layouts` for one record type: detail and edit sections and related lists.
    static func describeLayout(of type: SObjectType, schema: OrgSchema) -> JSON {
        let layoutID = layoutID(of: type, schema: schema)
        let sections = JSON.array(
            sections(of: type).enumerated().map { index, section in
                describeSection(
                    section.heading, fields: section.fields, id: RecordID.make(prefix: "01B", counter: Int64(index + 1)), layoutID: layoutID
                )
            })
        return [
            "id": .string(layoutID), "buttonLayoutSection": ["detailButtons": []], "detailLayoutSections": sections,
            "editLayoutSections": sections, "feedView": .null, "highlightsPanelLayoutSection": .null,
            "multirowEditLayoutSections": [], "offlineLinks": [], "quickActionList": ["quickActionListItems": []],
            "relatedContent": .null, "saveOptions": [],
            "relatedLists": .array(
                schema.childRelationships(of: type.name).compactMap { relationship in
                    guard let child = schema.type(named: relationship.childObject) else { return nil }
                    return [
                        "buttons": [], "custom": .bool(child.custom), "field": .string(relationship.field),
                        "label": .string(child.labelPlural), "limitRows": 5, "name": .string(relationship.relationshipName),
                        "sobject": .string(child.name), "sort": [["column": "LastModifiedDate", "ascending": false]],
                        "columns": .array(
                            summaryFields(of: child).map { field in
                                [
                                    "field": .string("\(child.name).\(field.name)"), "fieldApiName": .string(field.name), "format": .null,
                                    "label": .string(field.label), "lookupId": "Id", "name": .string(field.name), "sortable": true,
                                ]
                            }),
                    ]
                }),
        ]
    }

    static func describeSection(_ heading: String, fields: [SObjectField], id: String, layoutID: String) -> JSON {
        let rows = stride(from: 0, to: fields.count, by: 2).map { start in
            let items = fields[start..<min(start + 2, fields.count)].map(describeItem)
            return JSON.object(["layoutItems": .array(items), "numItems": .integer(Int64(items.count))])
        }
        return [
            "collapsed": false, "columns": 2, "heading": .string(heading), "layoutRows": .array(rows),
            "layoutSectionId": .string(id), "parentLayoutId": .string(layoutID), "rows": .integer(Int64(rows.count)),
            "tabOrder": "TopToBottom", "useCollapsibleSection": false, "useHeading": true,
        ]
    }

    /// One field of a layout, with its describe in `details`.
    static func describeItem(_ field: SObjectField) -> JSON {
        [
            "editableForNew": .bool(field.createable), "editableForUpdate": .bool(field.updateable), "label": .string(field.label),
            "placeholder": false, "required": .bool(field.required),
            "layoutComponents": [
                ["details": DescribeDocument.field(field), "displayLines": 1, "tabOrder": 1, "type": "Field", "value": .string(field.name)]
            ],
        ]
    }

    /// `describe/compactLayouts/primary`: the system default compact layout.
    static func compactLayout(of type: SObjectType) -> JSON {
        [
            "actions": [], "fieldItems": .array(summaryFields(of: type).map(describeItem)), "id": .null, "imageItems": [],
            "label": "System Default", "name": "SYSTEM", "objectType": .string(type.name),
        ]
    }

    /// `ui-api/layout/T`: the UI API's form, Full or Compact.
    static func uiLayout(of type: SObjectType, schema: OrgSchema, compact: Bool, mode: String) -> JSON {
        let sections: [(heading: String, fields: [SObjectField])] = compact ? [("", summaryFields(of: type))] : sections(of: type)
        return [
            "id": .string(layoutID(of: type, schema: schema)), "layoutType": .string(compact ? "Compact" : "Full"), "mode": .string(mode),
            "objectApiName": .string(type.name), "recordTypeId": .string(masterRecordTypeID), "saveOptions": [],
            "sections": .array(
                sections.enumerated().map { index, section in
                    let rows = stride(from: 0, to: section.fields.count, by: 2).map { start in
                        JSON.object([
                            "layoutItems": .array(
                                section.fields[start..<min(start + 2, section.fields.count)].map { field in
                                    [
                                        "editableForNew": .bool(field.createable), "editableForUpdate": .bool(field.updateable),
                                        "label": .string(field.label),
                                        "lookupIdApiName": field.type == .reference ? .string(field.name) : .null,
                                        "required": .bool(field.required), "sortable": false,
                                        "layoutComponents": [
                                            ["apiName": .string(field.name), "componentType": "Field", "label": .string(field.label)]
                                        ],
                                    ]
                                })
                        ])
                    }
                    return [
                        "collapsible": false, "columns": 2, "heading": .string(section.heading),
                        "id": .string(RecordID.make(prefix: "01B", counter: Int64(index + 1))), "layoutRows": .array(rows),
                        "rows": .integer(Int64(rows.count)), "useHeading": .bool(!compact),
                    ]
                }),
        ]
    }
}
