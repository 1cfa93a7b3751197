import DeepLinking
import Foundation
import SalesforceApp
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
        // A Salesforce app link: the app decides it for the signed-in user (the Salesforce app's
        // rules), then routes it by its MobileDeepLinkingConfig.json.
        let salesforceURL = "salesforce1://sObject/\(offline.accountID)/view"
        let account = try await open(
            salesforceURL, idParameter: "recordId", soup: "accounts", fields: ["Name", "Phone", "Industry", "BillingCity"],
            note: "local store")

        // The app's own deep link.
        let appURL = "\(AppTemplate.scheme)://contacts/\(offline.createdContactID)"
        let contact = try await open(
            appURL, idParameter: "contactId", soup: "contacts", fields: ["FirstName", "LastName", "Title"],
            note: "local store; created offline, now on the server")
        return [account, contact]
    }

    /// Opens `url` in the app, reads the record its `idParameter` names from `soup`, and says both.
    private func open(
        _ url: String, idParameter: String, soup: String, fields: [String], note: String
    ) async throws -> QuickstartSummary.OpenedLink {
        narrator.say(url)
        let opened = try await app.open(link: url)
        if let decision = opened.salesforceDecision {
            guard case .open(.viewRecord(let recordID)) = decision else {
                throw CLIInputError("\(url) did not open a record for the signed-in user")
            }
            narrator.say("  decision  open, view record \(recordID.id18) (same org as the signed-in user)")
        }
        guard let routing = opened.routing, let id = routing.parameters[idParameter] else {
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
