import DeepLinking
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceApp
import SalesforceCore
import SalesforceLinks
import Testing

@Suite("The app's links: MobileDeepLinkingConfig.json routed by the session, Salesforce links decided for its user")
struct AppLinkTests {
    static let deepLinks = """
        {"routes": {
           "contacts": {"class": "ContactListView"},
           "contacts/:contactId": {"class": "ContactEditView", "handlers": ["requireLogin"],
             "routeParameters": {"contactId": {"required": "true", "regex": "003[a-zA-Z0-9]{12}([a-zA-Z0-9]{3})?"}}},
           "sObject/:recordId/view": {"class": "RecordView", "handlers": ["requireLogin"]},
           "sales/:saleId": {"class": "SaleView", "handlers": ["logSale"]}}}
        """

    @Test("requireLogin waits for a user; a Salesforce link of another org waits for a login to it; the app's handlers run")
    func linksFollowTheSession() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                let config = folder.appendingPathComponent("config")
                try TemplateFiles.write(for: org, into: config)
                try Data(Self.deepLinks.utf8).write(to: config.appendingPathComponent("MobileDeepLinkingConfig.json"))
                let configuration = try AppConfiguration(contentsOf: config)
                #expect(configuration.deepLinks?.routes.count == 4)
                let app = try await SalesforceApp(configuration: configuration, directory: folder.appendingPathComponent("app"))
                let contact = "forcekitapp://contacts/003000000000001AAA"

                // Nobody signed in: the Contact screen needs a login, so the link falls back to the list.
                #expect(try await app.open(link: contact).routing?.screen?.className == "ContactListView")
                let record = "salesforce1://sObject/001000000000001AAA/view"
                let waiting = try await app.open(link: record)
                guard case .logInFirst(nil, nil, _, _) = waiting.salesforceDecision else {
                    Issue.record(
                        "a Salesforce link with nobody signed in asks for a login, not \(String(describing: waiting.salesforceDecision))")
                    return
                }
                #expect(waiting.routing == nil)

                _ = try await app.logIn(at: org.loginHost, using: org.browser)
                let opened = try await app.open(link: contact)
                #expect(opened.routing?.screen?.className == "ContactEditView" && opened[parameter: "contactId"] == "003000000000001AAA")
                let decided = try await app.open(link: record)
                #expect(decided.salesforceDecision == .open(.viewRecord(try SalesforceID("001000000000001AAA"))))
                #expect(decided[parameter: "recordId"] == "001000000000001AAA")

                // A link to a record of another org waits for a login to that org: no screen of this user's opens.
                let otherOrg = "salesforce1://sObject/001000000000001AAA/view?s1oid=00D000000000999"
                let elsewhere = try await app.open(link: otherOrg)
                #expect(elsewhere.routing == nil)
                guard case .logInFirst("00D000000000999", nil, _, _) = elsewhere.salesforceDecision else {
                    Issue.record("another org's link asks for a login to it, not \(String(describing: elsewhere.salesforceDecision))")
                    return
                }

                // A route naming a handler the app has not registered is an error that says so; once registered it runs.
                let unregistered = await #expect(throws: AppError.self) { try await app.open(link: "forcekitapp://sales/42") }
                #expect(
                    unregistered?.code == .link && unregistered?.message.contains("logSale") == true, "\(String(describing: unregistered))")
                await app.registerLinkHandler(
                    "logSale",
                    .deciding { parameters in
                        parameters["seen"] = "yes"
                        return .proceed
                    })
                #expect(try await app.open(link: "forcekitapp://sales/42")[parameter: "seen"] == "yes")
            }
        }
    }
}
