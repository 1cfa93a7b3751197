import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// Picklist values, polymorphic targets, defaults and describe flags of the objects whose field
/// set comes from NetCoreForce. The expected values are a real org's, as the Salesforce
/// extensions for VS Code cached its describes (AndrewPickett1/Pokeorg,
/// `.sfdx/tools/soqlMetadata/standardObjects/*.json`), and for Group a real org's complete
/// describe recorded by apache/camel (`group.json`), not LocalOrg's own data.
@Suite("Standard objects' values as real orgs describe them")
struct StandardObjectValuesTests {
    @Test("picklists carry a real org's values: Contract, Order and Asset statuses, Product2 Family, Task CallType")
    func picklists() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            func picklist(_ type: String, _ field: String) async throws -> [String] {
                let describe = try await org.send("GET", "\(org.dataPath)/sobjects/\(type)/describe", token: token).json
                let fields = StandardObjectsTests.fields(of: describe)
                return fields[field]?["picklistValues"]?.arrayValue?.compactMap { $0["value"]?.stringValue } ?? []
            }
            #expect(try await picklist("Contract", "Status") == ["In Approval Process", "Activated", "Draft"])
            #expect(try await picklist("Contract", "OwnerExpirationNotice") == ["15", "30", "45", "60", "90", "120"])
            #expect(try await picklist("Order", "StatusCode") == ["Draft", "Activated", "Canceled", "Expired", "Superseded"])
            #expect(try await picklist("Asset", "Status") == ["Shipped", "Installed", "Registered", "Obsolete", "Purchased"])
            #expect(try await picklist("Product2", "Family") == ["None"])
            #expect(try await picklist("Task", "CallType") == ["Internal", "Inbound", "Outbound"])
            #expect(try await picklist("Task", "Subject").prefix(3) == ["Call", "Email", "Send Letter"])
        }
    }

    @Test("a task may be about a product, and a user or a group may own it, as Task's WhatId and OwnerId allow")
    func polymorphicTargets() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let describe = try await org.send("GET", "\(org.dataPath)/sobjects/Task/describe", token: token).json
            let fields = StandardObjectsTests.fields(of: describe)
            // A real org lists every object a task may be about; these are the ones LocalOrg has.
            #expect(
                fields["WhatId"]?["referenceTo"]
                    == ["Account", "Asset", "Campaign", "Case", "Contract", "Opportunity", "Order", "Product2"])
            #expect(fields["OwnerId"]?["referenceTo"] == ["Group", "User"] && fields["OwnerId"]?["polymorphicForeignKey"] == true)
            // Salesforce gives the series' first task no relationship name: it cannot be traversed.
            #expect(fields["RecurrenceActivityId"]?["relationshipName"] == .null)

            let product = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Product2", token: token, json: ["Name": "Widget"]
            ).json["id"]?.stringValue
            let task = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Task", token: token, json: ["Subject": "Restock", "WhatId": .string(product ?? "")])
            #expect(task.status == 201, "\(task.text)")
            let found = try await org.send(
                "GET", "\(org.dataPath)/query?q=" + "SELECT What.Name, What.Type FROM Task".formQuery, token: token)
            #expect(found.json["records"]?[0]?["What"]?["Name"] == "Widget", "\(found.text)")
            #expect(found.json["records"]?[0]?["What"]?["Type"] == "Product2", "\(found.text)")
        }
    }

    @Test("describe flags follow a real org: permission checkboxes are neither sorted nor grouped, names are personname")
    func describeFlags() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            func fields(_ type: String) async throws -> [String: JSON] {
                StandardObjectsTests.fields(
                    of: try await org.send("GET", "\(org.dataPath)/sobjects/\(type)/describe", token: token).json)
            }
            let profile = try await fields("Profile")
            #expect(profile["PermissionsApiEnabled"]?["sortable"] == false && profile["PermissionsApiEnabled"]?["groupable"] == false)
            #expect(profile["PermissionsApiEnabled"]?["defaultValue"] == .null)
            // A label the source wrote as HTML reads as text.
            #expect(profile["PermissionsViewMyTeamsDashboards"]?["label"] == "View My Team's Dashboards")
            let user = try await fields("User")
            #expect(user["FirstName"]?["extraTypeInfo"] == "personname" && user["SmallPhotoUrl"]?["extraTypeInfo"] == "imageurl")
            let asset = try await fields("Asset")
            #expect(asset["IsDeleted"]?["defaultValue"] == false && asset["Street"]?["filterable"] == true)
            // Long text areas are plain text areas too (Account's recorded describe says so).
            let account = try await fields("Account")
            #expect(account["Description"]?["extraTypeInfo"] == "plaintextarea" && account["Description"]?["filterable"] == false)
        }
    }

    @Test("a public group needs its Name and Type, as a real org's describe of Group says")
    func groupRequiredFields() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let missing = try await org.send("POST", "\(org.dataPath)/sobjects/Group", token: token, json: ["Email": "a@b.c"])
            #expect(missing.status == 400 && missing.json[0]?["errorCode"] == "REQUIRED_FIELD_MISSING", "\(missing.text)")
            #expect(Set(missing.json[0]?["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["Name", "Type"])
            let made = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Group", token: token, json: ["Name": "Field reps", "Type": "Regular"])
            #expect(made.status == 201, "\(made.text)")
        }
    }
}
