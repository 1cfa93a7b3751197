import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing
import URLEncoding

@Suite("LocalOrg composite, batch, tree and sObject collections")
struct CompositeTests {
    private func count(_ org: APITestOrg, _ token: String, _ soql: String) async throws -> Int64? {
        let reply = try await org.send(
            "GET", "\(org.dataPath)/query?q=\(soql.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", token: token)
        return reply.json["totalSize"]?.integerValue
    }

    @Test("composite runs subrequests in order; @{ref.field} reaches earlier answers, in URLs and bodies")
    func compositeReferences() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let reply = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token,
                json: [
                    "allOrNone": true,
                    "compositeRequest": [
                        [
                            "method": "POST", "url": .string("\(org.dataPath)/sobjects/Account"), "referenceId": "NewAccount",
                            "body": ["Name": "Composite Co"],
                        ],
                        [
                            "method": "GET", "url": .string("\(org.dataPath)/sobjects/Account/@{NewAccount.id}?fields=Name"),
                            "referenceId": "ReadBack",
                        ],
                        [
                            "method": "POST", "url": .string("\(org.dataPath)/sobjects/Contact"), "referenceId": "NewContact",
                            "body": ["LastName": "Lee", "AccountId": "@{NewAccount.id}", "Title": "Buyer at @{ReadBack.Name}"],
                        ],
                        [
                            "method": "GET",
                            "url": .string("\(org.dataPath)/query?q=SELECT+Id,Title+FROM+Contact+WHERE+AccountId='@{NewAccount.id}'"),
                            "referenceId": "Contacts",
                        ],
                        [
                            "method": "PATCH", "url": .string("\(org.dataPath)/sobjects/Contact/@{Contacts.records[0].Id}"),
                            "referenceId": "Rename",
                            "body": ["FirstName": "Ada"],
                        ],
                    ],
                ])
            #expect(reply.status == 200)
            let items = reply.json["compositeResponse"]?.arrayValue ?? []
            #expect(items.map { $0["httpStatusCode"]?.integerValue } == [201, 200, 201, 200, 204])
            #expect(items.map { $0["referenceId"]?.stringValue } == ["NewAccount", "ReadBack", "NewContact", "Contacts", "Rename"])
            let accountID = items[0]["body"]?["id"]?.stringValue ?? ""
            #expect(items[0]["httpHeaders"]?["Location"] == .string("\(org.dataPath)/sobjects/Account/\(accountID)"))
            #expect(items[1]["body"]?["Name"] == "Composite Co")
            #expect(items[3]["body"]?["records"]?[0]?["Title"] == "Buyer at Composite Co")
            #expect(items[4]["body"] == .null)
            let contactID = items[2]["body"]?["id"]?.stringValue ?? ""
            let contact = try await org.send(
                "GET", "\(org.dataPath)/sobjects/Contact/\(contactID)?fields=Name,AccountId", token: token)
            #expect(contact.json["Name"] == "Ada Lee")
            #expect(contact.json["AccountId"] == .string(accountID))
        }
    }

    @Test("allOrNone rolls every subrequest back; without it, only dependents of the failure are skipped")
    func compositeFailures() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let requests: JSON = [
                [
                    "method": "POST", "url": .string("\(org.dataPath)/sobjects/Account"), "referenceId": "Good",
                    "body": ["Name": "Kept Or Not"],
                ],
                [
                    "method": "POST", "url": .string("\(org.dataPath)/sobjects/Contact"), "referenceId": "Bad",
                    "body": ["FirstName": "No Last Name"],
                ],
                [
                    "method": "PATCH", "url": .string("\(org.dataPath)/sobjects/Contact/@{Bad.id}"), "referenceId": "Dependent",
                    "body": ["Title": "x"],
                ],
                ["method": "POST", "url": .string("\(org.dataPath)/sobjects/Account"), "referenceId": "After", "body": ["Name": "Also"]],
            ]
            let all = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token, json: ["allOrNone": true, "compositeRequest": requests])
            let allItems = all.json["compositeResponse"]?.arrayValue ?? []
            #expect(allItems.map { $0["httpStatusCode"]?.integerValue } == [400, 400, 400, 400])
            #expect(allItems[1]["body"]?[0]?["errorCode"] == "REQUIRED_FIELD_MISSING")
            for index in [0, 2, 3] {
                #expect(
                    allItems[index]["body"] == [
                        [
                            "errorCode": "PROCESSING_HALTED",
                            "message": "The transaction was rolled back since another operation in the same transaction failed.",
                        ]
                    ])
            }
            #expect(try await count(org, token, "SELECT COUNT() FROM Account") == 0)

            let some = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token, json: ["allOrNone": false, "compositeRequest": requests])
            let someItems = some.json["compositeResponse"]?.arrayValue ?? []
            #expect(someItems.map { $0["httpStatusCode"]?.integerValue } == [201, 400, 400, 201])
            #expect(someItems[2]["body"]?[0]?["errorCode"] == "PROCESSING_HALTED")
            #expect(someItems[2]["body"]?[0]?["message"] == "Invalid reference specified. No value for Bad.id found in Bad.")
            #expect(try await count(org, token, "SELECT COUNT() FROM Account") == 2)
        }
    }

    @Test("composite checks its shape and limits: 25 subrequests, 5 queries, unique reference ids")
    func compositeLimits() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            func subrequest(_ index: Int, query: Bool = false) -> JSON {
                query
                    ? [
                        "method": "GET", "url": .string("\(org.dataPath)/query?q=SELECT+Id+FROM+Account"),
                        "referenceId": .string("q\(index)"),
                    ]
                    : ["method": "GET", "url": .string("\(org.dataPath)/sobjects/Account/describe"), "referenceId": .string("r\(index)")]
            }
            let tooMany = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token,
                json: ["compositeRequest": .array((0..<26).map { subrequest($0) })])
            #expect(tooMany.status == 400)
            #expect(tooMany.json[0]?["message"] == "A composite request holds 1 to 25 subrequests; this one has 26.")
            let queries = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token,
                json: ["compositeRequest": .array((0..<6).map { subrequest($0, query: true) })])
            #expect(queries.status == 400)
            #expect(queries.json[0]?["errorCode"] == "LIMIT_EXCEEDED")
            let duplicate = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token,
                json: ["compositeRequest": [subrequest(1), subrequest(1)]])
            #expect(duplicate.json[0]?["message"] == "Duplicate referenceId provided in the request: r1")
            let shapeless = try await org.send("POST", "\(org.dataPath)/composite", token: token, json: ["requests": []])
            #expect(shapeless.json[0]?["errorCode"] == "JSON_PARSER_ERROR")
            let nested = try await org.send(
                "POST", "\(org.dataPath)/composite", token: token,
                json: [
                    "compositeRequest": [
                        [
                            "method": "POST", "url": .string("\(org.dataPath)/composite/batch"), "referenceId": "inner",
                            "body": ["batchRequests": []],
                        ]
                    ]
                ])
            #expect(nested.json["compositeResponse"]?[0]?["httpStatusCode"] == 400)
        }
    }

    @Test("batch runs independent subrequests in both URL forms; haltOnError stops after the first failure")
    func batch() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let created = try await org.send("POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "Batch Co"])
            let id = created.json["id"]?.stringValue ?? ""
            let requests: JSON = [
                ["method": "PATCH", "url": .string("\(org.version)/sobjects/Account/\(id)"), "richInput": ["Name": "Batch Renamed"]],
                ["method": "GET", "url": .string("/\(org.version)/sobjects/Account/001000000000000AAA")],
                ["method": "GET", "url": .string("\(org.version)/query?q=SELECT+Name+FROM+Account")],
            ]
            let reply = try await org.send(
                "POST", "\(org.dataPath)/composite/batch", token: token, json: ["batchRequests": requests])
            #expect(reply.status == 200)
            #expect(reply.json["hasErrors"] == true)
            let results = reply.json["results"]?.arrayValue ?? []
            #expect(results.map { $0["statusCode"]?.integerValue } == [204, 404, 200])
            #expect(results[0]["result"] == .null)
            #expect(results[1]["result"]?[0]?["errorCode"] == "NOT_FOUND")
            #expect(results[2]["result"]?["records"]?[0]?["Name"] == "Batch Renamed")

            let halted = try await org.send(
                "POST", "\(org.dataPath)/composite/batch", token: token,
                json: ["haltOnError": true, "batchRequests": .array(Array(requests.arrayValue?.reversed() ?? []))])
            #expect(halted.json["results"]?.arrayValue?.map { $0["statusCode"]?.integerValue } == [200, 404, 412])
            #expect(halted.json["results"]?[2]?["result"]?[0]?["errorCode"] == "BATCH_PROCESSING_HALTED")

            let tooMany = try await org.send(
                "POST", "\(org.dataPath)/composite/batch", token: token,
                json: ["batchRequests": .array(Array(repeating: requests[2] ?? .null, count: 26))])
            #expect(tooMany.status == 400)
            #expect(tooMany.json[0]?["errorCode"] == "INVALID_BATCH_REQUEST")
        }
    }

    @Test("tree creates parents and children together and answers each referenceId's id; one bad record stores nothing")
    func tree() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let good = try await org.send(
                "POST", "\(org.dataPath)/composite/tree/Account", token: token,
                json: [
                    "records": [
                        [
                            "attributes": ["type": "Account", "referenceId": "ref1"], "Name": "Tree One",
                            "Contacts": [
                                "records": [
                                    [
                                        "attributes": ["type": "Contact", "referenceId": "ref2"], "LastName": "Leaf",
                                        "Email": "leaf@example.com",
                                    ],
                                    ["attributes": ["type": "Contact", "referenceId": "ref3"], "LastName": "Branch"],
                                ]
                            ],
                        ],
                        ["attributes": ["type": "Account", "referenceId": "ref4"], "Name": "Tree Two"],
                    ]
                ])
            #expect(good.status == 201)
            #expect(good.json["hasErrors"] == false)
            let results = good.json["results"]?.arrayValue ?? []
            #expect(results.map { $0["referenceId"]?.stringValue } == ["ref1", "ref2", "ref3", "ref4"])
            let parentID = results[0]["id"]?.stringValue ?? ""
            let children = try await org.send(
                "GET", "\(org.dataPath)/query?q=SELECT+LastName+FROM+Contact+WHERE+AccountId='\(parentID)'+ORDER+BY+LastName",
                token: token)
            #expect(children.json["records"]?.arrayValue?.map { $0["LastName"] } == ["Branch", "Leaf"])

            let bad = try await org.send(
                "POST", "\(org.dataPath)/composite/tree/Account", token: token,
                json: [
                    "records": [
                        [
                            "attributes": ["type": "Account", "referenceId": "a1"], "Name": "Rolled Back",
                            "Contacts": [
                                "records": [["attributes": ["type": "Contact", "referenceId": "c1"], "LastName": "X", "Email": "123"]]
                            ],
                        ]
                    ]
                ])
            #expect(bad.status == 400)
            #expect(
                bad.json == [
                    "hasErrors": true,
                    "results": [
                        [
                            "referenceId": "c1",
                            "errors": [
                                [
                                    "statusCode": "INVALID_EMAIL_ADDRESS", "message": "Email: invalid email address: 123",
                                    "fields": ["Email"],
                                ]
                            ],
                        ]
                    ],
                ])
            #expect(try await count(org, token, "SELECT COUNT() FROM Account") == 2)

            let duplicate = try await org.send(
                "POST", "\(org.dataPath)/composite/tree/Account", token: token,
                json: [
                    "records": [
                        ["attributes": ["type": "Account", "referenceId": "same"], "Name": "A"],
                        ["attributes": ["type": "Account", "referenceId": "same"], "Name": "B"],
                    ]
                ])
            #expect(duplicate.json[0]?["message"] == "Duplicate ReferenceId provided in the request: same")
            #expect(try await count(org, token, "SELECT COUNT() FROM Account") == 2)
        }
    }

    @Test("sObject collections create, update, upsert, retrieve and delete; allOrNone reports every record")
    func collections() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let path = "\(org.dataPath)/composite/sobjects"
            let created = try await org.send(
                "POST", path, token: token,
                json: [
                    "allOrNone": false,
                    "records": [
                        ["attributes": ["type": "Account"], "Name": "One"],
                        ["attributes": ["type": "Contact"], "FirstName": "No last name"],
                        ["attributes": ["type": "Contact"], "LastName": "Two"],
                    ],
                ])
            let results = created.json.arrayValue ?? []
            #expect(results.map { $0["success"] } == [true, false, true])
            #expect(
                results[1] == [
                    "success": false,
                    "errors": [
                        [
                            "statusCode": "REQUIRED_FIELD_MISSING", "message": "Required fields are missing: [LastName]",
                            "fields": ["LastName"],
                        ]
                    ],
                ])
            let accountID = results[0]["id"]?.stringValue ?? ""
            let contactID = results[2]["id"]?.stringValue ?? ""

            let rolledBack = try await org.send(
                "POST", path, token: token,
                json: [
                    "allOrNone": true,
                    "records": [
                        ["attributes": ["type": "Account"], "Name": "Not kept"], ["attributes": ["type": "Account"]],
                    ],
                ])
            #expect(rolledBack.json[0]?["errors"]?[0]?["statusCode"] == "ALL_OR_NONE_OPERATION_ROLLED_BACK")
            #expect(rolledBack.json[1]?["errors"]?[0]?["statusCode"] == "REQUIRED_FIELD_MISSING")
            #expect(try await count(org, token, "SELECT COUNT() FROM Account") == 1)

            let updated = try await org.send(
                "PATCH", path, token: token,
                json: [
                    "records": [
                        ["attributes": ["type": "Account"], "id": .string(accountID), "Name": "One Renamed"],
                        ["attributes": ["type": "Contact"], "id": "003000000000000AAA", "LastName": "Ghost"],
                    ]
                ])
            #expect(updated.json[0] == ["id": .string(accountID), "success": true, "errors": []])
            #expect(updated.json[1]?["errors"]?[0]?["statusCode"] == "NOT_FOUND")

            let upserted = try await org.send(
                "PATCH", "\(path)/Account/External_Id__c", token: token,
                json: [
                    "records": [
                        ["attributes": ["type": "Account"], "External_Id__c": "X-1", "Name": "Upserted"]
                    ]
                ])
            #expect(upserted.json[0]?["created"] == true)
            let again = try await org.send(
                "PATCH", "\(path)/Account/External_Id__c", token: token,
                json: [
                    "records": [
                        ["attributes": ["type": "Account"], "External_Id__c": "X-1", "Name": "Upserted Again"]
                    ]
                ])
            #expect(again.json[0]?["created"] == false)
            #expect(again.json[0]?["id"] == upserted.json[0]?["id"])

            // Upsert by Id: "Id": null creates the record, as Salesforce takes it; an id updates it.
            let byID = try await org.send(
                "PATCH", "\(path)/Account/Id", token: token,
                json: [
                    "records": [
                        ["attributes": ["type": "Account"], "Id": .null, "Name": "Created By Id Upsert"],
                        ["attributes": ["type": "Account"], "Id": .string(accountID), "Name": "One Renamed"],
                    ]
                ])
            #expect(byID.json[0]?["created"] == true && byID.json[0]?["success"] == true, "\(byID.json)")
            #expect(byID.json[1] == ["id": .string(accountID), "success": true, "errors": [], "created": false], "\(byID.json)")

            let retrieved = try await org.send(
                "GET", "\(path)/Account?ids=\(accountID),001000000000000AAA&fields=Name", token: token)
            #expect(retrieved.json[0]?["Name"] == "One Renamed")
            #expect(retrieved.json[1] == .null)
            let posted = try await org.send(
                "POST", "\(path)/Contact", token: token, json: ["ids": [.string(contactID)], "fields": ["LastName"]])
            #expect(posted.json[0]?["LastName"] == "Two")

            let deleted = try await org.send(
                "DELETE", "\(path)?ids=\(accountID),\(contactID),nonsense&allOrNone=false", token: token)
            #expect(deleted.json.arrayValue?.map { $0["success"] } == [true, true, false])
            #expect(deleted.json[2]?["errors"]?[0]?["statusCode"] == "MALFORMED_ID")

            let tooMany = try await org.send(
                "POST", path, token: token,
                json: ["records": .array(Array(repeating: ["attributes": ["type": "Account"], "Name": "N"], count: 201))])
            #expect(tooMany.status == 400)
            #expect(tooMany.json[0]?["errorCode"] == "EXCEEDED_ID_LIMIT")
        }
    }
}
