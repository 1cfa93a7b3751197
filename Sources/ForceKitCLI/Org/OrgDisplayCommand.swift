import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `forcekit org display`: the account's instance URL, a live access token and the CA to trust,
/// as text, JSON or shell `export` lines, like `sf org display`.
struct OrgDisplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display",
        abstract: "Print the instance URL, a current access token and the CA file of the signed-in account.",
        discussion: """
            The access token is refreshed first when the account can refresh it, so it works for \
            its whole lifetime. With --shell the output is export lines for a POSIX shell:
              eval "$(forcekit org display --shell)"
              curl --cacert "$FORCEKIT_CA_FILE" \\
                -H "Authorization: Bearer $FORCEKIT_ACCESS_TOKEN" \\
                "$FORCEKIT_INSTANCE_URL/services/data"
            (FORCEKIT_CA_FILE is the system's bundle when the org needs no CA of its own.) For an \
            account that logged in at an Experience Cloud site (login --community), instanceUrl is \
            the site's URL, where its token works, and communityId names the site. The token is a \
            secret: print it only where no one else reads.
            """
    )

    @OptionGroup var account: AccountOptions

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(help: "Print export lines for a POSIX shell (FORCEKIT_INSTANCE_URL, FORCEKIT_ACCESS_TOKEN, FORCEKIT_CA_FILE, ...).")
    var shell = false

    func validate() throws {
        if json && shell { throw ValidationError("Choose --json or --shell.") }
    }

    func run() async throws {
        let (chosen, manager) = try await account.account()
        var credentials = chosen.credentials
        if credentials.refreshToken != nil {
            do {
                credentials = try await manager.refreshedCredentials(for: credentials)
            } catch {
                Console.printFailure(
                    "the access token of \(chosen.username ?? chosen.identity.description) cannot be refreshed: \(error)")
                throw ExitCode(1)
            }
        } else if try await Self.hasExpired(account) {
            // Printing a dead token with exit 0 would send the user to debug curl instead.
            Console.printFailure(
                "the access token of \(chosen.username ?? chosen.identity.description) has expired, and the account cannot "
                    + "refresh it (it logged in with a password). Log in again: forcekit login --local, or forcekit login.")
            throw ExitCode(1)
        }
        // A LocalOrg served with --tls has its own CA; SSL_CERT_FILE names one; others use the system's roots.
        let systemBundle = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]
            .first { FileManager.default.fileExists(atPath: $0) }
        let localCA = RunningLocalOrg.serving(credentials.instanceURL.absoluteString)?.caFile
        let caFile = chosen.customData[ForceKitHome.caFileKey]?.stringValue ?? localCA ?? ForceKitHome.environmentCAFile ?? systemBundle
        // The URL the token works at: a site login's API is the site's (`sfdc_community_url`).
        var fields: [(name: String, variable: String, value: String?)] = [
            ("instanceUrl", "FORCEKIT_INSTANCE_URL", credentials.apiURL.absoluteString),
            ("accessToken", "FORCEKIT_ACCESS_TOKEN", credentials.accessToken),
            ("caFile", "FORCEKIT_CA_FILE", caFile),
            ("apiVersion", "FORCEKIT_API_VERSION", APIVersion.current.description),
            ("username", "FORCEKIT_USERNAME", chosen.username),
            ("orgId", "FORCEKIT_ORG_ID", chosen.identity.orgID.id18),
            ("userId", "FORCEKIT_USER_ID", chosen.identity.userID.id18),
        ]
        if let communityID = chosen.identity.communityID { fields.append(("communityId", "FORCEKIT_COMMUNITY_ID", communityID.id18)) }
        if json {
            var line = JSONLine()
            for field in fields { line.add(field.name, field.value) }
            Console.print(line.text)
        } else if shell {
            for field in fields where field.value != nil {
                Console.print("export \(field.variable)=\(Self.quoted(field.value ?? ""))")
            }
        } else {
            let width = fields.map(\.name.count).max() ?? 0
            for field in fields {
                Console.print(field.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (field.value ?? "-"))
            }
        }
    }

    /// Whether the org refuses the account's token (asked of the userinfo endpoint); an org that
    /// cannot be reached is no answer, and the token is shown as it is.
    static func hasExpired(_ account: AccountOptions) async throws -> Bool {
        let client = try await account.restClient()
        do {
            _ = try await client.send(RestRequest(method: .get, endpoint: "", path: "/services/oauth2/userinfo"))
            return false
        } catch {
            return error.status == 401 || error.code == .refreshFailed
        }
    }

    /// A value in single quotes, any single quote in it closed, escaped and reopened. Scalar by
    /// scalar, as a shell reads it: a quote a combining mark follows still ends the quoting.
    static func quoted(_ value: String) -> String {
        "'" + value.replacingScalars(["'": "'\\''"]) + "'"
    }
}
