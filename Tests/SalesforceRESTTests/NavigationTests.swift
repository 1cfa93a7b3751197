import ForceKitTesting
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

/// `tabs`, `theme`, `appMenu` and `connect/communities` against the REST API guide's examples and
/// recorded real-org answers (the guide's Accounts tab, a v59.0 org's app menus, a v49.0 org's
/// communities).
@Suite("Tabs, theme, app menus and communities")
struct NavigationTests {
    @Test("the Accounts tab is the guide's example; every tab names its object and URL; theme gives each object's colours")
    func tabsAndTheme() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let credentials = try await org.logIn()
            let client = RestClient(credentials: credentials, refresher: nil)
            let host = credentials.instanceURL.absoluteString
            let tabs = try #require(try await client.send(client.requests.tabs()).json?.arrayValue)
            let accounts = try #require(tabs.first { $0["name"] == "standard-Account" })
            #expect(
                accounts
                    == [
                        "colors": [
                            ["color": "6f7ccb", "context": "primary", "theme": "theme4"],
                            ["color": "236FBD", "context": "primary", "theme": "theme3"],
                        ],
                        "custom": false, "iconUrl": .string(host + "/img/icon/accounts32.png"),
                        "icons": [
                            [
                                "contentType": "image/png", "height": 32, "theme": "theme3",
                                "url": .string(host + "/img/icon/accounts32.png"),
                                "width": 32,
                            ],
                            [
                                "contentType": "image/png", "height": 16, "theme": "theme3",
                                "url": .string(host + "/img/icon/accounts16.png"),
                                "width": 16,
                            ],
                            [
                                "contentType": "image/svg+xml", "height": 0, "theme": "theme4",
                                "url": .string(host + "/img/icon/t4/standard/account.svg"), "width": 0,
                            ],
                            [
                                "contentType": "image/png", "height": 60, "theme": "theme4",
                                "url": .string(host + "/img/icon/t4/standard/account_60.png"), "width": 60,
                            ],
                            [
                                "contentType": "image/png", "height": 120, "theme": "theme4",
                                "url": .string(host + "/img/icon/t4/standard/account_120.png"), "width": 120,
                            ],
                        ],
                        "label": "Accounts", "miniIconUrl": .string(host + "/img/icon/accounts16.png"), "name": "standard-Account",
                        "sobjectName": "Account", "url": .string(host + "/001/o"),
                    ])
            // jsforce's live-org check: every tab has a label, a name and a URL.
            #expect(tabs.allSatisfy { $0["label"]?.stringValue != nil && $0["name"]?.stringValue != nil && $0["url"]?.stringValue != nil })
            #expect(tabs.contains { $0["sobjectName"] == "Contact" } && tabs.contains { $0["sobjectName"] == "Opportunity" })

            let theme = try #require(try await client.send(client.requests.theme()).json?["themeItems"]?.arrayValue)
            let account = try #require(theme.first { $0["name"] == "Account" })
            #expect(account["colors"] == accounts["colors"] && account["icons"]?.arrayValue?.count == 5)
        }
    }

    @Test("the app menus are a recorded org's: the three menus, Sales and Service, Chatter in the mobile menu")
    func appMenus() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let base = "/services/data/\(client.requests.apiVersion)/appMenu"
            #expect(
                try await client.send(client.requests.appMenu()).json
                    == [
                        "AppSwitcher": .string(base + "/AppSwitcher"), "Salesforce1": .string(base + "/Salesforce1"),
                        "NetworkTabs": .string(base + "/NetworkTabs"),
                    ])
            let apps = try #require(try await client.send(client.requests.appMenu("AppSwitcher")).json?["appMenuItems"]?.arrayValue)
            #expect(apps.compactMap { $0["label"]?.stringValue } == ["Sales", "Service"])
            let sales = apps[0]
            let id = try #require(sales["name"]?.stringValue)
            #expect(id.hasPrefix("02u") && id.count == 15 && sales["type"] == "Tabset" && sales["colors"] == .null)
            #expect(sales["url"]?.stringValue == "/home/home.jsp?tsid=\(id)")
            let mobile = try #require(try await client.send(client.requests.appMenu("Salesforce1")).json?["appMenuItems"]?.arrayValue)
            let chatter = try #require(mobile.first { $0["type"] == "Standard.Feed" })
            #expect(chatter["label"] == "Chatter" && chatter["name"] == "F" && chatter["url"] == "/feed")
            #expect(chatter["colors"] == [["color": "1B96FF", "context": "primary", "theme": "theme4"]])
        }
    }

    @Test("communities lists the org's sites with a recorded org's keys; one by id; none that is not live")
    func communities() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let credentials = try await org.logIn()
            let client = RestClient(credentials: credentials, refresher: nil)
            let listing = try #require(try await client.send(client.requests.communities()).json)
            #expect(listing["total"] == 1)
            let partners = try #require(listing["communities"]?[0])
            // The recorded v49.0 site's keys, and those later versions added.
            let recorded: Set<String> = [
                "allowChatterAccessWithoutLogin", "allowMembersToFlag", "description", "guestMemberVisibilityEnabled", "id",
                "invitationsEnabled", "knowledgeableEnabled", "loginUrl", "memberVisibilityEnabled", "name", "nicknameDisplayEnabled",
                "privateMessagesEnabled", "reputationEnabled", "sendWelcomeEmail", "siteAsContainerEnabled", "siteUrl", "status",
                "templateName", "url", "urlPathPrefix",
            ]
            #expect(
                Set(partners.objectValue?.keys ?? [:].keys)
                    == recorded.union(["builderBasedSnaEnabled", "builderUrl", "imageOptimizationCDNEnabled"]))
            let id = try #require(partners["id"]?.stringValue)
            let site = credentials.instanceURL.absoluteString + "/partners"
            #expect(id.hasPrefix("0DB") && id.count == 18 && partners["status"] == "Live" && partners["name"] == "Partners")
            #expect(partners["siteUrl"]?.stringValue == site && partners["loginUrl"]?.stringValue == site + "/login")
            #expect(partners["url"]?.stringValue == "/services/data/\(client.requests.apiVersion)/connect/communities/\(id)")
            #expect(partners["allowMembersToFlag"] == false && partners["urlPathPrefix"] == "partners")
            #expect(try await client.send(client.requests.community(id)).json == partners)
            #expect(try await client.send(client.requests.communities(status: "Inactive")).json == ["communities": [], "total": 0])
            let unknown = await #expect(throws: RestError.self) { try await client.send(client.requests.community("0DB000000000000AAA")) }
            #expect(unknown?.status == 404)
        }
    }
}
