import Foundation
import HeadlessLogin
import IdentityProvider
import LocalOrg
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import SmartStore

/// `forcekit quickstart`'s work: the whole SDK on one machine, step by step, against a LocalOrg
/// it starts and always stops.
struct Quickstart: Sendable {
    /// Where the files go.
    let workspace: QuickstartWorkspace
    /// How many Accounts a new org gets (and twice as many Contacts).
    let accounts: Int
    /// What the user is told.
    let narrator: QuickstartNarrator

    /// Runs every step, then `whileRunning` with the summary while LocalOrg still runs (`--keep`
    /// waits there), and stops LocalOrg, also when a step throws or the run is cancelled.
    func run(whileRunning: @Sendable (QuickstartSummary) async throws -> Void) async throws -> QuickstartSummary {
        let started = ContinuousClock.now
        narrator.begin(.startOrg)
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = workspace.orgData
        configuration.seedsSampleData = false
        return try await LocalOrgServer.withRunning(configuration) { server in
            var summary = try await steps(server)
            summary.seconds = (ContinuousClock.now - started).seconds
            try await whileRunning(summary)
            return summary
        }
    }

    private func steps(_ server: LocalOrgServer) async throws -> QuickstartSummary {
        var summary = QuickstartSummary(workspace: workspace)
        summary.org = try await startOrg(server)
        try AppTemplate.writeConfiguration(into: workspace.configuration)
        // Key files in `keys` on every platform (not the Keychain), as the CLI's home keeps
        // them: `FORCEKIT_HOME=<app folder>` then finds the account and the store's key.
        let keys = FileKeyStore(directory: workspace.app.appendingPathComponent("keys", isDirectory: true))
        let app = try await SalesforceApp(
            configuration: try AppConfiguration(contentsOf: workspace.configuration), directory: workspace.app, keyStore: keys,
            transport: NarratedTransport(
                base: URLSessionTransport.shared, shows: { $0.hasPrefix("/services/oauth2/") || $0.hasPrefix("/id/") }, narrator: narrator))
        summary.user = try await logIn(app, server)
        try Task.checkCancellation()
        summary.syncs = try await syncDown(app)
        let store = try await app.userStore()
        summary.storeFile = store.url.path
        let stores = await app.stores
        summary.storeKeyFile = keys.file(for: stores.keyLabel(forStoreAt: store.url)).path
        try Task.checkCancellation()
        let offline = try await QuickstartOfflineEdits(app: app, server: server, narrator: narrator).run()
        summary.offline = offline
        try Task.checkCancellation()
        summary.links = try await QuickstartLinks(app: app, workspace: workspace, narrator: narrator).run(offline)
        narrator.begin(.summary)
        summary.stepSeconds = narrator.stepDurations.map { ($0.0.shortName, $0.1) }
        return summary
    }

    // MARK: - Step 1

    private func startOrg(_ server: LocalOrgServer) async throws -> QuickstartSummary.Org {
        narrator.say("LocalOrg is listening at \(server.credentials.instanceURL)")
        narrator.say("its data: \(workspace.orgData.path)" + (workspace.isTemporary ? " (temporary)" : ""))
        let progress = narrator.progress("creating sample records")
        let before = ContinuousClock.now
        let counts = try await QuickstartSampleData.load(accounts: accounts, into: server, progress: progress)
        let created =
            counts.created ? String(format: " (created in %.1f s)", (ContinuousClock.now - before).seconds) : " (from the last run)"
        narrator.say(
            "the org has \(ProgressLine.count(counts.accounts)) Accounts and \(ProgressLine.count(counts.contacts)) Contacts" + created)
        return .init(instanceURL: server.credentials.instanceURL, accounts: counts.accounts, contacts: counts.contacts)
    }

    // MARK: - Step 2

    private func logIn(_ app: SalesforceApp, _ server: LocalOrgServer) async throws -> QuickstartSummary.User {
        narrator.begin(.logIn)
        let credentials = server.credentials
        guard let loginHost = LoginHost(credentials.loginURL) else {
            throw CLIInputError("LocalOrg's URL \(credentials.loginURL) is not a login host")
        }
        // The browser an app opens, played here: it shows each page it loads.
        let browser = SimulatedBrowser(
            username: credentials.username, password: credentials.password,
            transport: NarratedTransport(base: URLSessionTransport(followsRedirects: false), shows: { _ in true }, narrator: narrator))
        let account = try await app.logIn(at: loginHost, using: browser)
        let name = account.username ?? credentials.username
        narrator.say("logged in as \(name) (\(account.identity.userID.id18) in org \(account.identity.orgID.id18))")
        narrator.say("the account is sealed (AES-256-GCM) in \(workspace.app.appendingPathComponent("accounts").path)")
        return .init(username: name, userID: account.identity.userID.id18, orgID: account.identity.orgID.id18)
    }

    // MARK: - Step 3

    private func syncDown(_ app: SalesforceApp) async throws -> [QuickstartSummary.SyncFigure] {
        narrator.begin(.syncDown)
        let syncs = try await app.syncManager()
        let soups = try await app.userStore().allSoupNames()
        narrator.say("userstore.json made the soups \(soups.sorted().joined(separator: ", ")) in an encrypted store")
        var figures: [QuickstartSummary.SyncFigure] = []
        for (name, label) in [("syncDownAccounts", "Accounts"), ("syncDownContacts", "Contacts")] {
            try Task.checkCancellation()
            let progress = narrator.progress("syncing \(label) down")
            let state = try await syncs.reSync(named: name) { state in
                progress.update(done: state.recordsSynced, total: state.totalSize > 0 ? state.totalSize : nil)
            }
            progress.finish()
            let seconds = max(progress.elapsed, 0.001)
            guard state.status == .done else {
                throw CLIInputError("the sync \(name) ended \(state.status.rawValue): \(state.error)")
            }
            let figure = QuickstartSummary.SyncFigure(
                name: name, soup: state.soupName, records: state.recordsSynced, seconds: seconds)
            narrator.say(
                "\(name): \(ProgressLine.count(state.recordsSynced)) \(label) into soup \(state.soupName)"
                    + String(format: " in %.2f s, ", seconds) + "\(ProgressLine.count(Int(figure.recordsPerSecond))) records/s")
            figures.append(figure)
        }
        return figures
    }
}
