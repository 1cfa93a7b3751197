import ArgumentParser
import Foundation
import SalesforceCore

/// `forcekit quickstart`: the whole SDK working end to end on this machine, with no org and no
/// network.
struct QuickstartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quickstart",
        abstract: "Run the whole SDK end to end against an embedded LocalOrg: login, SmartStore, Mobile Sync, conflicts, links.",
        discussion: """
            Starts LocalOrg in this process with a few thousand Accounts and Contacts; logs in \
            through its login and consent pages (the OAuth web-server flow with PKCE, a browser \
            played by the tool) and keeps the account encrypted; creates the app's encrypted \
            SmartStore from a userstore.json and runs the syncs of a usersyncs.json; edits \
            records offline while a colleague edits the same Account on the server, syncs up \
            under LEAVE_IF_CHANGED and shows and resolves the conflict; deletes a record on the \
            server and resyncs; opens a Salesforce app link and an app deep link to records in \
            the local store; and prints a summary.

            Everything lives in a temporary folder that is removed at the end, also on Ctrl-C, \
            unless --data names a folder to keep. --keep leaves LocalOrg running after the \
            summary, with the commands to explore it, until Ctrl-C.

            Exit status: 0 when every step worked, 1 when one failed, 130 when interrupted.
            """
    )

    @Option(
        help: ArgumentHelp(
            "Keep LocalOrg's data, the app's files and its store in this folder instead of a temporary one.", valueName: "DIR"))
    var data: String?

    @Flag(help: "After the summary, leave LocalOrg running and print the commands to explore it; Ctrl-C stops it.")
    var keep = false

    @Flag(help: "Print only the summary, as one JSON object; progress stays on standard error.")
    var json = false

    @Option(help: "How many Accounts a new org gets; each gets two Contacts.")
    var accounts = 2_000

    func validate() throws {
        guard (10...100_000).contains(accounts) else { throw ValidationError("--accounts must be from 10 to 100000.") }
    }

    func run() async throws {
        try await Self.run(data: data, keep: keep, json: json, accounts: accounts)
    }

    /// The command's work, with `onStep` hearing each step begin (tests interrupt it there) and
    /// temporary folders made under `temporaryParent`.
    static func run(
        data: String?, keep: Bool, json: Bool, accounts: Int, temporaryParent: URL = FileManager.default.temporaryDirectory,
        onStep: (@Sendable (QuickstartStep) -> Void)? = nil
    ) async throws {
        let workspace: QuickstartWorkspace
        do {
            workspace = try QuickstartWorkspace.make(data: data, parent: temporaryParent)
        } catch {
            Console.printFailure("cannot make the quickstart's folder: \(error.localizedDescription)")
            throw ExitCode(1)
        }
        defer { workspace.removeIfTemporary() }
        let narrator = QuickstartNarrator(isVerbose: !json, onStep: onStep)
        let quickstart = Quickstart(workspace: workspace, accounts: accounts, narrator: narrator)
        let isKeeping = Locked(false)
        let outcome: Interruption.Outcome<QuickstartSummary>
        do {
            outcome = try await Interruption.run {
                try await quickstart.run { summary in
                    Self.report(summary, json: json)
                    guard keep else { return }
                    isKeeping.withLock { $0 = true }
                    try await Self.keepRunning(summary)
                }
            }
        } catch {
            Console.printFailure("\(error)")
            Console.printError(workspace.isTemporary ? "LocalOrg is stopped and the temporary folder removed." : "LocalOrg is stopped.")
            throw ExitCode(1)
        }
        guard case .finished = outcome else {
            let removed = workspace.isTemporary ? "; \(workspace.root.path) removed" : ""
            // With --keep, Ctrl-C after the summary is how the run ends.
            if isKeeping.withLock({ $0 }) {
                Console.printError("LocalOrg stopped\(removed).")
                return
            }
            Console.printError("interrupted: LocalOrg stopped\(removed)")
            throw ExitCode(130)
        }
    }

    private static func report(_ summary: QuickstartSummary, json: Bool) {
        if json {
            Console.print(summary.json.prettyPrinted())
            return
        }
        Console.print("")
        for line in summary.text { Console.print("    " + line) }
        Console.print("")
        Console.print("Done. Next: `forcekit create MyApp` writes a new app with these files; the README shows the rest.")
    }

    /// Prints the commands that explore the running org and its app, then waits for Ctrl-C. They
    /// run from the app's folder with paths relative to it, and set FORCEKIT_HOME for themselves
    /// only, so no shell keeps pointing at the folder once it is gone.
    private static func keepRunning(_ summary: QuickstartSummary) async throws {
        let app = summary.workspace.app.path
        let parent = (app as NSString).deletingLastPathComponent
        func relative(_ path: String?, or placeholder: String) -> String {
            guard let path else { return placeholder }
            if path.hasPrefix(app + "/") { return String(path.dropFirst(app.count + 1)) }
            return path.hasPrefix(parent + "/") ? "../" + path.dropFirst(parent.count + 1) : path
        }
        let lines = [
            "",
            "LocalOrg keeps running at \(summary.org?.instanceURL ?? "?"); Ctrl-C stops it\(summary.workspace.isTemporary ? " and removes the folder" : "").",
            "In another terminal, from the app's folder, which is also this run's CLI home (FORCEKIT_HOME=.):",
            "",
            "    cd \(app)",
            "    db=\(relative(summary.storeFile, or: "STORE"))",
            "    key=\(relative(summary.storeKeyFile, or: "KEY"))",
            "    FORCEKIT_HOME=. forcekit query \"SELECT Name, Phone FROM Account ORDER BY LastModifiedDate DESC LIMIT 3\"",
            "    FORCEKIT_HOME=. forcekit store query --path \"$db\" --key-file \"$key\" \\",
            "        --smart \"SELECT {contacts:FirstName}, {contacts:LastName} FROM {contacts} LIMIT 5\"",
            "    FORCEKIT_HOME=. forcekit sync list --path \"$db\" --key-file \"$key\"",
            "    FORCEKIT_HOME=. forcekit sync resync syncDownAccounts --path \"$db\" --key-file \"$key\"",
            "    FORCEKIT_HOME=. forcekit org open",
            "    forcekit doctor --app . --config \(relative(summary.workspace.configuration.path, or: "CONFIG"))",
        ]
        // With --json the summary owns standard output; the commands go to standard error.
        for line in lines { Console.printError(line) }
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
