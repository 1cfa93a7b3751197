import ArgumentParser
import Foundation
import LocalOrg
import LocalOrgEngine

/// `forcekit serve`: runs LocalOrg until interrupted.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run LocalOrg, a Salesforce-compatible server (OAuth, REST data API, SOQL, SOSL, composite, files) on this machine.",
        discussion: """
            The first line of output is one JSON object with what a client needs: \
            {"instanceUrl", "loginUrl", "orgId", "username", "password", "clientId", "redirectUri", "caFile"}. \
            Request logs follow, one line each. Stop with Ctrl-C.

            Without --data the org lives in a temporary folder and is gone when the server stops. \
            With --data DIR it is kept there: the database, localorg.json (org id, default user, \
            connected apps: edit it to add apps or callback URLs) and, with --tls, the certificates; \
            without --port it restarts on its last port when that is free, so saved logins work.

            One LocalOrg serves a data folder at a time: a second serve on the same --data is \
            refused with the first one's URL. While it runs, where it is (URL, default user, \
            client id, CA file) is recorded in $FORCEKIT_HOME/running-localorgs/: forcekit login \
            --local logs in to the newest (--local --instance URL to another), and forcekit org \
            display prints what a client needs.

            The instance URL is also a console for people (log in as the default user): records \
            to search, open, edit and create, a SOQL box, the live request log. forcekit org open \
            opens it signed in.

            Apex REST: --apex-routes FILE declares endpoints under /services/apexrest; any other \
            path there echoes the request back. A route answers from its template, or with \
            "writes" does the DML of an Apex class on that object (POST creates, PATCH and \
            DELETE on :id update and delete); "fields" maps the class's JSON names to fields \
            both ways, and "lists" with "where" (":name" takes a query parameter, as a string) \
            answers {"totalSize", "records"}. A routes file:
              {"routes": [{"method": "GET", "path": "/hello/:id", "status": 200,
                           "body": {"greeting": "Hello {{id}}"}},
                          {"method": "POST", "path": "/accounts", "writes": "Account"},
                          {"path": "/accounts/:id", "writes": "Account"},
                          {"path": "/simpleAccount/:id", "writes": "Account",
                           "fields": {"accountId": "Id", "accountName": "Name"}},
                          {"method": "GET", "path": "/simpleAccounts", "lists": "Account",
                           "where": "Name LIKE :namePattern",
                           "fields": {"accountId": "Id", "accountName": "Name"}}]}

            Volume: --seed-accounts N gives a new org N generated Accounts with \
            --contacts-per-account Contacts each (3 by default), written in bulk with a progress \
            line: a million Accounts and three million Contacts take about a minute and a half. Each \
            Account's name ends with its number (Acme Inc. 1, Globex Inc. 2, ...).

            Certificate-based login: --client-ca FILE (which implies --tls) adds Certificate-Based \
            Login to the login pages. A certificate that CA issued, marked for client \
            authentication, logs in the active user whose username or federation ID \
            (FederationIdentifier) is its subject's CN or email address; an expired, revoked \
            (--revoked-certificates: serial numbers in hex, one a line, or PEM certificates) or \
            unmatched one is refused on the page with the reason. --require-certificate-login takes \
            the password form away (one app alone: "requireCertificateLogin": true in \
            localorg.json). Then: forcekit login --local --cert user.pem.

            Example:
              forcekit serve --data ~/.forcekit/org --tls &
              forcekit login --local
              eval "$(forcekit org display --shell)"
              curl --cacert "$FORCEKIT_CA_FILE" \\
                -H "Authorization: Bearer $FORCEKIT_ACCESS_TOKEN" \\
                "$FORCEKIT_INSTANCE_URL/services/data"
            """
    )

    @Option(help: "The port to listen on; 0 picks a free one (with --data, the last one when it is free).")
    var port: Int = 0

    @Option(help: "The address to listen on. Loopback by default, so nothing outside this machine reaches it.")
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("Keep the org in this folder between runs.", valueName: "DIR"))
    var data: String?

    @Flag(help: "Serve HTTPS with a certificate from a local CA; the CA file is reported as caFile.")
    var tls = false

    @Option(
        name: .customLong("client-ca"),
        help: ArgumentHelp(
            "Offer certificate-based login with user certificates this CA (PEM) issued; implies --tls.", valueName: "FILE"))
    var clientCA: String?

    @Option(
        name: .customLong("revoked-certificates"),
        help: ArgumentHelp("Revoked user certificates: hex serial numbers one a line, or PEM; read at each login.", valueName: "FILE"))
    var revokedCertificates: String?

    @Flag(
        name: .customLong("require-certificate-login"),
        help: "With --client-ca: every login must use a certificate (no username and password form).")
    var requireCertificateLogin = false

    @Option(name: .customLong("token-ttl"), help: ArgumentHelp("How long access tokens live, in seconds.", valueName: "S"))
    var tokenTTL: Int = 7200

    @Flag(
        name: .customLong("rotate-refresh-tokens"),
        help: "Rotate refresh tokens: each refresh answers with a new one, and the one it used stops working.")
    var rotateRefreshTokens = false

    @Option(
        help: ArgumentHelp(
            "A JSON file declaring custom objects and fields, in the keys of the standard objects' descriptions (describe's own).",
            valueName: "FILE"))
    var schema: String?

    @Flag(help: "Start a new org without the sample Accounts, Contacts and Opportunities.")
    var noSampleData = false

    @Option(
        name: .customLong("seed-accounts"),
        help: ArgumentHelp("Give a new org this many generated Accounts, each with Contacts, to try it at volume.", valueName: "N"))
    var seedAccounts: Int = 0

    @Option(
        name: .customLong("contacts-per-account"), help: ArgumentHelp("Contacts each generated Account gets.", valueName: "N"))
    var contactsPerAccount: Int = 3

    @Flag(
        help:
            "Start the org in --data anew: its records, files and logins are removed; its credentials and connected apps are kept."
    )
    var reset = false

    @Option(name: .customLong("apex-routes"), help: ArgumentHelp("A JSON file of Apex REST endpoints to answer.", valueName: "FILE"))
    var apexRoutes: String?

    @Option(
        help: ArgumentHelp(
            "A folder of pages: /apex/NAME serves its NAME.html to a browser signed in to the org, as a Visualforce page (a remote hybrid app's start page).",
            valueName: "DIR"))
    var pages: String?

    @Flag(name: .customLong("no-push"), help: "Answer device registrations with 404, as an org without push notifications does.")
    var noPush = false

    func validate() throws {
        if reset && data == nil { throw ValidationError("--reset starts the org in --data anew; without --data every org is new already.") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        if clientCA == nil && (revokedCertificates != nil || requireCertificateLogin) {
            throw ValidationError("--revoked-certificates and --require-certificate-login go with --client-ca FILE.")
        }
        guard tokenTTL > 0 else { throw ValidationError("--token-ttl must be a positive number of seconds.") }
        guard seedAccounts >= 0, (0...1_000).contains(contactsPerAccount) else {
            throw ValidationError("--seed-accounts must be 0 or more, and --contacts-per-account from 0 to 1000.")
        }
        guard seedAccounts <= 10_000_000, seedAccounts * contactsPerAccount <= 100_000_000 else {
            throw ValidationError("--seed-accounts seeds at most 10,000,000 Accounts and 100,000,000 Contacts.")
        }
        try InputPath.requireFile(schema, given: "--schema")
        try InputPath.requireFile(apexRoutes, given: "--apex-routes")
        if let pages { try InputPath.requireFolder((pages as NSString).expandingTildeInPath, given: "--pages") }
        try InputPath.requireFile(clientCA, given: "--client-ca")
        try InputPath.requireFile(revokedCertificates, given: "--revoked-certificates")
    }

    func run() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.dataDirectory = data.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
        configuration.tls = tls
        configuration.certificateLogin = clientCA.map { file in
            ClientCertificateLogin(
                authorityFile: URL(fileURLWithPath: (file as NSString).expandingTildeInPath),
                revocationFile: revokedCertificates.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) },
                isRequired: requireCertificateLogin)
        }
        configuration.tokenLifetime = TimeInterval(tokenTTL)
        configuration.rotatesRefreshTokens = rotateRefreshTokens
        configuration.schemaFile = schema.map { URL(fileURLWithPath: $0) }
        configuration.seedsSampleData = !noSampleData
        if seedAccounts > 0 {
            if !reset, let directory = configuration.dataDirectory, Self.holdsOrg(directory) {
                Console.printError(
                    "The org in \(directory.path) exists and keeps its records: --seed-accounts seeds a new org (add --reset to start it anew)."
                )
            } else {
                let progress = ProgressLine("seeding Accounts and Contacts")
                configuration.volumeSeed = VolumeSeed(accounts: seedAccounts, contactsPerAccount: contactsPerAccount) { written, total in
                    progress.update(done: written, total: total)
                    if written == total { progress.finish() }
                }
            }
        }
        configuration.resetsData = reset
        configuration.stopsOnSignals = true
        configuration.pushEnabled = !noPush
        configuration.pagesDirectory = pages.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath).standardizedFileURL }
        if let apexRoutes {
            do {
                configuration.apexRoutes = try ApexRoute.load(from: URL(fileURLWithPath: apexRoutes))
            } catch {
                Console.printFailure("\(error)")
                throw ExitCode(1)
            }
        }
        // Request handlers run outside this task, so they write to the console captured here.
        let console = Console.current
        configuration.requestLog = { line in console.output(line + "\n") }
        let server: LocalOrgServer
        do {
            server = try await Self.start(configuration, reusingPortOf: port == 0 ? configuration.dataDirectory : nil)
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
        // Recorded before the first line is printed: a tool that reads that line and runs
        // `forcekit login --local` finds the org.
        let record = RunningLocalOrg(server.credentials, dataDirectory: server.isTemporary ? nil : server.dataDirectory.path)
        let recorded = Result { try record.save() }
        Console.print(server.credentials.jsonLine)
        if server.isTemporary {
            Console.printError(
                "LocalOrg is using a temporary store (\(server.dataDirectory.path)); it is removed when the server stops. Use --data DIR to keep it."
            )
        }
        switch recorded {
        case .success: Console.printError("Recorded in \(record.file.path): forcekit login --local logs in to it.")
        case .failure(let error):
            Console.printError("warning: cannot record the server in \(record.file.path): \(error.localizedDescription)")
        }
        await server.waitUntilStopped()
        record.remove()
    }

    /// Whether `directory` already holds an org's records.
    static func holdsOrg(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(Org.databaseFileName).path)
    }

    /// The file in a data directory that remembers its last port.
    static let portFileName = "last-port"

    /// Starts the server; with a data directory and no --port, on the port it had last time
    /// when that is free, so saved logins keep working across restarts.
    static func start(_ configuration: LocalOrgConfiguration, reusingPortOf directory: URL?) async throws -> LocalOrgServer {
        let portFile = directory?.appendingPathComponent(portFileName)
        var server: LocalOrgServer?
        if let portFile, let text = try? String(contentsOf: portFile, encoding: .utf8),
            let last = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), (1...65535).contains(last)
        {
            var again = configuration
            again.port = last
            server = try? await LocalOrgServer.start(again)
        }
        let started: LocalOrgServer
        if let server {
            started = server
        } else {
            started = try await LocalOrgServer.start(configuration)
        }
        if let portFile, let port = URLComponents(string: started.credentials.instanceURL)?.port {
            try? Data("\(port)\n".utf8).write(to: portFile)
        }
        return started
    }
}
