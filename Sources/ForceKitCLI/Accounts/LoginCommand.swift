import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore

/// `forcekit login`: signs a user in and keeps the account.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to an org (or LocalOrg) and keep the account for the other commands.",
        discussion: """
            With --browser (the default when no password is given) the login page opens in your \
            browser and ForceKit listens on 127.0.0.1 for the redirect, as the gh and gcloud CLIs do: \
            the connected app must list the callback (default http://127.0.0.1:1717/oauth/callback). \
            With --username and --password it uses the OAuth password flow, meant for tools, scripts \
            and LocalOrg: the account gets no refresh token.

            Without --client-id (or $FORCEKIT_CLIENT_ID) the login uses the Mobile SDK's public \
            sample app, which every LocalOrg knows; a real org needs your connected app's key.

            Accounts are kept encrypted under $FORCEKIT_HOME (default ~/.forcekit); the newest \
            login becomes the current account.

            Example, with a LocalOrg from forcekit serve:
              forcekit login --instance http://127.0.0.1:PORT --username admin@localorg.test --password PASSWORD
            """
    )

    @Option(
        help: ArgumentHelp("The login host: login.salesforce.com, test.salesforce.com, a My Domain or LocalOrg's URL.", valueName: "URL"))
    var instance: String = "https://login.salesforce.com"

    @Option(
        name: .customLong("client-id"),
        help: ArgumentHelp(
            "The connected app's consumer key (default: $FORCEKIT_CLIENT_ID, else the Mobile SDK's sample app, which LocalOrg knows).",
            valueName: "KEY"))
    var clientID: String?

    @Option(
        name: .customLong("redirect-uri"),
        help: ArgumentHelp("The callback the browser returns to; port 0 picks a free one.", valueName: "URL"))
    var redirectURI: String = ForceKitHome.defaultRedirectURI

    @Option(help: ArgumentHelp("Scopes to ask for, comma-separated; refresh_token is always added.", valueName: "LIST"))
    var scopes: String = "api,web"

    @Flag(help: "Log in through the browser (the default without --password).")
    var browser = false

    @Option(help: "The username, for the password flow.")
    var username: String?

    @Option(help: "The password (with the security token appended outside trusted networks), for the password flow.")
    var password: String?

    @Flag(help: "Print the account as JSON.")
    var json = false

    func validate() throws {
        if browser && (username != nil || password != nil) { throw ValidationError("Use either --browser or --username and --password.") }
        if (username == nil) != (password == nil) { throw ValidationError("--username and --password go together.") }
        if clientID?.isEmpty == true { throw ValidationError("--client-id needs a consumer key.") }
        guard LoginHost(instance) != nil else { throw ValidationError("--instance \(instance) is not a host or URL.") }
    }

    func run() async throws {
        let environmentKey = ProcessInfo.processInfo.environment["FORCEKIT_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
        let key = clientID ?? environmentKey ?? MobileSDKSampleApp.consumerKey
        guard let host = LoginHost(instance) else { throw ValidationError("--instance \(instance) is not a host or URL.") }
        let scopeList = scopes.split(separator: ",").map { String($0) }
        let account: UserAccount
        do {
            if let username, let password {
                let oauth = OAuthClient(consumerKey: key, redirectURI: redirectURI, scopes: scopeList)
                account = try await ForceKitHome.accounts(oauth: oauth).logIn(username: username, password: password, at: host)
            } else {
                let listener = try await LoopbackRedirectListener.start(redirectURI: redirectURI)
                let oauth = OAuthClient(consumerKey: key, redirectURI: listener.redirectURI, scopes: scopeList)
                let manager = try await ForceKitHome.accounts(oauth: oauth)
                account = try await manager.logIn(at: host, using: listener)
            }
        } catch let error as AccountError {
            Console.printError("error: \(error)")
            throw ExitCode(1)
        } catch let error as LoopbackRedirectListener.Failure {
            Console.printError("error: \(error)")
            throw ExitCode(1)
        }
        if json {
            Console.print(AccountsCommand.json(account, current: true))
        } else {
            Console.print(
                "Logged in as \(account.username ?? account.identity.userID.id18) (org \(account.identity.orgID)) at \(account.credentials.instanceURL.absoluteString)."
            )
        }
    }
}
