public import ArgumentParser
import Foundation
import Logging
import SalesforceCore

/// `forcekit`: the ForceKit developer tool.
public struct ForceKitCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "forcekit",
        abstract:
            "The ForceKit developer tool: LocalOrg (a Salesforce-compatible server), logins and REST calls, SmartStore databases, Mobile Sync, hybrid and React Native apps' native side, the identity-provider handoff, deep links and app links.",
        discussion: """
            Start with `forcekit quickstart`: the whole SDK end to end on this machine, with no \
            org and no network. `forcekit create NAME` writes a new app (`--template hybrid` a \
            hybrid one, which `forcekit hybrid serve` runs in the desktop browser).

            Output is readable text by default and JSON with --json; the store commands always \
            print JSON, serve prints one JSON line before its request logs, and bridge speaks JSON \
            lines only. Errors go to standard error, each starting with Error:, with a non-zero \
            exit status: 1 when the work failed (the org or a store refused it, records failed \
            or conflicted), 64 for a usage error (an unknown command or option, an argument a \
            command cannot use, JSON given as an argument that does not parse, a file or folder \
            named that is not there), 130 when Ctrl-C stopped it, and link route's 2 for a \
            configuration it cannot use. FORCEKIT_LOG_LEVEL (trace, debug, info, \
            notice, warning, error) shows more or less of the libraries' own log on standard \
            error; the default is warning.
            """,
        version: ForceKitVersion.current,
        subcommands: [
            QuickstartCommand.self, CreateCommand.self, ServeCommand.self, LoginCommand.self, AccountsCommand.self,
            LogoutCommand.self, APICommand.self, QueryCommand.self, DataCommand.self, OrgCommand.self, LinkCommand.self, StoreCommand.self,
            SyncCommand.self, BridgeCommand.self, HybridCommand.self, IdPCommand.self, DoctorCommand.self,
        ]
    )

    /// Creates the command; ArgumentParser fills in its options.
    public init() {}
}

extension ForceKitCommand {
    /// Parses the process's arguments, runs the command and exits with its status: the
    /// executable's whole `main`.
    public static func runFromCommandLine() async {
        // The libraries' own log stays out of a command's output unless asked for
        // (FORCEKIT_LOG_LEVEL=debug, say): only warnings and errors reach standard error.
        let level = ProcessInfo.processInfo.environment["FORCEKIT_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) }
        ForceKitLogging.setLevel(level ?? .warning)
        do {
            var command = try parseCommand(Array(CommandLine.arguments.dropFirst()))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as UnknownCommand {
            Console.printError(failure(for: error).message)
            exit(withError: ExitCode.validationFailure)
        } catch {
            exit(withError: error)
        }
    }

    /// Parses `arguments` into the command they name; a misspelled command gets a suggestion
    /// (`forcekit qurey` → `query`) instead of "unexpected arguments".
    /// - Throws: ``UnknownCommand`` (exit status 64) for an unknown command, or ArgumentParser's errors.
    public static func parseCommand(_ arguments: [String]) throws -> any ParsableCommand {
        if let unknown = unknownCommand(in: arguments) { throw unknown }
        return try parseAsRoot(arguments)
    }

    /// What `forcekit` prints on standard error for `error`, and the status it exits with.
    public static func failure(for error: any Error) -> (message: String, exitCode: Int32) {
        if let unknown = error as? UnknownCommand { return (unknown.fullMessage, ExitCode.validationFailure.rawValue) }
        return (fullMessage(for: error), exitCode(for: error).rawValue)
    }

    /// A command group's subcommand that does not exist: a usage error shown with the group's
    /// own usage line (`forcekit org <subcommand>`), not the tool's.
    public struct UnknownCommand: Error, CustomStringConvertible {
        /// What was wrong and the closest command, or the commands there are.
        public let message: String
        /// The group the name was looked up in.
        let group: any ParsableCommand.Type
        /// The group's words: `forcekit org`.
        let path: [String]

        /// The message as ArgumentParser shows a usage error: `Error:`, the usage line, where help is.
        public var fullMessage: String {
            let help = path.count == 1 ? "forcekit --help" : "forcekit help \(path.dropFirst().joined(separator: " "))"
            return "Error: \(message)\nUsage: \(ForceKitCommand.usageString(for: group))\n  See '\(help)' for more information."
        }

        /// The message alone.
        public var description: String { message }
    }

    /// The unknown command `arguments` name in a command group, if they name one.
    static func unknownCommand(in arguments: [String]) -> UnknownCommand? {
        var command: any ParsableCommand.Type = ForceKitCommand.self
        var path = ["forcekit"]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            // `help` is ArgumentParser's own: `forcekit help query`, as the help screens say.
            guard !subcommands.isEmpty, !argument.hasPrefix("-"), argument != "help" else { return nil }
            if let next = subcommands.first(where: { $0._commandName == argument }) {
                command = next
                path.append(argument)
                continue
            }
            // A group with a default subcommand takes arguments of its own.
            guard command.configuration.defaultSubcommand == nil else { return nil }
            var names: [String] = []
            for subcommand in subcommands { names.append(subcommand._commandName) }
            let closest = names.map { ($0, editDistance($0, argument)) }.min { $0.1 < $1.1 }
            let message =
                if let closest, closest.1 <= max(2, argument.count / 3) {
                    "'\(argument)' is not a \(path.joined(separator: " ")) command. Did you mean '\(closest.0)'?"
                } else {
                    "'\(argument)' is not a \(path.joined(separator: " ")) command. The commands are: \(names.joined(separator: ", "))."
                }
            return UnknownCommand(message: message, group: command, path: path)
        }
        return nil
    }

    /// Levenshtein distance: the fewest single-character edits from one word to the other.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.lowercased())
        let b = Array(rhs.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
