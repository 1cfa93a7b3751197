import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore

/// What a client needs of a LocalOrg, read from the line `forcekit serve` (and
/// `forcekit-bench org-server`) prints first.
struct OrgCredentials: Sendable {
    /// The line as printed, to hand to a worker process.
    let line: String
    /// The instance URL REST calls go to.
    let instanceURL: String
    /// The login URL, the same server's.
    let loginURL: String
    /// The default user's username, password and id.
    let username: String, password: String, userID: String
    /// The default connected app's consumer key and callback.
    let clientID: String, redirectURI: String

    init(line: String) throws {
        self.line = line
        let credentials = try JSON(parsing: Array(line.utf8))
        func field(_ name: String) throws -> String {
            guard let value = credentials[name]?.stringValue else {
                throw ValidationError("not a credentials line of forcekit serve (no \(name)): \(line.prefix(200))")
            }
            return value
        }
        instanceURL = try field("instanceUrl")
        loginURL = try field("loginUrl")
        username = try field("username")
        password = try field("password")
        userID = try field("userId")
        clientID = try field("clientId")
        redirectURI = try field("redirectUri")
    }

    /// The default user's credentials, from the SDK's password flow.
    func logIn() async throws -> OAuthCredentials {
        guard let host = LoginHost(loginURL) else { throw ValidationError("LocalOrg's login URL is not one: \(loginURL)") }
        let oauth = OAuthClient(consumerKey: clientID, redirectURI: redirectURI, scopes: ["api"])
        return try await oauth.logIn(username: username, password: password, at: host)
    }

    /// An access token for the default user, from the password flow.
    func passwordToken() async throws -> String {
        try await BenchOrg.passwordToken(instanceURL: instanceURL, clientID: clientID, username: username, password: password)
    }
}

/// A running `forcekit-bench org-server`: who logs in, and the CPU and memory it has used.
final class OrgProcess: Sendable {
    private let child: BenchChild
    /// Where it serves and who logs in.
    let credentials: OrgCredentials

    private init(child: BenchChild, line: String) throws {
        self.child = child
        credentials = try OrgCredentials(line: line)
    }

    /// Starts LocalOrg with `accounts` Accounts named `prefix` and a number (and `tree` Accounts
    /// with their Contacts, and the generated records of `forcekit serve --seed-accounts`), kept
    /// in `data` when given, on the server's cores of `pinning` when given, and waits until it serves.
    static func start(
        accounts: Int, prefix: String = "Account ", tree: (accounts: Int, contactsEach: Int) = (0, 0),
        seed: (accounts: Int, contactsEach: Int) = (0, 0), data: URL? = nil, pinning: CorePinning? = nil
    ) async throws -> OrgProcess {
        let child = try BenchChild(
            [
                "org-server", "--accounts", String(accounts), "--prefix", prefix, "--tree-accounts", String(tree.accounts),
                "--contacts-per-account", String(tree.contactsEach), "--seed-accounts", String(seed.accounts), "--seed-contacts",
                String(seed.contactsEach),
            ] + (data.map { ["--data", $0.path] } ?? []), cores: pinning?.server)
        do {
            return try OrgProcess(child: child, line: try await child.firstLine())
        } catch {
            _ = try? await child.finish()
            throw error
        }
    }

    /// Runs `body` with a new LocalOrg, stopped when it ends, also on a throw.
    static func withRunning<T>(
        accounts: Int, prefix: String = "Account ", tree: (accounts: Int, contactsEach: Int) = (0, 0), pinning: CorePinning? = nil,
        _ body: (OrgProcess) async throws -> T
    ) async throws -> T {
        let org = try await start(accounts: accounts, prefix: prefix, tree: tree, pinning: pinning)
        do {
            let result = try await body(org)
            try await org.stop()
            return result
        } catch {
            try? await org.stop()
            throw error
        }
    }

    /// The server's process id.
    var pid: Int32 { child.pid }

    /// The CPU seconds the server has used so far; nil where the platform does not say.
    var cpuSeconds: Double? { ProcessCPU.seconds(ofProcess: pid) }

    /// The server's resident memory in MiB; nil where the platform does not say.
    var residentMiB: Double? { ProcessMemory.residentMiB(ofProcess: pid) }

    /// Stops the server and waits for its process to end.
    func stop() async throws { _ = try await child.finish() }
}
