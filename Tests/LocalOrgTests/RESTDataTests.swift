import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("LocalOrg REST data API")
struct RESTDataTests {
    @Test("versions, resources, and the checks in front of them")
    func versionsAndResources() async throws {
        try await withTestOrg(seed: false) { org throws in
            let versions = try await org.send("GET", "/services/data")
            #expect(versions.status == 200)
            #expect(versions.json[0] == ["label": "Summer '14", "url": "/services/data/v31.0", "version": "31.0"])
            // Labels as Salesforce's release table has them (Apex Developer Guide, API versions), through
            // the newest released, Winter '27; the client's own version is among them.
            #expect(versions.json.arrayValue?.last == ["label": "Winter '27", "url": "/services/data/v68.0", "version": "68.0"])
            #expect(versions.json.arrayValue?.count == 38)
            for (label, version) in [("Winter '19", "44.0"), ("Spring '25", "63.0"), ("Spring '26", "66.0"), ("Summer '26", "67.0")] {
                let entry: JSON = ["label": .string(label), "url": .string("/services/data/v\(version)"), "version": .string(version)]
                #expect(versions.json.arrayValue?.contains(entry) == true, "\(version)")
            }
            #expect(versions.json.arrayValue?.contains { $0["url"] == .string(org.dataPath) } == true)
            #expect(versions.header("Content-Type") == "application/json;charset=UTF-8")
            let token = try await org.passwordToken()
            let resources = try await org.send("GET", org.dataPath, token: token)
            let names = [
                "sobjects", "query", "queryAll", "search", "parameterizedSearch", "recent", "limits", "composite", "connect", "chatter",
                "ui-api", "jobs", "quickActions", "tabs", "theme", "appMenu", "compactLayouts",
            ]
            #expect(resources.json == .object(Dictionary(uniqueKeysWithValues: names.map { ($0, JSON.string("\(org.dataPath)/\($0)")) })))
            // Every resource listed answers (connect and chatter are families whose roots are not resources).
            for name in names where !["connect", "chatter", "ui-api", "composite", "jobs", "compactLayouts"].contains(name) {
                let reply = try await org.send("GET", "\(org.dataPath)/\(name)?q=FIND+%7Bnothing%7D", token: token)
                #expect(reply.status != 404, "\(name) answers 404")
            }
            // compactLayouts' q names objects.
            #expect(try await org.send("GET", "\(org.dataPath)/compactLayouts?q=Account", token: token).status == 200)
            // Today's apps' versions answer (upstream's JavaScript sends v66.0, its React Native build
            // v63.0); a retired one is 410 GONE, one not released yet 404, as a real org answers them.
            for version in ["v63.0", "v66.0", "v68.0"] {
                #expect(try await org.send("GET", "/services/data/\(version)/sobjects", token: token).status == 200, "\(version)")
            }
            for retired in ["v30.0", "v20.0", "v7.0"] {
                let gone = try await org.send("GET", "/services/data/\(retired)/sobjects", token: token)
                #expect(gone.status == 410 && gone.json[0]?["errorCode"] == "GONE", "\(retired): \(gone.status)")
            }
            let future = try await org.send("GET", "/services/data/v69.0/sobjects", token: token)
            #expect(
                future.status == 404 && future.json == [["message": "The requested resource does not exist", "errorCode": "NOT_FOUND"]])
            #expect(try await org.send("GET", "\(org.dataPath)/sobjects").status == 401)
            #expect(
                try await org.send("GET", "\(org.dataPath)/nowhere", token: token).json
                    == [["message": "The requested resource does not exist", "errorCode": "NOT_FOUND"]])
        }
    }

    @Test("describeGlobal lists the standard and custom objects; describe gives fields and child relationships")
    func describe() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let global = try await org.send("GET", "\(org.dataPath)/sobjects", token: token)
            let names = Set(global.json["sobjects"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [])
            #expect(
                names.isSuperset(of: [
                    "Account", "Contact", "Lead", "Opportunity", "Case", "User", "ContentDocument",
                    "ContentVersion", "MobilePushServiceDevice", "Merchandise__c",
                ]))
            let account = try await org.send("GET", "\(org.dataPath)/sobjects/account/describe", token: token)
            #expect(account.json["name"] == "Account")
            #expect(account.json["keyPrefix"] == "001")
            let fields = account.json["fields"]?.arrayValue ?? []
            let byName = Dictionary(uniqueKeysWithValues: fields.compactMap { field in field["name"]?.stringValue.map { ($0, field) } })
            #expect(byName["Id"]?["type"] == "id")
            #expect(byName["Name"]?["nillable"] == false)
            #expect(byName["AnnualRevenue"]?["type"] == "currency")
            #expect(byName["OwnerId"]?["referenceTo"] == ["User"])
            #expect(byName["External_Id__c"]?["externalId"] == true)
            #expect(byName["External_Id__c"]?["custom"] == true)
            let children = account.json["childRelationships"]?.arrayValue ?? []
            #expect(
                children.contains { $0["relationshipName"] == "Contacts" && $0["childSObject"] == "Contact" && $0["field"] == "AccountId" })
            #expect(try await org.send("GET", "\(org.dataPath)/sobjects/Nope__c/describe", token: token).status == 404)
        }
    }

    @Test("create, read, update and delete a record, with the fields the server maintains")
    func crud() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let created = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Account/", token: token,
                json: ["Name": "Acme", "NumberOfEmployees": 120, "Industry": "Energy"])
            #expect(created.status == 201)
            let id = try #require(created.json["id"]?.stringValue)
            #expect(created.json == ["id": .string(id), "success": true, "errors": []])
            #expect(id.hasPrefix("001"))
            #expect(try SalesforceID(id).id18 == id)

            let record = try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(id)", token: token)
            #expect(record.json["attributes"] == ["type": "Account", "url": .string("\(org.dataPath)/sobjects/Account/\(id)")])
            #expect(record.json["NumberOfEmployees"] == 120)
            #expect(record.json["IsDeleted"] == false)
            let created15 = record.json["CreatedDate"]?.stringValue ?? ""
            #expect(created15.hasSuffix("+0000") && created15.count == 28)
            let owner = try #require(record.json["OwnerId"]?.stringValue)
            #expect(owner.hasPrefix("005"))
            #expect(record.json["CreatedById"] == .string(owner))
            #expect(record.json["LastModifiedDate"] == record.json["SystemModstamp"])

            let selected = try await org.send(
                "GET", "\(org.dataPath)/sobjects/Account/\(String(id.prefix(15)))?fields=Name,Industry", token: token)
            #expect(
                selected.text
                    == #"{"attributes":{"type":"Account","url":"\#(org.dataPath)/sobjects/Account/\#(id)"},"Id":"\#(id)","Name":"Acme","Industry":"Energy"}"#
            )

            org.clock.advance(by: 120)
            let patched = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Account/\(id)", token: token, json: ["Industry": "Banking"])
            #expect(patched.status == 204)
            #expect(patched.body.isEmpty)
            let modified = try await org.send(
                "GET", "\(org.dataPath)/sobjects/Account/\(id)?fields=Industry,LastModifiedDate", token: token)
            #expect(modified.json["Industry"] == "Banking")
            #expect(modified.json["LastModifiedDate"] != record.json["LastModifiedDate"])

            let stale = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Account/\(id)", token: token, json: ["Industry": "Retail"],
                headers: ["If-Unmodified-Since": httpDate(org.clock.now.addingTimeInterval(-60))])
            #expect(stale.status == 412)
            let fresh = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Account/\(id)", token: token, json: ["Industry": "Retail"],
                headers: ["If-Unmodified-Since": httpDate(org.clock.now.addingTimeInterval(60))])
            #expect(fresh.status == 204)

            #expect(try await org.send("DELETE", "\(org.dataPath)/sobjects/Account/\(id)", token: token).status == 204)
            let gone = try await org.send("GET", "\(org.dataPath)/sobjects/Account/\(id)", token: token)
            #expect(gone.status == 404)
            // As a real org answers, and upstream's React Native suite expects after a delete.
            #expect(gone.json[0] == ["errorCode": "NOT_FOUND", "message": "The requested resource does not exist"])
            let all = try await org.send(
                "GET", "\(org.dataPath)/queryAll?q=SELECT+IsDeleted+FROM+Account+WHERE+Id='\(id)'", token: token)
            #expect(all.json["records"]?[0]?["IsDeleted"] == true)
            let live = try await org.send("GET", "\(org.dataPath)/query?q=SELECT+Id+FROM+Account", token: token)
            #expect(live.json["totalSize"] == 0)
        }
    }

    private func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test(
        "write errors have Salesforce's codes, messages and fields",
        arguments: [
            (#"{"FirstName":"No"}"#, "REQUIRED_FIELD_MISSING", "Required fields are missing: [LastName]", ["LastName"]),
            (#"{"LastName":"X","Shoe__c":1}"#, "INVALID_FIELD", "No such column 'Shoe__c' on sobject of type Contact", ["Shoe__c"]),
            (
                #"{"LastName":"X","Id":"003000000000001"}"#, "INVALID_FIELD_FOR_INSERT_UPDATE",
                "Unable to create/update fields: Id. Please check the security settings of this field and verify that it is read/write for your profile or permission set.",
                ["Id"]
            ),
            (#"{"LastName":"X","Email":"not-an-email"}"#, "INVALID_EMAIL_ADDRESS", "Email: invalid email address: not-an-email", ["Email"]),
            (
                #"{"LastName":"X","Birthdate":"yesterday"}"#, "JSON_PARSER_ERROR",
                "Cannot deserialize instance of date from VALUE_STRING value yesterday or request may be missing a required field",
                ["Birthdate"]
            ),
            (
                #"{"LastName":"X","AccountId":"nonsense"}"#, "MALFORMED_ID", "Account ID: id value of incorrect type: nonsense",
                ["AccountId"]
            ),
            (
                #"{"LastName":"X","AccountId":"003000000000001AAA"}"#, "FIELD_INTEGRITY_EXCEPTION",
                "Account ID: id value of incorrect type: 003000000000001AAA", ["AccountId"]
            ),
            (
                #"{"LastName":"X","AccountId":"001000000000001AAA"}"#, "INVALID_CROSS_REFERENCE_KEY", "invalid cross reference id",
                ["AccountId"]
            ),
            (#"[1, 2"#, "JSON_PARSER_ERROR", nil, []),
        ] as [(String, String, String?, [String])])
    func writeErrors(body: String, code: String, message: String?, fields: [String]) async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let json = try? JSON(parsing: body)
            let reply: HTTPResponse
            if let json {
                reply = try await org.send("POST", "\(org.dataPath)/sobjects/Contact", token: token, json: json)
            } else {
                reply = try await org.send(
                    "POST", "\(org.dataPath)/sobjects/Contact", token: token, form: [:], headers: ["Content-Type": "application/json"])
            }
            #expect(reply.status == 400)
            #expect(reply.json[0]?["errorCode"] == .string(code))
            if let message { #expect(reply.json[0]?["message"] == .string(message)) }
            #expect((reply.json[0]?["fields"]?.arrayValue ?? []) == fields.map(JSON.string))
            #expect(
                try await org.send("GET", "\(org.dataPath)/query?q=SELECT+COUNT()+FROM+Contact", token: token).json["totalSize"] == 0
            )
        }
    }

    @Test("upsert by external id: 201 when new, 204 or 200 by version when it matches one, 300 when several")
    func upsert() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let path = "\(org.dataPath)/sobjects/Account/External_Id__c/EXT-1"
            let created = try await org.send("PATCH", path, token: token, json: ["Name": "Upsert Co"])
            #expect(created.status == 201)
            #expect(created.json["created"] == true)
            let id = try #require(created.json["id"]?.stringValue)
            let updated = try await org.send("PATCH", path, token: token, json: ["Name": "Upsert Co 2"])
            #expect(updated.status == 200)
            #expect(updated.json == ["id": .string(id), "success": true, "errors": [], "created": false])
            let old = try await org.send(
                "PATCH", "/services/data/v44.0/sobjects/Account/External_Id__c/EXT-1", token: token, json: ["Name": "Upsert Co 3"])
            #expect(old.status == 204)
            let duplicate = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "Other", "External_Id__c": "ext-1"])
            #expect(duplicate.json[0]?["errorCode"] == "DUPLICATE_VALUE")
            #expect(
                duplicate.json[0]?["message"] == .string("duplicate value found: External_Id__c duplicates value on record with id: \(id)"))

            for name in ["A", "B"] {
                _ = try await org.send(
                    "POST", "\(org.dataPath)/sobjects/Opportunity", token: token,
                    json: ["Name": .string(name), "StageName": "Prospecting", "CloseDate": "2026-01-31", "External_Id__c": "DUP"])
            }
            let several = try await org.send(
                "PATCH", "\(org.dataPath)/sobjects/Opportunity/External_Id__c/DUP", token: token, json: ["Amount": 5])
            #expect(several.status == 300)
            #expect(several.json.arrayValue?.count == 2)
            #expect(several.json[0]?.stringValue?.hasPrefix("\(org.dataPath)/sobjects/Opportunity/006") == true)
            let notExternal = try await org.send("PATCH", "\(org.dataPath)/sobjects/Account/Name/Acme", token: token, json: [:])
            #expect(notExternal.status == 404)
            // Any idLookup field upserts, not only external ids: Contact.Email creates, then updates,
            // then with two matches answers 300 with both records' URLs.
            let email = "\(org.dataPath)/sobjects/Contact/Email/pat@example.test"
            let byEmail = try await org.send("PATCH", email, token: token, json: ["LastName": "Pat"])
            #expect(byEmail.status == 201 && byEmail.json["created"] == true, "\(byEmail.json)")
            let againByEmail = try await org.send("PATCH", email, token: token, json: ["FirstName": "Pat"])
            #expect(againByEmail.status == 200 && againByEmail.json["id"] == byEmail.json["id"], "\(againByEmail.json)")
            _ = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Contact", token: token, json: ["LastName": "Twin", "Email": "pat@example.test"])
            let twoByEmail = try await org.send("PATCH", email, token: token, json: ["Title": "x"])
            #expect(twoByEmail.status == 300 && twoByEmail.json.arrayValue?.count == 2, "\(twoByEmail.json)")
            let contactDescribe = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/describe", token: token)
            let emailField = contactDescribe.json["fields"]?.arrayValue?.first { $0["name"] == "Email" }
            #expect(emailField?["idLookup"] == true)
            // GET by external id: one match is the record, several are the 300 list.
            let single = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Opportunity", token: token,
                json: ["Name": "Only", "StageName": "Prospecting", "CloseDate": "2026-01-31", "External_Id__c": "ONE"])
            let byExternal = try await org.send(
                "GET", "\(org.dataPath)/sobjects/Opportunity/External_Id__c/ONE?fields=Name", token: token)
            #expect(byExternal.json["Id"] == single.json["id"])
            #expect(byExternal.json["Name"] == "Only")
            #expect(try await org.send("GET", "\(org.dataPath)/sobjects/Opportunity/External_Id__c/DUP", token: token).status == 300)
            let wrongMethod = try await org.send(
                "PUT", "\(org.dataPath)/sobjects/Opportunity/\(single.json["id"]?.stringValue ?? "")", token: token, json: [:])
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.json[0]?["message"] == "HTTP Method 'PUT' not allowed. Allowed are GET,PATCH,DELETE")
        }
    }

    @Test("sobjects/T and recent list what the user viewed and edited through the API, latest first")
    func recentItems() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let empty = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/", token: token)
            #expect(empty.json["objectDescribe"]?["keyPrefix"] == "003")
            #expect(empty.json["recentItems"] == [])
            var ids: [String] = []
            for name in ["Ames", "Brook", "Cole"] {
                let created = try await org.send(
                    "POST", "\(org.dataPath)/sobjects/Contact", token: token, json: ["LastName": .string(name)])
                ids.append(created.json["id"]?.stringValue ?? "")
            }
            let account = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "Acme"])
            let accountID = account.json["id"]?.stringValue ?? ""
            _ = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/\(ids[0])", token: token)  // a view moves Ames up
            _ = try await org.send("PATCH", "\(org.dataPath)/sobjects/Contact/\(ids[1])", token: token, json: ["Title": "CEO"])
            _ = try await org.send("DELETE", "\(org.dataPath)/sobjects/Contact/\(ids[2])", token: token)  // gone from the list

            let contacts = try await org.send("GET", "\(org.dataPath)/sobjects/Contact", token: token)
            #expect(contacts.json["recentItems"]?.arrayValue?.compactMap { $0["Name"]?.stringValue } == ["Brook", "Ames"])
            #expect(contacts.json["recentItems"]?[0]?["attributes"]?["url"] == .string("\(org.dataPath)/sobjects/Contact/\(ids[1])"))
            let recent = try await org.send("GET", "\(org.dataPath)/recent", token: token)
            #expect(recent.json.arrayValue?.compactMap { $0["Id"]?.stringValue } == [ids[1], ids[0], accountID])
            #expect(recent.json[2]?["attributes"]?["type"] == "Account")
            #expect(try await org.send("GET", "\(org.dataPath)/recent?limit=1", token: token).json.arrayValue?.count == 1)
            // A limit is read as every other number a request carries: a bad one is a 400 that names it.
            let huge = try await org.send("GET", "\(org.dataPath)/recent?limit=99999999999999999999", token: token)
            #expect(huge.status == 400 && huge.json[0]?["errorCode"] == "INVALID_PARAMETER_VALUE")
            #expect(try await org.send("GET", "\(org.dataPath)/recent?limit=-3", token: token).status == 400)
            #expect(try await org.send("GET", "\(org.dataPath)/recent?limit=100000", token: token).status == 200)

        }
    }
}
