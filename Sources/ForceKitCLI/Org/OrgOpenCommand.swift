import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import URLEncoding

/// `forcekit org open`: the org in the browser, signed in, as `sf org open` does: LocalOrg's
/// console, or a Salesforce org's Lightning Experience.
struct OrgOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the signed-in org in your browser, logged in (LocalOrg's console, or Lightning Experience).",
        discussion: """
            Asks the org for a one-time login link (the UI Bridge API, POST \
            /services/oauth2/singleaccess) and opens it, so no access token goes into your \
            browser's history. An org without that API gets frontdoor.jsp with the session, as \
            sf org open sends it. The link is printed too, for when no browser starts; it works \
            once, within five minutes on LocalOrg.
              forcekit org open
              forcekit org open --path /lightning/o/Account/list
              forcekit org open --path /lightning/setup/requests --url-only
            """
    )

    @Option(help: ArgumentHelp("The page to open, a path of the org: /lightning/o/Account/list, /lightning/query.", valueName: "PAGE"))
    var path: String?

    @Flag(help: "Print the URL on standard output instead of opening a browser.")
    var urlOnly = false

    @OptionGroup var account: AccountOptions

    func validate() throws {
        guard let path else { return }
        // A path of the org, as the org itself checks it: no scheme, no other host.
        // On bytes, as a browser reads it: `//` a mark follows is one Swift `Character`, yet `//` to a browser.
        let page = Array(path.utf8.first == UInt8(ascii: "/") ? path.utf8 : ("/" + path).utf8)
        if page.starts(with: "//".utf8) || page.contains(UInt8(ascii: "\\")) || URLComponents(string: path)?.scheme != nil {
            throw ValidationError("--path must be a page of the org, such as /lightning/o/Account/list, not \(path).")
        }
    }

    func run() async throws {
        let client = try await account.restClient()
        let page = path.map { $0.hasPrefix("/") ? $0 : "/" + $0 }
        let link: String
        do {
            if let oneTime = try await Self.oneTimeLink(client: client, page: page) {
                link = oneTime
            } else {
                // An org without the UI Bridge API: the session itself, as sf sends it.
                guard let credentials = await client.credentials, let token = credentials.accessToken else {
                    Console.printFailure("the account has no session to open the org with; log in again (forcekit login).")
                    throw ExitCode(1)
                }
                let query = FormEncoding.encode([("sid", token)] + (page.map { [("retURL", $0)] } ?? []))
                link = credentials.instanceURL.appendingPathComponent("secur/frontdoor.jsp").absoluteString + "?" + query
            }
        } catch let error as RestError {
            Console.printFailure("\(RequestFailure.describe(error, instance: await client.credentials?.instanceURL.absoluteString))")
            throw ExitCode(1)
        }
        if urlOnly {
            Console.print(link)
        } else if let url = URL(string: link) {
            await CLIEnvironment.openBrowser(url)
        }
    }

    /// A one-time `frontdoor.jsp` link from the UI Bridge API, landing on `page`; nil when the
    /// org does not offer one (no such resource, or not for this session).
    static func oneTimeLink(client: RestClient, page: String?) async throws(RestError) -> String? {
        var request = RestRequest(method: .post, endpoint: "", path: "/services/oauth2/singleaccess")
        request.setBody(
            Data(FormEncoding.encode(page.map { [("redirect_uri", $0)] } ?? []).utf8), contentType: "application/x-www-form-urlencoded")
        do {
            return try await client.send(request).json?["frontdoor_uri"]?.stringValue
        } catch  where [400, 403, 404, 405].contains(error.status ?? 0) {
            return nil
        }
    }
}
