import ArgumentParser
import Foundation
import SalesforceCore
import SmartStore

/// The database every `forcekit store` subcommand works on.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The SmartStore database file; created if missing.", valueName: "DB"))
    var path: String

    /// Opens the store and runs `body`; a failure prints its message on standard error and exits with status 1.
    func withStore(_ body: (SmartStore) async throws -> Void) async throws {
        do {
            let store = try await SmartStore(url: URL(fileURLWithPath: path))
            try await body(store)
        } catch let error as ExitCode {
            throw error
        } catch {
            Console.printError("error: \(error)")
            throw ExitCode(1)
        }
    }
}

/// Reads `PATH:TYPE` index arguments such as `Name:string` or `Amount:floating`.
enum IndexArgument {
    static func specs(_ arguments: [String]) throws(CLIInputError) -> [IndexSpec] {
        var specs: [IndexSpec] = []
        for argument in arguments {
            guard let colon = argument.lastIndex(of: ":") else {
                throw CLIInputError("--index \(argument) needs the form PATH:TYPE, such as Name:string")
            }
            let typeName = String(argument[argument.index(after: colon)...])
            guard let type = IndexType(rawValue: typeName) else {
                let types = IndexType.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIInputError("--index \(argument): \"\(typeName)\" is not an index type; use one of \(types)")
            }
            specs.append(IndexSpec(path: String(argument[..<colon]), type: type))
        }
        return specs
    }
}

/// Reads JSON given on the command line.
enum JSONArgument {
    static func parse(_ text: String, option: String) throws(CLIInputError) -> JSON {
        do {
            return try JSON(parsing: text)
        } catch {
            throw CLIInputError("\(option): \(error.message)")
        }
    }
}

/// A command-line input the command cannot use.
struct CLIInputError: ForceKitError {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

extension Console {
    /// Prints a JSON value on one line.
    static func printJSON(_ value: JSON) {
        print(value.serialized())
    }
}
