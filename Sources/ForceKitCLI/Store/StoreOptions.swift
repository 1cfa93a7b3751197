import ArgumentParser
import Foundation
import SalesforceCore
import SalesforceKeys
import SmartStore

/// The database every `forcekit store` subcommand works on, and how it is encrypted.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SmartStore database file; register and migrate create it if missing, the other commands need it.", valueName: "DB"))
    var path: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store's key: 32 bytes, mode 0600; created with a new store. Default: DB.key beside the database.",
            valueName: "PATH"))
    var keyFile: String?

    @Flag(name: .long, help: "Open or create a plain, unencrypted store instead.")
    var plaintext = false

    func validate() throws {
        if plaintext && keyFile != nil { throw ValidationError("--plaintext and --key-file cannot be used together.") }
    }

    /// What a command does with the store, which decides how it is opened.
    enum Use {
        /// Reads only: the store is opened read-only and must exist, and its files stay as they are.
        case read
        /// Changes an existing store.
        case change
        /// Changes the store, creating it (and its key file) when missing.
        case create
    }

    /// Refuses a missing store unless `use` creates it: a usage error, as every missing file is
    /// (InputPath), checked before a command signs in.
    func requireStore(for use: Use) throws(ValidationError) {
        guard use != .create, SmartStore.fileKind(at: URL(fileURLWithPath: path)) == .none else { return }
        throw ValidationError("--path \(path): there is no store there. Check the path, or create one with forcekit store register.")
    }

    /// The key to open the store with: a new store gets a new key file, an existing one needs its own.
    private func encryption(for url: URL, use: Use) throws -> StoreEncryption {
        try requireStore(for: use)
        let kind = SmartStore.fileKind(at: url)
        if plaintext { return .plaintext }
        let storeKey = StoreKeyFile(url: URL(fileURLWithPath: keyFile ?? path + ".key"))
        switch kind {
        case .none: return .key(try storeKey.key(creating: true))
        case .encrypted: return .key(try storeKey.key(creating: false))
        case .plaintext: throw CLIInputError("\(path) is a plain store, but an encrypted one was asked for; open it with --plaintext")
        case .unrecognized: throw CLIInputError("\(path) is not a SmartStore database")
        }
    }

    /// These options as a command line gives them, for hints that name the same store.
    var arguments: String {
        func quoted(_ value: String) -> String {
            value.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-~".unicodeScalars.contains($0))
            }
                ? value : OrgDisplayCommand.quoted(value)
        }
        var parts = ["--path", quoted(path)]
        if let keyFile { parts += ["--key-file", quoted(keyFile)] }
        if plaintext { parts.append("--plaintext") }
        return parts.joined(separator: " ")
    }

    /// Opens the store as `use` needs and runs `body`; a failure prints its message on standard
    /// error and exits with status 1 (a usage error, 64).
    func withStore(_ use: Use, _ body: (SmartStore) async throws -> Void) async throws {
        do {
            let url = URL(fileURLWithPath: path)
            let access: StoreAccess = use == .read ? .readOnly : .readWrite
            let store = try await SmartStore(url: url, encryption: try encryption(for: url, use: use), access: access)
            try await body(store)
        } catch let error as ExitCode {
            throw error
        } catch let error as ValidationError {
            // A usage error stays one (exit 64), with the usage line.
            throw error
        } catch let error as SmartStoreError {
            Console.printFailure("\(error.message) \(Self.suggestion(for: error))")
            throw ExitCode(1)
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
    }

    /// SmartStore's suggestions name its Swift API; at the command line the commands are meant.
    static func suggestion(for error: SmartStoreError) -> String {
        switch error.code {
        case .soupNotFound: "Register the soup with forcekit store register first, or check the name's spelling and case."
        case .pathNotIndexed: "Add an index for the path with forcekit store alter, or query it with --smart."
        case .storeEncrypted: "Open it with its key: leave out --plaintext (the key is DB.key beside it, or the file --key-file names)."
        default: error.recoverySuggestion ?? ""
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

/// Reads JSON given on the command line: JSON that does not parse is a usage error (exit 64),
/// as `api --data` treats it.
enum JSONArgument {
    static func parse(_ text: String, option: String) throws(ValidationError) -> JSON {
        do {
            return try JSON(parsing: text)
        } catch {
            throw ValidationError("\(option): \(error.message)")
        }
    }
}

extension Console {
    /// Prints a JSON value on one line.
    static func printJSON(_ value: JSON) {
        print(value.serialized())
    }
}
