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

    func run(_ offline: QuickstartSummary.Offline) async throws -> [QuickstartSummary.OpenedLink] {
        narrator.begin(.links)
        let user = await app.currentUser?.identity
        // The app's router, from its MobileDeepLinkingConfig.json; a route needing a login
        // proceeds only with a user.
        var router = DeepLinkRouter(
            configuration: try DeepLinkConfiguration(
                contentsOf: workspace.configuration.appendingPathComponent("MobileDeepLinkingConfig.json")))
        let signedIn = user != nil
        router.register("requireLogin", .deciding { _ in signedIn ? .proceed : .decline })

        // A Salesforce app link: the Salesforce app's rules decide for the signed-in user first.
        let salesforceURL = "salesforce1://sObject/\(offline.accountID)/view"
        guard
            case .open(.viewRecord(let recordID)) = SalesforceLinkDecision.decide(
                try SalesforceLink(parsing: salesforceURL), signedIn: user)
        else { throw CLIInputError("\(salesforceURL) did not open a record for the signed-in user") }
        narrator.say(salesforceURL)
        narrator.say("  decision  open, view record \(recordID.id18) (same org as the signed-in user)")
        let account = try await open(
            salesforceURL, router: router, idParameter: "recordId", soup: "accounts", fields: ["Name", "Phone", "Industry", "BillingCity"],
            note: "local store")

        // The app's own deep link.
        let appURL = "\(AppConfigurationFiles.defaultScheme)://contacts/\(offline.createdContactID)"
        narrator.say(appURL)
        let contact = try await open(
            appURL, router: router, idParameter: "contactId", soup: "contacts", fields: ["FirstName", "LastName", "Title"],
            note: "local store; created offline, now on the server")
        return [account, contact]
    }

    /// Routes `url`, reads the record its `idParameter` names from `soup`, and says both.
    private func open(
        _ url: String, router: DeepLinkRouter, idParameter: String, soup: String, fields: [String], note: String
    ) async throws -> QuickstartSummary.OpenedLink {
        guard let routing = try await router.route(url).routing, let id = routing.parameters[idParameter] else {
            throw CLIInputError("\(url) matched no route of MobileDeepLinkingConfig.json")
        }
        let found = try await record(id, soup: soup, store: try await app.userStore())
        let screen = routing.screen?.className
        narrator.say("  route     \(routing.match.route.name), handlers \(routing.handlersRun.joined(separator: " → "))")
        narrator.say("  screen    \(screen ?? "(none)")")
        narrator.say("  record    \(Self.describe(found, fields: fields)) (\(note))")
        return .init(url: url, route: routing.match.route.name, screen: screen, record: found)
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
