public import SalesforceCore

/// A LocalOrg that cannot start or cannot read its configuration.
public enum LocalOrgError: ForceKitError, Equatable {
    /// The schema file is not valid: the text says where and why.
    case invalidSchema(file: String, reason: String)
    /// A configuration file is not valid: the data directory's `localorg.json`, or an Apex REST
    /// routes file.
    case invalidConfiguration(file: String, reason: String)
    /// A file the configuration names cannot be read (missing, a folder, no permission).
    case unreadableFile(path: String, reason: String)
    /// The data directory cannot be created or used.
    case dataDirectoryUnusable(path: String, reason: String)
    /// Another LocalOrg serves the data directory (at `instanceURL`, when it said where).
    case dataDirectoryInUse(path: String, instanceURL: String?)
    /// The server could not bind or start.
    case cannotStart(reason: String)
    /// The host to listen on is not an address of this machine.
    case notALocalAddress(host: String)
    /// The TLS certificate could not be made or loaded.
    case certificateFailed(reason: String)
    /// The store failed underneath.
    case storage(reason: String)

    /// What went wrong.
    public var message: String {
        switch self {
        case .invalidSchema(let file, let reason): return "The schema file \(file) is not valid: \(reason)."
        case .invalidConfiguration(let file, let reason): return "The configuration \(file) is not valid: \(reason)."
        case .unreadableFile(let path, let reason): return "LocalOrg cannot read \(path): \(reason)."
        case .dataDirectoryUnusable(let path, let reason): return "The data directory \(path) cannot be used: \(reason)."
        case .dataDirectoryInUse(let path, let instanceURL):
            return "Another LocalOrg already serves the data directory \(path)\(instanceURL.map { " at \($0)" } ?? "")."
        case .cannotStart(let reason): return "LocalOrg could not start: \(reason)."
        case .notALocalAddress(let host): return "LocalOrg could not start: \(host) is not an address of this machine."
        case .certificateFailed(let reason): return "LocalOrg could not make or load its TLS certificate: \(reason)."
        case .storage(let reason): return "LocalOrg's store failed: \(reason)."
        }
    }

    /// What to do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidSchema: return "Fix the file; the format is in the LocalOrg documentation (Custom objects)."
        case .invalidConfiguration(let file, _):
            // Only the data directory's own settings are written anew when missing.
            return file.hasSuffix(OrgSettings.fileName)
                ? "Fix the file, or delete it to have LocalOrg write a new default one."
                : "Fix the file; forcekit serve --help shows its format."
        case .unreadableFile: return "Check the path given with --schema, --apex-routes, --client-ca or --revoked-certificates."
        case .dataDirectoryUnusable: return "Choose a directory you can write to with --data."
        case .dataDirectoryInUse: return "Use the running one (forcekit login --local), stop it first, or choose another --data directory."
        case .cannotStart: return "Choose another port with --port, or 0 for any free port."
        case .notALocalAddress: return "Give --host an address of this machine: 127.0.0.1 (the default), or 0.0.0.0 for every one."
        case .certificateFailed: return "Delete the tls folder in the data directory to have new certificates made."
        case .storage: return "Check the disk; start with a new --data directory if the database is damaged."
        }
    }
}
