import ArgumentParser
import Foundation
import LocalOrg
import LocalOrgEngine
import Logging
import SalesforceCore

/// `forcekit-bench org-server` (hidden): LocalOrg in a process of its own, as `forcekit serve`
/// runs it, seeded with Accounts straight into its store; prints the credentials line
/// `forcekit serve` prints and serves until its standard input closes.
struct OrgServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "org-server", abstract: "LocalOrg for a suite, in a process of its own (used by the suites).",
        shouldDisplay: false)

    @Option(help: "Accounts to create before serving.") var accounts = 0
    @Option(help: "How their names begin; the number follows.") var prefix = "Account "
    @Option(name: .customLong("tree-accounts"), help: "Accounts named Tree and a number, each with Contacts.") var treeAccounts = 0
    @Option(name: .customLong("contacts-per-account"), help: "Contacts under each of them.") var contactsPerAccount = 0
    @Option(name: .customLong("seed-accounts"), help: "Generated Accounts, as forcekit serve --seed-accounts makes them.")
    var seedAccounts = 0
    @Option(name: .customLong("seed-contacts"), help: "Contacts each generated Account gets.") var seedContacts = 0
    @Option(help: "Keep the org in this folder, as forcekit serve --data does.") var data: String?

    func run() async throws {
        // The suite prints the figures; the SDK's progress lines would bury them.
        ForceKitLogging.setLevel(.warning)
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        configuration.dataDirectory = data.map { URL(fileURLWithPath: $0) }
        if seedAccounts > 0 { configuration.volumeSeed = VolumeSeed(accounts: seedAccounts, contactsPerAccount: seedContacts) }
        try await LocalOrgServer.withRunning(configuration) { server in
            let userID = server.credentials.user.userID.id18
            try await BenchOrg.load(accounts: accounts, into: server.store, as: userID, prefix: prefix)
            try await BenchOrg.loadTree(
                accounts: treeAccounts, contactsPerAccount: contactsPerAccount, into: server.store, as: userID)
            // Written straight to the file, not through a buffer the suite would wait on.
            FileHandle.standardOutput.write(Data((server.credentials.jsonLine + "\n").utf8))
            await Self.inputClosed()
        }
    }

    /// Returns when standard input reaches its end: the suite closed it, or ended.
    private static func inputClosed() async {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                while !FileHandle.standardInput.availableData.isEmpty {}
                continuation.resume()
            }
        }
    }
}
