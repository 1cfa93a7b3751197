import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import Logging
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Synchronization
import Testing

@Suite("The app layer: logging")
struct SessionLogTests {
    @Test("a whole session logged at trace: every component speaks, and no line carries a token or the password")
    func noSecretsInTheLog() async throws {
        let lines = CapturedLines()
        ForceKitLogging.setLevel(.trace)
        ForceKitLogging.route { label in CapturingLogHandler(label: label, lines: lines) }
        defer {
            ForceKitLogging.route(nil)
            ForceKitLogging.setLevel(nil)
        }
        var secrets: [String] = []
        try await withLocalOrg(seed: true, tokenLifetime: 60) { org in
            secrets.append(org.credentials.password)
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")),
                    directory: folder.appendingPathComponent("app"))
                await app.setDeviceToken(Data([0xde, 0xad, 0xbe, 0xef]))
                let user = try await app.logIn(at: org.loginHost, using: org.browser)
                secrets += [user.credentials.accessToken, user.credentials.refreshToken].compactMap { $0 }

                // Sync down, an offline edit, sync up; then the access token expires and is refreshed.
                let syncs = try await app.syncManager()
                #expect(try await syncs.reSync(named: "syncDownAccounts").status == .done)
                let store = try await app.userStore()
                let first = try #require(try await store.query(using: .buildAllQuerySpec(soupName: "accounts", pageSize: 1)).first)
                let entryId = try #require(first[SoupEntryField.id]?.integerValue)
                _ = try await store.updateLocally(soupEntryId: entryId, inSoup: "accounts") { $0["Name"] = "Renamed offline" }
                org.clock.advance(by: 120)
                let up = try await syncs.syncUp(
                    target: SyncUpTarget(), options: SyncOptions(mergeMode: .overwrite, fieldlist: ["Name"]), soupName: "accounts")
                #expect(up.status == .done && up.recordsSynced == 1)
                let refreshed = try #require(await app.accounts.account(for: user.identity)?.credentials.accessToken)
                #expect(refreshed != user.credentials.accessToken)
                secrets.append(refreshed)
                await app.logOut()
            }
        }
        let log = lines.all
        for component in ["accounts", "rest", "smartstore", "sync", "app"] {
            #expect(log.contains { $0.hasPrefix("forcekit.\(component) ") }, "no line from \(component)")
        }
        for secret in secrets where !secret.isEmpty {
            #expect(!log.contains { $0.contains(secret) }, "a log line carries a secret")
        }
    }
}

/// The lines ForceKit logged, as `label level message metadata`.
final class CapturedLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// A handler that keeps each line instead of printing it.
struct CapturingLogHandler: LogHandler {
    let label: String
    let lines: CapturedLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(label) \(event.level) \(event.message) \(event.metadata ?? [:])")
    }
}
