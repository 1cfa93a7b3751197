import Foundation
import MobileSync
import SalesforceCore

/// What `forcekit quickstart` did and measured, and where its files are: printed as text at
/// the end, or as JSON with `--json`.
struct QuickstartSummary: Sendable {
    /// The org and its records.
    struct Org: Sendable {
        var instanceURL: String
        var accounts: Int
        var contacts: Int
    }

    /// Who logged in.
    struct User: Sendable {
        var username: String
        var userID: String
        var orgID: String
    }

    /// One sync down's figures.
    struct SyncFigure: Sendable {
        var name: String
        var soup: String
        var records: Int
        var seconds: Double
        var recordsPerSecond: Double { Double(records) / max(seconds, 0.001) }
    }

    /// Step 4's edits, conflict and delete.
    struct Offline: Sendable {
        var accountID: String
        var conflict: [ConflictField]
        /// The Account on the server after the merge was sent.
        var serverName: String
        var serverPhone: String
        var createdContactID: String
        var deletedContactID: String
        var syncUps: [SyncState]
    }

    /// A link and the record it opened.
    struct OpenedLink: Sendable {
        var url: String
        var route: String
        var screen: String?
        var record: JSON
    }

    let workspace: QuickstartWorkspace
    var org: Org?
    var user: User?
    var syncs: [SyncFigure] = []
    var offline: Offline?
    var links: [OpenedLink] = []
    var storeFile: String?
    var storeKeyFile: String?
    var stepSeconds: [(String, Double)] = []
    var seconds = 0.0

    init(workspace: QuickstartWorkspace) {
        self.workspace = workspace
    }

    /// Records per second over both syncs down.
    var syncRate: Double {
        let records = syncs.reduce(0) { $0 + $1.records }
        let seconds = syncs.reduce(0) { $0 + $1.seconds }
        return Double(records) / max(seconds, 0.001)
    }

    /// The summary as readable lines.
    var text: [String] {
        var lines: [String] = []
        if let org, let user {
            lines.append(
                "LocalOrg       \(org.instanceURL): \(ProgressLine.count(org.accounts)) Accounts, \(ProgressLine.count(org.contacts)) Contacts"
            )
            lines.append("login          \(user.username) through the web-server flow with PKCE; account sealed on disk")
        }
        let synced = syncs.reduce(0) { $0 + $1.records }
        lines.append(
            "sync down      \(ProgressLine.count(synced)) records, \(ProgressLine.count(Int(syncRate))) records/s, into an encrypted SmartStore"
        )
        if let offline {
            let up = offline.syncUps.map { "\($0.name ?? String($0.id)) \($0.recordsSynced)/\($0.recordsFailed)/\($0.recordsConflicted)" }
                .joined(separator: ", ")
            lines.append("sync up        \(up) (synced/failed/conflicted)")
            lines.append(
                "conflict       \(offline.conflict.map(\.name).joined(separator: ", ")) of Account \(offline.accountID), resolved as a merge; both edits on the server"
            )
            lines.append("server delete  Contact \(offline.deletedContactID) removed locally by the resync")
        }
        for link in links { lines.append("link           \(link.url) → \(link.screen ?? link.route)") }
        lines.append(
            String(format: "time           %.1f s (", seconds)
                + stepSeconds.map { "\($0.0) " + String(format: "%.1f s", $0.1) }.joined(separator: ", ") + ")")
        lines.append("files          \(workspace.root.path)" + (workspace.isTemporary ? " (removed when the quickstart ends)" : ""))
        lines.append("  app config   \(workspace.configuration.path)")
        if let storeFile { lines.append("  store        \(storeFile)") }
        if let storeKeyFile { lines.append("  store key    \(storeKeyFile)") }
        lines.append("  org data     \(workspace.orgData.path)")
        return lines
    }

    /// The summary as one JSON object.
    var json: JSON {
        var object: [String: JSON] = [:]
        if let org {
            object["org"] = [
                "instanceUrl": .string(org.instanceURL), "accounts": .integer(Int64(org.accounts)),
                "contacts": .integer(Int64(org.contacts)),
            ]
        }
        if let user {
            object["user"] = [
                "username": .string(user.username), "userId": .string(user.userID), "orgId": .string(user.orgID),
                "login": "web-server flow with PKCE",
            ]
        }
        object["syncDown"] = .array(
            syncs.map {
                [
                    "name": .string($0.name), "soup": .string($0.soup), "records": .integer(Int64($0.records)),
                    "seconds": .double(Self.rounded($0.seconds)), "recordsPerSecond": .double(Self.rounded($0.recordsPerSecond)),
                ]
            })
        object["recordsPerSecond"] = .double(Self.rounded(syncRate))
        if let offline {
            object["syncUp"] = .array(
                offline.syncUps.map {
                    [
                        "name": .string($0.name ?? String($0.id)), "synced": .integer(Int64($0.recordsSynced)),
                        "failed": .integer(Int64($0.recordsFailed)), "conflicted": .integer(Int64($0.recordsConflicted)),
                    ]
                })
            var fields: [String: JSON] = [:]
            for field in offline.conflict {
                fields[field.name] = ["base": field.base ?? .null, "local": field.local ?? .null, "server": field.server ?? .null]
            }
            object["conflict"] = [
                "recordId": .string(offline.accountID), "fields": .object(fields), "resolution": "merged",
                "onServer": ["Name": .string(offline.serverName), "Phone": .string(offline.serverPhone)],
            ]
            object["createdOffline"] = .string(offline.createdContactID)
            object["deletedOnServer"] = ["recordId": .string(offline.deletedContactID), "removedLocally": true]
        }
        object["links"] = .array(
            links.map {
                [
                    "url": .string($0.url), "route": .string($0.route), "screen": $0.screen.map(JSON.string) ?? .null,
                    "record": Self.serverFields($0.record),
                ]
            })
        object["files"] = [
            "folder": .string(workspace.root.path), "temporary": .bool(workspace.isTemporary),
            "config": .string(workspace.configuration.path),
            "app": .string(workspace.app.path), "store": storeFile.map(JSON.string) ?? .null,
            "storeKey": storeKeyFile.map(JSON.string) ?? .null,
            "orgData": .string(workspace.orgData.path),
        ]
        object["steps"] = .array(stepSeconds.map { ["step": .string($0.0), "seconds": .double(Self.rounded($0.1))] })
        object["seconds"] = .double(Self.rounded(seconds))
        return .object(object)
    }

    /// A stored record without the store's and the sync's own fields.
    private static func serverFields(_ record: JSON) -> JSON {
        guard let members = record.objectValue else { return record }
        return .object(members.filter { !$0.key.hasPrefix("_") && $0.key != "attributes" })
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
