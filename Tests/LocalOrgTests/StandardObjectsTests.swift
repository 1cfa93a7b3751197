import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// The standard objects with their standard fields as real orgs describe them. The expected
/// names, types and flags are those of real orgs' describes recorded by SFDO-Tooling/CumulusCI
/// (`cumulusci/tests/shared_cassettes/GET_sobjects_{Contact,Event,Lead,Opportunity}_describe.yaml`
/// and `GET_sobjects_Organization.yaml`), not LocalOrg's own data.
@Suite("The standard objects as real orgs describe them")
struct StandardObjectsTests {
    /// Contact's fields in a real org's describe, in its order (`IndividualId`, a reference to
    /// the data-privacy object LocalOrg lacks, left out).
    static let contactFields = [
        "Id", "IsDeleted", "MasterRecordId", "AccountId", "LastName", "FirstName", "Salutation", "Name", "OtherStreet", "OtherCity",
        "OtherState", "OtherPostalCode", "OtherCountry", "OtherLatitude", "OtherLongitude", "OtherGeocodeAccuracy", "OtherAddress",
        "MailingStreet", "MailingCity", "MailingState", "MailingPostalCode", "MailingCountry", "MailingLatitude", "MailingLongitude",
        "MailingGeocodeAccuracy", "MailingAddress", "Phone", "Fax", "MobilePhone", "HomePhone", "OtherPhone", "AssistantPhone",
        "ReportsToId", "Email", "Title", "Department", "AssistantName", "LeadSource", "Birthdate", "Description", "OwnerId",
        "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp", "LastActivityDate",
        "LastCURequestDate", "LastCUUpdateDate", "LastViewedDate", "LastReferencedDate", "EmailBouncedReason", "EmailBouncedDate",
        "IsEmailBounced", "PhotoUrl", "Jigsaw", "JigsawContactId", "CleanStatus",
    ]

    static func fields(of describe: JSON) -> [String: JSON] {
        Dictionary(
            (describe["fields"]?.arrayValue ?? []).compactMap { field in field["name"]?.stringValue.map { ($0, field) } },
            uniquingKeysWith: { first, _ in first })
    }

