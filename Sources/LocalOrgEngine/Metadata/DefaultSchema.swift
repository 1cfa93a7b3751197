import SalesforceCore

/// The custom fields and objects every LocalOrg has, on top of any schema file: external ids
/// for upsert, the `Merchandise__c` object of the Mobile SDK's samples, and a multi-select
/// picklist on Account (`Markets__c`, values with labels) for INCLUDES, EXCLUDES and toLabel().
enum DefaultSchema {
    static let json: JSON = [
        "objects": [
            [
                "name": "Merchandise__c", "label": "Merchandise", "labelPlural": "Merchandise", "keyPrefix": "a00",
                "fields": [
                    ["name": "Price__c", "type": "currency", "required": true],
                    ["name": "Quantity__c", "type": "int"],
                    ["name": "Description__c", "type": "textarea"],
                    [
                        "name": "Account__c", "type": "reference", "referenceTo": "Account", "relationshipName": "Account__r",
                        "childRelationshipName": "Merchandise__r",
                    ],
                    ["name": "External_Id__c", "label": "External ID", "type": "string", "length": 64, "externalId": true, "unique": true],
                ],
            ]
        ],
        "fields": [
            "Account": [
                ["name": "External_Id__c", "label": "External ID", "type": "string", "length": 64, "externalId": true, "unique": true],
                [
                    "name": "Markets__c", "label": "Markets", "type": "multipicklist",
                    "picklistValues": [
                        ["value": "AMER", "label": "Americas"], ["value": "EMEA", "label": "Europe, Middle East and Africa"],
                        ["value": "APAC", "label": "Asia Pacific"], ["value": "LATAM", "label": "Latin America"],
                    ],
                ],
            ],
            "Contact": [
                ["name": "External_Id__c", "label": "External ID", "type": "string", "length": 64, "externalId": true, "unique": true]
            ],
            "Opportunity": [["name": "External_Id__c", "label": "External ID", "type": "string", "length": 64, "externalId": true]],
        ],
    ]

    /// The standard objects with the default custom ones added.
    static func schema() throws(LocalOrgError) -> OrgSchema {
        var schema = try OrgSchema.standard()
        try SchemaFile.apply(json, from: "(built-in schema)", to: &schema)
        return schema
    }
}
