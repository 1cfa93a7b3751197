import ArgumentParser
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys

/// `forcekit idp demo`: an IdP app and an SP app on a simulated device against an embedded
/// LocalOrg, printing every message between them.
struct IdPDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run an IdP app and an SP app on a simulated device against an embedded LocalOrg and print each message.",
        discussion: """
            The IdP app (com.forcekit.idp, scheme testsfdc) has two users logged in; the SP app \
            (com.forcekit.sp, scheme forcekitsp) has none. SP-initiated (the default): the SP \
            asks the IdP, the IdP's user allows it, the IdP obtains a code for the SP with its \
            session (frontdoor.jsp) and the SP exchanges it for tokens of its own. IdP-initiated: \
            the IdP starts the SP for a user. --rogue: another app sends the SP's request, and \
            the IdP refuses it. Codes, challenges and states are shown shortened; no token ever \
            crosses apps.

            Exit status: 0 when the outcome is what the mode expects (a login, or for --rogue a \
            refusal), 1 otherwise.
            """
    )

    @Flag(help: "Who starts the login.")
    var mode: Mode = .spInitiated

    @Option(
        name: .customLong("user-hint"),
        help: ArgumentHelp("The user to log in, as orgId:userId (default: the IdP user picks the first account).", valueName: "hint"))
    var userHint: String?

    @Flag(help: "Send the SP's request from an app that is not the SP, and show the refusal.")
    var rogue = false

    @Flag(help: "Print one JSON object per message, then the outcome.")
    var json = false

    enum Mode: String, EnumerableFlag {
        case spInitiated
        case idpInitiated
    }

    func validate() throws {
        if let userHint, UserHint(parsing: userHint) == nil {
            throw ValidationError("--user-hint must be two Salesforce ids, orgId:userId; \(userHint) is not.")
        }
        if rogue && mode == .idpInitiated { throw ValidationError("--rogue shows a refused SP request; use it with --sp-initiated.") }
    }

    /// The demo org's id: fixed, so that its users' hints are the same every run.
    static let organizationID = "00D000000000042"

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-idp-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let succeeded: Bool
        do {
            try Self.prepare(directory)
            var configuration = LocalOrgConfiguration()
            configuration.seedsSampleData = false
            configuration.dataDirectory = directory
            succeeded = try await LocalOrgServer.withRunning(configuration) { server in try await demo(server) }
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
        if !succeeded { throw ExitCode(1) }
    }

    /// A data directory whose org has the fixed id, a random password, and the Mobile SDK's
    /// sample app as its IdP app's connected app.
    private static func prepare(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let settings: JSON = [
            "organizationId": .string(organizationID), "organizationName": "IdP demo",
            "defaultUser": ["username": "admin@localorg.test", "password": .string("Demo-" + UUID().uuidString)],
            "connectedApps": [
                [
                    "name": "IdP app", "consumerKey": .string(MobileSDKSampleApp.consumerKey),
                    "callbackUrls": [.string(MobileSDKSampleApp.callbackURL)],
                ]
            ],
        ]
        let file = directory.appendingPathComponent("localorg.json").path
        guard
            FileManager.default.createFile(atPath: file, contents: Data(settings.serializedBytes()), attributes: [.posixPermissions: 0o600])
        else { throw ValidationError("cannot write \(file)") }
    }

    private func demo(_ server: LocalOrgServer) async throws -> Bool {
        let session = try await IdPDemoSession.start(server, json: json)
        let hint = userHint.flatMap(UserHint.init(parsing:))
        let outcome: IdPDemoSession.Outcome
        if rogue {
            outcome = await session.rogueRequest()
        } else if mode == .idpInitiated {
            outcome = await session.idpInitiated(hint: hint)
        } else {
            outcome = await session.spInitiated(hint: hint)
        }
        let expected = rogue ? "refused" : "logged in"
        let met = outcome.isLogin != rogue
        if json {
            var line = JSONLine()
            line.add("outcome", outcome.isLogin ? "logged in" : "refused")
            line.add("expected", expected)
            line.add("detail", outcome.detail)
            line.add("user", outcome.user)
            Console.print(line.text)
        } else {
            Console.print("")
            Console.print("outcome: \(outcome.detail)\(met ? "" : " (expected: \(expected))")")
        }
        return met
    }
}
