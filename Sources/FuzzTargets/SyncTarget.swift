import Foundation
import MobileSync
import SOQL
import SalesforceCore

extension FuzzTarget {
    /// What Mobile Sync reads from files and servers: `usersyncs.json`, stored sync states and
    /// targets, the SOQL a sync rewrites (which must still parse once rewritten), and date-times.
    /// The first byte picks which.
    static let syncInput = FuzzTarget(
        name: "sync-input",
        summary: "usersyncs.json, sync states, sync-down queries (rewritten, they must parse) and timestamps into Mobile Sync"
    ) { bytes in
        guard let selector = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        switch selector % 4 {
        case 0:
            _ = try? SyncsConfig(data: rest)
        case 1:
            guard let json = try? JSON(parsing: rest) else { return }
            if let state = try? SyncState(json: json), (try? SyncState(json: state.json)) != state {
                fatalError("a sync state does not read back the same: \(state.json.serialized())")
            }
            if let tree = (try? SyncTargetRegistry.downTarget(from: json)) as? ParentChildrenSyncDownTarget {
                // Every object's query of a tree, first run and re-runs, must be SOQL.
                for (path, query) in tree.queries {
                    guard let level = try? SoqlSyncDownTarget(query: query) else {
                        fatalError("the tree's query for \(path) is not a sync query: \(query)")
                    }
                    for cursor in [nil, SyncCursor(stamp: 1_556_704_800_000, id: "003'x\\")]
                    where (try? SOQLQuery(parsing: level.query(after: cursor))) == nil {
                        fatalError("the tree's query for \(path) does not parse once rewritten: \(level.query(after: cursor))")
                    }
                }
                if (try? ParentChildrenSyncDownTarget(json: tree.json)) != tree {
                    fatalError("a parent-children target does not read back the same: \(tree.json.serialized())")
                }
            }
            _ = try? SyncUpTarget(json: json)
            _ = try? ParentChildrenSyncUpTarget(json: json)
            _ = try? SyncOptions(json: json)
        case 2:
            guard let target = try? SoqlSyncDownTarget(query: text) else { return }
            for cursor in [nil, SyncCursor(stamp: 1_556_704_800_000, id: "001'x\\"), SyncCursor(stamp: -62_135_596_800_000, id: nil)] {
                let rewritten = target.query(after: cursor)
                do {
                    _ = try SOQLQuery(parsing: rewritten)
                } catch {
                    fatalError("the sync's rewrite of \(text) is not SOQL: \(rewritten) (\(error))")
                }
            }
        default:
            if let instant = SOQLDateTime(parsing: text), SOQLDateTime(parsing: instant.description) != instant {
                fatalError("the timestamp \(text) does not read back")
            }
            if let date = HTTPDate.parse(text), HTTPDate.parse(HTTPDate.format(date)) != date {
                fatalError("the HTTP date \(text) does not read back")
            }
        }
    }
}
