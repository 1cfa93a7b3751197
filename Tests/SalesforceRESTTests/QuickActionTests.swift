import ForceKitTesting
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

/// Quick actions as real orgs answer them (a v60.0 org's `quickActions` and `defaultValues`,
/// recorded through Nango; jsforce's live-org test of LogACall), and the layouts a new org has
/// none of or one of (the guide's approval layouts and global publisher layout).
@Suite("Quick actions and publisher layouts")
struct QuickActionTests {
    @Test("the global actions are a real org's, in its order, with its URLs; posts have none")
    func globalActions() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let actions = try #require(try await client.send(client.requests.quickActions()).json?.arrayValue)
            // The recorded org's list, less New Note and Email, whose objects LocalOrg lacks.
            #expect(
                actions.compactMap { $0["name"]?.stringValue } == [
                    "LogACall", "NewAccount", "NewCase", "NewContact", "NewEvent", "NewGroup", "NewLead", "NewOpportunity", "NewTask",
                    "FeedItem.TextPost", "FeedItem.ContentPost", "FeedItem.MobileSmartActions", "FeedItem.LinkPost", "FeedItem.PollPost",
                    "FeedItem.QuestionPost",
                ])
            let logACall = actions[0]
            #expect(logACall["label"] == "Log a Call" && logACall["type"] == "LogACall")
            #expect(
                logACall["actionEnumOrId"]?.stringValue?.hasPrefix("09D") == true && logACall["actionEnumOrId"]?.stringValue?.count == 15)
            let base = "/services/data/\(client.requests.apiVersion)/quickActions/LogACall"
            #expect(
                logACall["urls"]
                    == [
                        "defaultValues": .string(base + "/defaultValues"), "quickAction": .string(base),
                        "describe": .string(base + "/describe"), "defaultValuesTemplate": .string(base + "/defaultValues/{ID}"),
                    ])
            #expect(actions[1]["type"] == "Create" && actions[1]["label"] == "New Account")
            let post = actions[9]
            #expect(
                post == ["actionEnumOrId": "FeedItem.TextPost", "label": "Post", "name": "FeedItem.TextPost", "type": "Post", "urls": [:]])
        }
    }

    @Test("default values are the recorded org's: New Task owned by the user and Not Started; Log a Call about its context")
    func defaultValues() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let credentials = try await org.logIn()
            let client = RestClient(credentials: credentials, refresher: nil)
            let newTask = try await client.send(client.requests.quickActionDefaultValues("NewTask")).json
            #expect(
                newTask
                    == [
                        "attributes": ["type": "Task"], "Subject": .null, "ActivityDate": .null, "WhoId": .null, "WhatId": .null,
                        "OwnerId": .string(credentials.identity.userID.id18), "Status": "Not Started",
                    ])
            #expect(
                try await client.send(client.requests.quickActionDefaultValues("LogACall")).json
                    == ["attributes": ["type": "Task"], "Subject": "Call", "Description": .null, "WhoId": .null, "WhatId": .null])
            let account = try #require(
                try await client.send(client.requests.create("Account", fields: ["Name": "Acme"])).json?["id"]?.stringValue)
            let opened = try await client.send(client.requests.quickActionDefaultValues("LogACall", contextID: account)).json
            #expect(opened?["WhatId"]?.stringValue == account && opened?["WhoId"] == .null && opened?["Description"] == .null)

            let describe = try #require(try await client.send(client.requests.describeQuickAction("LogACall")).json)
            #expect(describe["targetSobjectType"] == "Task" && describe["targetRecordTypeId"] == .null && describe["iconName"] == .null)
            #expect(describe["name"] == "LogACall" && describe["urls"]?.objectValue != nil)
            let laidOut = describe["layout"]?["layoutRows"]?.arrayValue?.flatMap { $0["layoutItems"]?.arrayValue ?? [] }
            #expect(
                laidOut?.compactMap { $0["layoutComponents"]?[0]?["value"]?.stringValue } == ["Subject", "Description", "WhoId", "WhatId"])
            // On an Account's page, New Contact fills in the account.
            let onAccount = try await client.send(client.requests.describeQuickAction("NewContact", objectType: "Account")).json
            #expect(onAccount?["targetParentField"] == "AccountId" && onAccount?["contextSobjectType"] == "Account")
        }
    }

    @Test("an action makes its record from its context, and answers as jsforce's live test expects")
    func perform() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let account = try #require(
                try await client.send(client.requests.create("Account", fields: ["Name": "Acme"])).json?["id"]?.stringValue)
            let result = try #require(
                try await client.send(client.requests.performQuickAction("LogACall", record: ["Subject": "Called"], contextID: account))
                    .json)
            #expect(result["success"] == true && result["created"] == true && result["feedItemIds"] == [] && result["errors"] == [])
            #expect(result["contextId"]?.stringValue == account)
            let id = try #require(result["id"]?.stringValue)
            let task = try await client.send(client.requests.retrieve("Task", id: id, fields: ["Subject", "WhatId"])).json
            #expect(task?["Subject"] == "Called" && task?["WhatId"]?.stringValue == account)

            let unknown = await #expect(throws: RestError.self) {
                try await client.send(client.requests.describeQuickAction("NoSuchAction"))
            }
            #expect(unknown?.status == 404)
            let refused = await #expect(throws: RestError.self) {
                try await client.send(client.requests.performQuickAction("NewAccount", record: ["Phone": "555"]))
            }
            #expect(refused?.salesforceErrors.first?.errorCode == "REQUIRED_FIELD_MISSING")
        }
    }

    @Test("a new org has no approval layouts, one global publisher layout, the system compact layouts, and no named layout")
    func layouts() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            // The guide's answer for an object with no approval process.
            #expect(try await client.send(client.requests.approvalLayouts("Account")).json == ["approvalLayouts": []])
            let global = try #require(try await client.send(client.requests.globalPublisherLayout()).json)
            #expect(global["recordTypeMappings"] == [] && global["recordTypeSelectorRequired"] == [false])
            let layout = try #require(global["layouts"]?[0])
            #expect(layout["buttonLayoutSection"] == .null && layout["detailLayoutSections"] == [] && layout["relatedLists"] == [])
            let post = try #require(
                layout["quickActionList"]?["quickActionListItems"]?.arrayValue?.first { $0["quickActionName"] == "FeedItem.TextPost" })
            // The guide's Post item, key for key.
            #expect(
                Set(post.objectValue?.keys ?? [:].keys) == [
                    "accessLevelRequired", "colors", "iconUrl", "icons", "label", "miniIconUrl", "quickActionName", "targetSobjectType",
                    "type",
                    "urls",
                ])
            #expect(post["colors"] == [["color": "65CAE4", "context": "primary", "theme": "theme4"]])
            #expect(post["label"] == "Post" && post["type"] == "Post" && post["urls"] == [:] && post["targetSobjectType"] == .null)
            #expect(post["icons"]?[0]?["url"]?.stringValue?.hasSuffix("/action/share_post.svg") == true)

            let compact = try #require(try await client.send(client.requests.compactLayouts(["Account", "Contact"])).json)
            #expect(compact["Account"]?["name"] == "SYSTEM" && compact["Account"]?["id"] == .null)
            #expect(compact["Contact"]?["label"] == "System Default" && compact["Contact"]?["objectType"] == "Contact")

            let named = await #expect(throws: RestError.self) {
                try await client.send(client.requests.namedLayout("User", name: "UserAlt"))
            }
            #expect(named?.status == 404)
        }
    }
}
