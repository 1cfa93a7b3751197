import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceKeys

/// Where the CLI keeps its state: `$FORCEKIT_HOME`, else `$HOME/.forcekit`. Accounts are sealed
/// files under `accounts/`, their key a 0600 file under `keys/`.
enum ForceKitHome {
    static var directory: URL {
        if let home = CLIEnvironment.home { return home }
        return directory(environment: CLIEnvironment.variables)
    }

    /// `$FORCEKIT_HOME`, else `$HOME/.forcekit`, else the account's home folder: like other CLIs,
    /// a `HOME` pointed elsewhere (a sandbox, a CI job) is followed.
    static func directory(environment: [String: String]) -> URL {
        if let home = environment["FORCEKIT_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: (home as NSString).expandingTildeInPath)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home).appendingPathComponent(".forcekit")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".forcekit")
    }

    /// The CLI's default callback: the loopback listener's address, registered in LocalOrg's default app.
    static let defaultRedirectURI = "http://127.0.0.1:1717/oauth/callback"

    /// The account manager over the CLI's folder; `oauth` is the client new logins use, and
    /// refreshes go through `transport`.
    static func accounts(oauth: OAuthClient? = nil, transport: any HTTPTransport = URLSessionTransport.shared) async throws
        -> UserAccountManager
    {
        try await UserAccountManager(
            directory: directory.appendingPathComponent("accounts"),
            keyStore: FileKeyStore(directory: directory.appendingPathComponent("keys")),
            oauth: oauth ?? OAuthClient(consumerKey: "", redirectURI: defaultRedirectURI, scopes: ["api", "web"], transport: transport))
    }

    /// The key under which an account keeps the CA file its org's certificate needs.
    static let caFileKey = "caFile"

    /// The CA file to trust when none is given: `SSL_CERT_FILE`, as OpenSSL and curl read it.
    static var environmentCAFile: String? {
        CLIEnvironment.variables["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The transport for an org whose certificate needs `caFile` (a LocalOrg's CA), else the one
    /// `SSL_CERT_FILE` names, else URLSession with the system's roots.
    static func transport(trusting caFile: String?) throws -> any HTTPTransport {
        guard let caFile = caFile ?? environmentCAFile else { return URLSessionTransport.shared }
        do {
            return try TrustingTransport.trusting(caFile)
        } catch {
            throw CLIInputError("cannot use the CA file \(caFile): \(error)")
        }
    }
}
