import ArgumentParser
import Foundation
import HeadlessLogin
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

            Accounts are kept encrypted under $FORCEKIT_HOME (default $HOME/.forcekit); the newest \
            login becomes the current account.

            With --local (or no --instance while forcekit serve runs) it logs in to that LocalOrg \
            (the newest, when several run; --local --instance URL picks one) as its default user, \
            through its login pages with no browser, so the account gets a refresh token and \
            outlives the access token. With --tls its CA is trusted, and kept with the account for \
            the other commands (--ca-file names a CA for any org; without one, SSL_CERT_FILE is \
            read, as curl and OpenSSL do).

            With --cert FILE (and --local) the login page's Certificate-Based Login is used: the \
            certificate (PEM with its key, or --cert-key FILE; or a .p12/.pfx bundle, password in \
            $FORCEKIT_CERT_PASSWORD) is presented in the TLS handshake and logs in the user it \
            names, for a LocalOrg served with --client-ca. In a browser, the browser presents yours.

            --community logs in at an Experience Cloud site (a community): its URL is the login \
            host, its token names it (sfdc_community_id), and the account's API calls go to it. \
            With a running LocalOrg, its path is enough (--community partners: every LocalOrg has \
            a Partners site), as its default user or, with --username and --password, as a site \
            member.

            --alias NAME names the account for --user and --target-org, which otherwise take a \
            username (two LocalOrgs both have admin@localorg.test), a user id or ORG_ID/USER_ID.

            Example, with a LocalOrg from forcekit serve:
              forcekit login --local --alias dev
              forcekit login --instance http://127.0.0.1:PORT \\
                --username admin@localorg.test --password PASSWORD
            """
    )

    @Option(
        help: ArgumentHelp(
            "The login host: login.salesforce.com (the default unless a LocalOrg runs), test.salesforce.com, a My Domain or LocalOrg's URL.",
            valueName: "URL"))
    var instance: String?

    @Flag(help: "Log in to the LocalOrg that forcekit serve is running, as its default user: no key, URL or password to copy.")
    var local = false

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "A CA certificate (PEM) to trust for this org, as a LocalOrg's with --tls (its caFile); kept with the account.",
            valueName: "FILE"))
    var caFile: String?

    @Option(
        help: ArgumentHelp(
            "An Experience Cloud site to log in at: its URL, or a running LocalOrg's site path (partners).", valueName: "URL|PATH"))
    var community: String?

    @Option(
        help: ArgumentHelp(
            "A user authentication certificate for certificate-based login at LocalOrg's login pages: PEM (with its key) or .p12/.pfx.",
            valueName: "FILE"))
    var cert: String?

    @Option(
        name: .customLong("cert-key"),
        help: ArgumentHelp("The certificate's private key (PEM), when not in --cert's file.", valueName: "FILE"))
    var certKey: String?

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

    @Option(
        help: ArgumentHelp(
            "A short name for this account, for --user and --target-org (as sf's aliases); moved here from any account that had it.",
            valueName: "NAME"))
    var alias: String?

    @Flag(
        name: .customLong("set-default"),
        help:
            "Make this account the current one, which commands use without -o. The first account, and one logging in again, is current anyway."
    )
    var setDefault = false

    @Flag(help: "Print the account as JSON.")
    var json = false

    func validate() throws {
        if local && (username != nil || browser) {
            throw ValidationError("--local logs in to a running LocalOrg as its default user: leave out --username and --browser.")
        }
        if cert != nil && (username != nil || password != nil || browser) {
            throw ValidationError(
                "--cert logs in at LocalOrg's login pages with the certificate: leave out --username, --password and --browser (a browser presents its own)."
            )
        }
        if certKey != nil && cert == nil { throw ValidationError("--cert-key goes with --cert FILE.") }
        if browser && (username != nil || password != nil) { throw ValidationError("Use either --browser or --username and --password.") }
        if (username == nil) != (password == nil) { throw ValidationError("--username and --password go together.") }
        if clientID?.isEmpty == true { throw ValidationError("--client-id needs a consumer key.") }
        if let alias, alias.isEmpty || alias.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "/" || $0 == "\\" }) {
            throw ValidationError("--alias needs a name without spaces or slashes, such as dev or qa.")
        }
        if let instance, LoginHost(instance) == nil { throw ValidationError("--instance \(instance) is not a host or URL.") }
        try InputPath.requireFile(caFile, given: "--ca-file")
        try InputPath.requireFile(cert, given: "--cert")
        try InputPath.requireFile(certKey, given: "--cert-key")
    }

    func run() async throws {
        _ = try await logIn()
    }

    /// Logs in and returns the account. It becomes the current account when there was none, when
    /// it already was, or with `--set-default`; otherwise the current account stays, and the
    /// command says so and how to use this one, since a store synced as one org must not meet
    /// another's session by surprise.
    func logIn() async throws -> UserAccount {
        let previous = await (try? ForceKitHome.accounts())?.currentAccount
        let environmentKey = CLIEnvironment.variables["FORCEKIT_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
        // With no instance, a running LocalOrg is the one meant (the README's first steps).
        let running = try Self.runningLocalOrg(local: local, instance: instance, username: username, browser: browser)
        let key = clientID ?? environmentKey ?? running?.clientID ?? MobileSDKSampleApp.consumerKey
        var instance = running?.instanceURL ?? self.instance ?? "https://login.salesforce.com"
        if let community {
            // The site's URL is the login host; a bare path is a running LocalOrg's site.
            guard let url = Self.communityURL(community, localOrg: running ?? RunningLocalOrg.all().first) else {
                Console.printFailure("--community \(community) names a LocalOrg site, and no LocalOrg runs; give the site's URL.")
                throw ExitCode(1)
            }
            instance = url
        }
        guard let host = LoginHost(instance) else { throw ValidationError("--instance \(instance) is not a host or URL.") }
        let scopeList = OAuthScopes.split(scopes)
        // The CA to trust: the one given, else the running LocalOrg's (with --tls).
        let trusted = caFile.map { ($0 as NSString).expandingTildeInPath } ?? running?.caFile
        let transport: any HTTPTransport
        do {
            transport = try ForceKitHome.transport(trusting: trusted)
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
        let identity: ClientIdentity?
        do {
            identity = try cert.map { file throws(ClientIdentity.Failure) in
                try ClientIdentity.load(
                    certificateFile: file, keyFile: certKey, password: CLIEnvironment.variables["FORCEKIT_CERT_PASSWORD"])
            }
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
        if identity != nil && running == nil {
            Console.printFailure(
                "--cert logs in to a LocalOrg served with --client-ca; none runs (start one with forcekit serve --client-ca FILE).")
            throw ExitCode(1)
        }
        var account: UserAccount
        do {
            if let identity {
                // The running LocalOrg's (checked above) Certificate-Based Login, with the
                // certificate in the TLS handshake.
                let oauth = OAuthClient(consumerKey: key, redirectURI: redirectURI, scopes: scopeList, transport: transport)
                let pages = try TrustingTransport.trusting(trusted, presenting: identity)
                account = try await ForceKitHome.accounts(oauth: oauth).logIn(
                    at: host, using: SimulatedBrowser(certificateLoginOver: pages))
            } else if let running {
                // LocalOrg's own login pages, answered here as its default user (the web-server flow
                // with PKCE, no browser): the account gets a refresh token, as a person's login does.
                let oauth = OAuthClient(consumerKey: key, redirectURI: redirectURI, scopes: scopeList, transport: transport)
                let pages: any HTTPTransport =
                    try trusted.map { try TrustingTransport.trusting($0) } ?? URLSessionTransport(followsRedirects: false)
                let browser = SimulatedBrowser(username: running.username, password: running.password, transport: pages)
                account = try await ForceKitHome.accounts(oauth: oauth).logIn(at: host, using: browser)
            } else if let username, let password {
                let oauth = OAuthClient(consumerKey: key, redirectURI: redirectURI, scopes: scopeList, transport: transport)
                account = try await ForceKitHome.accounts(oauth: oauth).logIn(username: username, password: password, at: host)
            } else {
                if clientID == nil && environmentKey == nil {
                    // Said before the browser opens: the sample app is LocalOrg's, a real org's admin decides.
                    Console.printError(
                        """
                        note: no LocalOrg runs and no --client-id was given, so this logs in to \(host.baseURL) with the Mobile \
                        SDK's sample connected app. A real org lets users in only through connected apps (or External Client Apps) \
                        its admin allows: if the login page refuses the sample app, create your app's own in Setup and give its \
                        consumer key with --client-id KEY (or FORCEKIT_CLIENT_ID), with its callback URL as --redirect-uri.
                        """)
                }
                let listener = try await LoopbackRedirectListener.start(redirectURI: redirectURI)
                let oauth = OAuthClient(consumerKey: key, redirectURI: listener.redirectURI, scopes: scopeList, transport: transport)
                let manager = try await ForceKitHome.accounts(oauth: oauth)
                account = try await manager.logIn(at: host, using: listener)
            }
        } catch let error as AccountError {
            Console.printFailure("\(LoginCommand.explain(error, at: instance, isSite: community != nil))")
            throw ExitCode(1)
        } catch let error as LoopbackRedirectListener.Failure {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
        if trusted != nil || alias != nil {
            let manager = try await ForceKitHome.accounts()
            var data = account.customData
            // Later commands for this account trust the same CA.
            if let trusted { data[ForceKitHome.caFileKey] = .string(trusted) }
            if let alias {
                data[AccountChoice.aliasKey] = .string(alias)
                // An alias names one account: it leaves any other that had it.
                for other in await manager.accounts where other.identity != account.identity && AccountChoice.alias(of: other) == alias {
                    var otherData = other.customData
                    otherData[AccountChoice.aliasKey] = nil
                    try? await manager.setCustomData(otherData, for: other.identity)
                }
            }
            try? await manager.setCustomData(data, for: account.identity)
            account.customData = data
        }
        let isCurrent = previous == nil || previous?.identity.withoutCommunity == account.identity.withoutCommunity || setDefault
        if let previous, !isCurrent {
            try await ForceKitHome.accounts().switchTo(previous.identity)
            let name = AccountChoice.alias(of: account) ?? "\(account.identity.orgID.id18)/\(account.identity.userID.id18)"
            Console.printError(
                """
                note: the current account stays \(AccountChoice.describe(previous)). Use this one with -o \(name), or make it \
                current with forcekit org switch \(name) (or log in with --set-default).
                """)
        } else if let previous, previous.identity.withoutCommunity != account.identity.withoutCommunity {
            Console.printError("note: the current account is now this one; it was \(AccountChoice.describe(previous)).")
        }
        if json {
            Console.print(AccountsCommand.json(account, current: isCurrent))
        } else if let communityID = account.identity.communityID {
            Console.print(
                "Logged in as \(account.username ?? account.identity.userID.id18) (org \(account.identity.orgID)) at the site \(account.credentials.apiURL.absoluteString) (community \(communityID))."
            )
        } else {
            Console.print(
                "Logged in as \(account.username ?? account.identity.userID.id18) (org \(account.identity.orgID)) at \(account.credentials.instanceURL.absoluteString)."
            )
        }
        return account
    }
}

extension LoginCommand {
    /// The running LocalOrg a login means: with --local, the one at --instance or else the newest;
    /// with no instance, username or browser, the newest if one runs; nil for any other org.
    static func runningLocalOrg(local: Bool, instance: String?, username: String?, browser: Bool) throws -> RunningLocalOrg? {
        guard local || (instance == nil && username == nil && !browser) else { return nil }
        let all = RunningLocalOrg.all()
        if local, let instance {
            guard let running = RunningLocalOrg.serving(instance) else {
                let list = all.isEmpty ? "none runs" : "running: " + all.map(\.instanceURL).joined(separator: ", ")
                Console.printFailure("no LocalOrg runs at \(instance) (\(list)).")
                throw ExitCode(1)
            }
            return running
        }
        if local && all.isEmpty {
            Console.printFailure("no LocalOrg is running for \(ForceKitHome.directory.path). Start one with forcekit serve.")
            throw ExitCode(1)
        }
        if let newest = all.first, all.count > 1 {
            Console.printError(
                "\(all.count) LocalOrgs run (\(all.map(\.instanceURL).joined(separator: ", "))): logging in to the newest, \(newest.instanceURL); "
                    + "forcekit login --local --instance URL picks another.")
        }
        return all.first
    }

    /// A site's URL from `--community`: a URL as given, or a path under the LocalOrg's URL; nil
    /// for a path with no LocalOrg.
    static func communityURL(_ community: String, localOrg: RunningLocalOrg?) -> String? {
        if community.contains("://") { return community }
        guard let localOrg else { return nil }
        let path = community.split(atScalars: ["/"]).joined(separator: "/")
        return localOrg.instanceURL + "/" + path
    }

    /// The error, with what the user can do when the cause is a common one.
    static func explain(_ error: AccountError, at instance: String, isSite: Bool = false) -> String {
        guard case .loginFailed(let failure) = error else { return "\(error)" }
        if failure.kind == .invalidGrant { return "the username or password is wrong for \(instance) (\(error))" }
        // LocalOrg's login pages, played here: what the page said is the whole story, but for a
        // site that is not there, which the browser only sees as a 404 page.
        if failure.kind == .browserLaunchFailed, isSite, (failure.errorDescription ?? failure.message).contains("status 404") {
            return
                "there is no site at \(instance). Check --community: a site's URL, or the path of one of the LocalOrg's sites (such as partners)."
        }
        if failure.kind == .browserLaunchFailed {
            return "the login at \(instance) did not finish. \(failure.errorDescription ?? failure.message)"
        }
        if let transport = failure.transportError, let hint = RequestFailure.hint(for: transport, at: instance) { return hint }
        return "\(error)"
    }
}