    @Test("Contact has every standard field a real org's has, HomePhone among them")
    func contactFields() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let describe = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/describe", token: token).json
            // The standard fields, beside the default schema's custom `External_Id__c`.
            let names = (describe["fields"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }.filter { !$0.hasSuffix("__c") }
            #expect(Set(names) == Set(Self.contactFields), "\(Set(names).symmetricDifference(Self.contactFields))")
            let fields = Self.fields(of: describe)
            // Page templates start with the org's URL, as a real org's do.
            let instance = org.credentials.instanceURL
            #expect(describe["urls"]?["uiDetailTemplate"]?.stringValue == instance + "/{ID}")
            #expect(describe["urls"]?["uiEditTemplate"]?.stringValue == instance + "/{ID}/e")
            #expect(describe["urls"]?["uiNewRecord"]?.stringValue == instance + "/003/e")
            #expect(fields["HomePhone"]?["type"] == "phone" && fields["HomePhone"]?["label"] == "Home Phone")
            #expect(fields["Name"]?["extraTypeInfo"] == "personname" && fields["Name"]?["createable"] == false)
            #expect(fields["Email"]?["idLookup"] == true && fields["Email"]?["length"] == 80)
            #expect(fields["MailingAddress"]?["type"] == "address" && fields["MailingStreet"]?["compoundFieldName"] == "MailingAddress")

            let id = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Contact", token: token,
                json: ["LastName": "Lee", "HomePhone": "(415) 555-0100", "AssistantName": "Sam"]
            ).json["id"]?.stringValue
            let found = try await org.send(
                "GET", "\(org.dataPath)/query?q=" + "SELECT HomePhone, AssistantName FROM Contact WHERE Id = '\(id ?? "")'".formQuery,
                token: token)
            #expect(found.json["records"]?[0]?["HomePhone"] == "(415) 555-0100" && found.json["records"]?[0]?["AssistantName"] == "Sam")
        }
    }

    @Test("Event has ActivityDateTime, EndDate and AccountId, and its Subject is a combobox that takes any text")
    func eventFields() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let fields = Self.fields(
                of: try await org.send("GET", "\(org.dataPath)/sobjects/Event/describe", token: token).json)
            #expect(fields["ActivityDateTime"]?["type"] == "datetime" && fields["ActivityDateTime"]?["label"] == "Due Date Time")
            #expect(fields["EndDate"]?["type"] == "date" && fields["EndDate"]?["createable"] == false)
            #expect(fields["AccountId"]?["referenceTo"] == ["Account"] && fields["AccountId"]?["updateable"] == false)
            #expect(fields["Subject"]?["type"] == "combobox" && fields["Subject"]?["nameField"] == true)
            #expect(
                fields["Subject"]?["picklistValues"]?.arrayValue?.compactMap { $0["value"]?.stringValue }
                    == ["Call", "Email", "Meeting", "Send Letter/Quote", "Other"])
            #expect(fields["ShowAs"]?["defaultValue"] == "Busy" && fields["ShowAs"]?["restrictedPicklist"] == true)

            let account =
                try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "Acme"])
                .json["id"]?.stringValue ?? ""
            let made = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Event", token: token,
                json: [
                    "Subject": "Site visit", "ActivityDateTime": "2026-12-01T23:30:00.000+0000", "DurationInMinutes": 45,
                    "WhatId": .string(account),
                ])
            #expect(made.status == 201, "\(made.text)")
            let id = made.json["id"]?.stringValue ?? ""
            let event = try await org.send("GET", "\(org.dataPath)/sobjects/Event/\(id)", token: token).json
            #expect(event["Subject"] == "Site visit" && event["ShowAs"] == "Busy" && event["DurationInMinutes"] == 45)
            // One instant in two fields, the end from the duration, the days of both, the account it is about.
            #expect(event["StartDateTime"] == "2026-12-01T23:30:00.000+0000" && event["EndDateTime"] == "2026-12-02T00:15:00.000+0000")
            #expect(event["ActivityDate"] == "2026-12-01" && event["EndDate"] == "2026-12-02")
            #expect(event["AccountId"]?.stringValue == account)
            let moved = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Event/\(id)", token: token, json: ["EndDateTime": "2026-12-02T01:30:00.000+0000"])
            #expect(moved.status == 204)
            let later = try await org.send("GET", "\(org.dataPath)/sobjects/Event/\(id)", token: token).json
            #expect(later["DurationInMinutes"] == 120 && later["ActivityDateTime"] == "2026-12-01T23:30:00.000+0000")
        }
    }

    @Test("a non-nillable field a create may leave out gets its default and cannot be cleared")
    func defaultedFields() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let lead =
                try await org.send(
                    "POST", "\(org.dataPath)/sobjects/Lead", token: token, json: ["LastName": "Ng", "Company": "Ng & Co"]
                ).json["id"]?.stringValue ?? ""
            #expect(
                try await org.send("GET", "\(org.dataPath)/sobjects/Lead/\(lead)", token: token).json["Status"]
                    == "Open - Not Contacted")
            let cleared = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Lead/\(lead)", token: token, json: ["Status": .null])
            #expect(
                cleared.status == 400 && cleared.json[0]?["errorCode"] == "REQUIRED_FIELD_MISSING"
                    && cleared.json[0]?["fields"] == ["Status"])
            let missing = try await org.send("POST", "\(org.dataPath)/sobjects/Opportunity", token: token, json: ["Name": "Deal"])
            #expect(missing.json[0]?["errorCode"] == "REQUIRED_FIELD_MISSING")
            #expect(Set(missing.json[0]?["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["StageName", "CloseDate"])
        }
    }

    @Test("the org's own record answers at sobjects/Organization/{orgId}, and nobody creates, changes or deletes it")
    func organization() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let orgID = org.credentials.user.orgID.id18
            let record = try await org.send("GET", "\(org.dataPath)/sobjects/Organization/\(orgID)", token: token)
            #expect(record.status == 200, "\(record.text)")
            #expect(record.json["Id"]?.stringValue == orgID && record.json["OrganizationType"] == "Developer Edition")
            #expect(record.json["DefaultLocaleSidKey"] == "en_US" && record.json["FiscalYearStartMonth"] == 1)
            let query = try await org.send(
                "GET", "\(org.dataPath)/query?q=" + "SELECT Id, Name, IsSandbox FROM Organization".formQuery, token: token)
            #expect(query.json["totalSize"] == 1 && query.json["records"]?[0]?["IsSandbox"] == false)

            let created = try await org.send("POST", "\(org.dataPath)/sobjects/Organization", token: token, json: ["Name": "Mine"])
            #expect(created.status == 400 && created.json[0]?["errorCode"] == "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY")
            #expect(created.json[0]?["message"] == "entity type cannot be inserted: Organization")
            let deleted = try await org.send("DELETE", "\(org.dataPath)/sobjects/Organization/\(orgID)", token: token)
            #expect(deleted.status == 400)
        }
    }

    @Test("products, price books and their entries relate as in a real org; a task's account is the one it is about")
    func productsAndTasks() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            func create(_ type: String, _ fields: JSON) async throws -> String {
                let reply = try await org.send("POST", "\(org.dataPath)/sobjects/\(type)", token: token, json: fields)
                return try #require(reply.json["id"]?.stringValue, "\(type): \(reply.text)")
            }
            let product = try await create("Product2", ["Name": "Widget", "ProductCode": "W-1", "IsActive": true])
            let book = try await create("Pricebook2", ["Name": "Retail", "IsActive": true])
            _ = try await create(
                "PricebookEntry", ["Product2Id": .string(product), "Pricebook2Id": .string(book), "UnitPrice": 9.5, "IsActive": true])
            let soql = "SELECT Name, (SELECT UnitPrice, Pricebook2.Name FROM PricebookEntries) FROM Product2"
            let found = try await org.send(
                "GET", "\(org.dataPath)/query?q=" + soql.formQuery, token: token)
            let entry = found.json["records"]?[0]?["PricebookEntries"]?["records"]?[0]
            #expect(entry?["UnitPrice"] == 9.5 && entry?["Pricebook2"]?["Name"] == "Retail", "\(found.text)")

            let account = try await create("Account", ["Name": "Acme"])
            let contact = try await create("Contact", ["LastName": "Lee", "AccountId": .string(account)])
            let task = try await create("Task", ["Subject": "Call back", "WhoId": .string(contact)])
            let read = try await org.send("GET", "\(org.dataPath)/sobjects/Task/\(task)", token: token).json
            #expect(read["AccountId"]?.stringValue == account && read["Status"] == "Not Started" && read["IsHighPriority"] == false)
        }
    }

    @Test("field history objects answer queries and subqueries (empty: a new org tracks no field), and nobody writes them")
    func fieldHistory() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            _ = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "Acme"])
            for soql in [
                "SELECT Id, Field, OldValue, NewValue, DataType, CreatedDate FROM AccountHistory",
                "SELECT Name, (SELECT Field, OldValue, NewValue FROM Histories) FROM Account",
                "SELECT StageName, Amount, CloseDate FROM OpportunityHistory",
            ] {
                let reply = try await org.send("GET", "\(org.dataPath)/query?q=" + soql.formQuery, token: token)
                #expect(reply.status == 200, "\(soql): \(reply.text)")
            }
            let fields = Self.fields(
                of: try await org.send("GET", "\(org.dataPath)/sobjects/ContactHistory/describe", token: token).json)
            #expect(fields["OldValue"]?["type"] == "anyType" && fields["OldValue"]?["filterable"] == false)
            let written = try await org.send(
                "POST", "\(org.dataPath)/sobjects/AccountHistory", token: token, json: ["Field": "Name"])
            #expect(written.json[0]?["errorCode"] == "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY")
        }
    }

    @Test("upsert by a standard idLookup field: an Opportunity's Name, a Case's CaseNumber")
    func upsertByStandardLookup() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let body: JSON = ["StageName": "Prospecting", "CloseDate": "2026-12-31"]
            let created = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Opportunity/Name/Big%20Deal", token: token, json: body)
            #expect(created.status == 201, "\(created.text)")
            let updated = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Opportunity/Name/Big%20Deal", token: token, json: ["StageName": "Qualification"])
            #expect(updated.status == 200 || updated.status == 204, "\(updated.text)")
            let notLookup = try await org.send("PATCH", "\(org.dataPath)/sobjects/Account/Name/Acme", token: token, json: [:])
            #expect(notLookup.status == 404)
        }
    }
}

extension String {
    /// The text percent-encoded for a query string.
    var formQuery: String { addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? self }
}
