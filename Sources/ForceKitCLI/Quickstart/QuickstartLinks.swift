import DeepLinking
import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceLinks
import SmartStore

/// Step 5 of `forcekit quickstart`: a Salesforce app link and one of the app's own deep links,
/// each taken to a record read from the local store.
struct QuickstartLinks {
    let app: SalesforceApp
    let workspace: QuickstartWorkspace
    let narrator: QuickstartNarrator

    func run(_ offline: QuickstartSummary.Offline?) async throws -> [QuickstartSummary.OpenedLink] {
        narrator.begin(.links)
        guard let offline else { return [] }
        let store = try await app.userStore()
        let user = await app.currentUser?.identity
        var opened: [QuickstartSummary.OpenedLink] = []

        // The app's router, from its MobileDeepLinkingConfig.json; a route needing a login
        // proceeds only with a user.
        let configuration = try DeepLinkConfiguration(
            contentsOf: workspace.configuration.appendingPathComponent("MobileDeepLinkingConfig.json"))
        var router = DeepLinkRouter(configuration: configuration)
        let signedIn = user != nil
        router.register("requireLogin", .deciding { _ in signedIn ? .proceed : .decline })

        // A Salesforce app link: the Salesforce app's rules decide for the signed-in user, then
        // the router takes it to its screen.
        let salesforceURL = "salesforce1://sObject/\(offline.accountID)/view"
        let link = try SalesforceLink(parsing: salesforceURL)
        guard case .open(.viewRecord(let recordID)) = SalesforceLinkDecision.decide(link, signedIn: user) else {
            throw CLIInputError("\(salesforceURL) did not open a record for the signed-in user")
        }
        guard let recordRouting = try await router.route(salesforceURL).routing else {
            throw CLIInputError("\(salesforceURL) matched no route of MobileDeepLinkingConfig.json")
        }
        let account = try await record(recordID.id18, soup: "accounts", store: store)
        narrator.say(salesforceURL)
        narrator.say("  decision  open, view record \(recordID.id18) (same org as the signed-in user)")
        narrator.say("  route     \(recordRouting.match.route.name), handlers \(recordRouting.handlersRun.joined(separator: " → "))")
        narrator.say("  screen    \(recordRouting.screen?.className ?? "(none)")")
        narrator.say("  record    \(Self.describe(account, fields: ["Name", "Phone", "Industry", "BillingCity"])) (local store)")
        opened.append(
            .init(url: salesforceURL, route: recordRouting.match.route.name, screen: recordRouting.screen?.className, record: account))

        // The app's own deep link.
        let appURL = "\(AppConfigurationFiles.defaultScheme)://contacts/\(offline.createdContactID)"
        guard let routing = try await router.route(appURL).routing, let contactID = routing.parameters["contactId"] else {
            throw CLIInputError("\(appURL) matched no route of MobileDeepLinkingConfig.json")
        }
        let contact = try await record(contactID, soup: "contacts", store: store)
        let screen = routing.screen?.className
        narrator.say(appURL)
        narrator.say("  route     \(routing.match.route.name), handlers \(routing.handlersRun.joined(separator: " → "))")
        narrator.say("  screen    \(screen ?? "(none)")")
        narrator.say(
            "  record    \(Self.describe(contact, fields: ["FirstName", "LastName", "Title"])) (local store; created offline, now on the server)"
        )
        opened.append(.init(url: appURL, route: routing.match.route.name, screen: screen, record: contact))
        return opened
    }

    private func record(_ id: String, soup: String, store: SmartStore) async throws -> JSON {
        guard let record = try await store.query(using: .buildExactQuerySpec(soupName: soup, path: "Id", matchKey: .string(id))).first
        else {
            throw CLIInputError("the record \(id) is not in the soup \(soup)")
        }
        return record
    }

    static func describe(_ record: JSON, fields: [String]) -> String {
        fields.compactMap { name in record[name]?.stringValue.map { "\(name) \"\($0)\"" } }.joined(separator: ", ")
    }
}
