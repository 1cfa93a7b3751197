package import Foundation
import SOQL
public import SalesforceCore
public import SalesforceREST
public import SmartStore

/// What a target works with: the server, and the store and soup it syncs into.
public struct SyncContext: Sendable {
    /// The user's REST client.
    public let client: RestClient
    /// The store.
    public let store: SmartStore
    /// The soup the sync writes.
    public let soupName: String

    /// A context from its parts; the benchmarks drive a target's fetch as a sync would.
    package init(client: RestClient, store: SmartStore, soupName: String) {
        self.client = client
        self.store = store
        self.soupName = soupName
    }
}

/// Where a sync down resumes: the modification stamp and id of the last record it saved, in
/// the order (stamp, id) that keyset paging follows.
public struct SyncCursor: Sendable, Hashable {
    /// The modification stamp, in milliseconds since 1970.
    public var stamp: Int64
    /// The id of the last record saved at that stamp; nil when only the stamp is known (a state
    /// written by the SDK, or a target whose records are not in cursor order), and then records
    /// at the stamp are fetched again, which is harmless.
    public var id: String?

    /// A cursor from its parts.
    public init(stamp: Int64, id: String?) {
        self.stamp = stamp
        self.id = id
    }

    /// Whether `other` comes after this cursor in (stamp, id) order.
    func precedes(_ other: SyncCursor) -> Bool {
        if stamp != other.stamp { return stamp < other.stamp }
        guard let id, let otherID = other.id else { return other.id != nil && id == nil }
        return id.lowercased() < otherID.lowercased()
    }
}

/// One page of records from the server.
public struct SyncDownPage: Sendable {
    /// The records, as the server sent them. Setting them (a target of the app's changing what
    /// another target fetched, say) writes them out as set rather than as the server sent them.
    public var records: [JSON] {
        get { receivedRecords }
        set {
            receivedRecords = newValue
            texts = []
        }
    }
    private var receivedRecords: [JSON]
    /// The ids of records the server deleted since the cursor, in cursor order with `records`.
    public var deleted: [(id: String, cursor: SyncCursor?)]
    /// How many records the whole fetch will bring, as the server said on its first page.
    public var totalSize: Int
    /// Whether the records come in the target's (stamp, id) order, so that the last one is
    /// where the sync resumes; false for pages in no order (a Bulk API job's results), which
    /// move the cursor only to ``cursorAfter``.
    public var isInCursorOrder: Bool
    /// For a page not in cursor order: where the sync resumes once the page is saved; nil leaves
    /// the cursor where it is.
    public var cursorAfter: SyncCursor?
    /// Per record, the JSON text the server sent for it, when it is kept as sent; empty when
    /// none are (records are then written out again).
    package var texts: [Data?] = []
    /// How many records the fetch left out because the soup holds them as the server sent them:
    /// a re-run asks again for the records at its cursor's own instant, so that none changed
    /// at that instant is missed, and those it already has are not news. They count in neither
    /// the sync's total nor its progress.
    public var alreadyStored = 0

    /// Keeps only the records at `positions` (in order), with their texts.
    mutating func keepRecords(at positions: [Int]) {
        let kept = texts.count == receivedRecords.count ? positions.map { texts[$0] } : []
        receivedRecords = positions.map { receivedRecords[$0] }
        texts = kept
    }

    /// A page from its parts.
    public init(
        records: [JSON], deleted: [(id: String, cursor: SyncCursor?)] = [], totalSize: Int, isInCursorOrder: Bool = true,
        cursorAfter: SyncCursor? = nil
    ) {
        receivedRecords = records
        self.deleted = deleted
        self.totalSize = totalSize
        self.isInCursorOrder = isInCursorOrder
        self.cursorAfter = cursorAfter
    }
}

/// The pages of one sync-down run, fetched one at a time; the run asks for the next page while
/// it saves the current one.
public protocol SyncDownFetch: Sendable {
    /// The next page, or nil after the last.
    func nextPage() async throws -> SyncDownPage?
}

/// What a sync down brings into its soup, and how it asks the server.
///
/// ForceKit's targets are ``SoqlSyncDownTarget``, ``SoslSyncDownTarget``, ``MruSyncDownTarget``
/// and ``RefreshSyncDownTarget``. An app adds its own by implementing this protocol and
/// registering it with ``SyncTargetRegistry/registerDownTarget(named:_:)``, so that its JSON
/// (`{"type": "custom", "swiftImpl": NAME, …}`) reads back.
public protocol SyncDownTarget: Sendable {
    /// The target as stored in its sync's state, with its `type`.
    var json: JSON { get }
    /// The field holding the server id, `Id` by default.
    var idFieldName: String { get }
    /// The field holding the modification stamp, `LastModifiedDate` by default.
    var modificationDateFieldName: String { get }
    /// Whether records come in (stamp, id) order, so that the sync may save its cursor after
    /// every page and resume from it after a stop, a failure or a killed process. When false the
    /// cursor moves only when a run completes, and an interrupted run starts over.
    var isOrderedByCursor: Bool { get }
    /// Starts fetching the records changed after `cursor`, or all of them when it is nil.
    func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch
    /// Which of `localIds` (at most 200) the target would still bring now, for cleaning ghosts:
    /// the records of this sync that are not among them are removed.
    func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String>
}

extension SyncDownTarget {
    /// `Id`.
    public var idFieldName: String { "Id" }
    /// `LastModifiedDate`.
    public var modificationDateFieldName: String { "LastModifiedDate" }
    /// False: the cursor moves at the end of each run.
    public var isOrderedByCursor: Bool { false }
}

extension SyncDownTarget {
    /// Where `record` stands in (stamp, id) order; nil when it has no readable stamp.
    func cursor(of record: JSON) -> SyncCursor? {
        guard let text = record[modificationDateFieldName]?.stringValue, let stamp = SOQLDateTime(parsing: text)?.millisecondsSinceEpoch
        else { return nil }
        return SyncCursor(stamp: stamp, id: record[idFieldName]?.stringValue)
    }
}
