public import ArgumentParser
import SalesforceCore
import SalesforceLinks

/// `forcekit link build`: write a Salesforce app link.
struct LinkBuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build a Salesforce app link, checking the id and that the action suits its object.",
        discussion: """
            Parameters are written with the s1 names (s1oid, s1nid, s1uid) and percent-encoded. \
            A follow link needs --follower, the user the link is sent to.
            """
    )

    @Option(name: .long, help: "The record id (15 or 18 characters), or the object name for the home action.")
    var id: String

    @Option(name: .long, help: "view, edit, download, follow or home.")
    var action: SalesforceLinkAction

    @Option(name: .long, help: ArgumentHelp("The org that holds the record (s1oid).", valueName: "id"))
    var org: String?

    @Option(name: .long, help: ArgumentHelp("The community that holds the record (s1nid).", valueName: "id"))
    var network: String?

    @Option(name: .long, help: ArgumentHelp("A user with access to the record (s1uid).", valueName: "id"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("Where to offer to go when the app cannot open the link (iosoru).", valueName: "url"))
    var redirect: String?

    @Option(name: .long, help: ArgumentHelp("For follow: the user the link is sent to (userid).", valueName: "id"))
    var follower: String?

    @Option(name: .long, help: "The scheme.")
    var scheme = SalesforceLink.defaultScheme

    @Flag(name: .long, help: "Join parameters with '?' (a standard query) instead of the guide's '&'.")
    var query = false

    func run() async throws {
        do {
            let link = try SalesforceLink(
                recordID: id, action: action, scheme: scheme, orgID: org, networkID: network, userID: user,
                redirectURL: redirect, followerID: follower)
            Console.print(try link.url(style: query ? .query : .ampersand))
        } catch {
            Console.printFailure("\(error.description)")
            throw ExitCode(1)
        }
    }
}

extension SalesforceLinkAction: ExpressibleByArgument {}
