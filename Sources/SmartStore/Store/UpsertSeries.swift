import GRDB
import SalesforceCore

/// A series of upserts into one soup, by one task, across transactions: a sync down's pages.
///
/// An upsert by an external id looks every entry up first, which is most of what it costs
/// besides the insert itself. When the series finds the soup empty at its first upsert, it
/// remembers the keys it writes (in a filter of fixed size, so memory does not grow with them);
/// as long as nothing else writes to the store between its transactions, an entry whose key it
/// never wrote is known to be new and is inserted without a lookup. Anything else (a write by
/// the app, another sync, another process, or a transaction of the series that did not commit)
/// ends that for the rest of the series, which then looks every entry up as any upsert does.
///
/// Within a transaction, entries the caller writes to the soup other than through the series
/// are not known to it: Mobile Sync's sync down, its one user, only removes entries besides.
///
/// ```swift
/// let series = UpsertSeries()
/// for page in pages {
///     try await store.transaction { tx in try tx.upsert(page, withExternalIdPath: "Id", in: series) }
/// }
/// ```
package final class UpsertSeries: Sendable {
    private let state = Locked(State.unknown)

    /// A series that has not written yet.
    package init() {}

    private enum State {
        /// Not used yet.
        case unknown
        /// The soup was empty when the series began; `keys` holds every key it wrote since.
        /// `settled` is the store's change count after its last committed transaction, nil
        /// while `transaction` (the serial of the one under way) has not finished.
        case tracking(soupId: Int64, keys: KeyFilter, settled: ChangeCount?, transaction: Int)
        /// Every entry is looked up.
        case off
    }

    /// What tells whether anything else wrote: the writer connection's count of changed rows
    /// (every write in this process goes through it) and SQLite's data version (which moves
    /// when another connection commits).
    struct ChangeCount: Equatable {
        let rows: Int
        let dataVersion: Int

        init(_ db: Database) throws {
            rows = db.totalChangesCount
            dataVersion = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
    }

    /// The keys known never written to the soup before, for an upsert in transaction `serial`;
    /// nil when every entry must be looked up.
    func knownKeys(soup: SoupDescriptor, transaction serial: Int, _ db: Database) throws -> KeyFilter? {
        let current = try ChangeCount(db)
        let isEmpty = { try Int.fetchOne(db, sql: "SELECT 1 FROM \(soup.tableName) LIMIT 1") == nil }
        return try state.withLock { state -> KeyFilter? in
            switch state {
            case .off:
                return nil
            case .unknown:
                guard try isEmpty() else {
                    state = .off
                    return nil
                }
                let keys = KeyFilter()
                state = .tracking(soupId: soup.soupId, keys: keys, settled: nil, transaction: serial)
                return keys
            case .tracking(let soupId, let keys, let settled, let transaction):
                if soupId == soup.soupId, transaction == serial || settled == current {
                    state = .tracking(soupId: soupId, keys: keys, settled: nil, transaction: serial)
                    return keys
                }
                state = .off
                return nil
            }
        }
    }

    /// Notes that the transaction `serial` wrote everything it writes and is about to commit.
    func settle(transaction serial: Int, _ db: Database) throws {
        let current = try ChangeCount(db)
        state.withLock { state in
            guard case .tracking(let soupId, let keys, .none, serial) = state else { return }
            state = .tracking(soupId: soupId, keys: keys, settled: current, transaction: serial)
        }
    }
}

/// A Bloom filter over text keys: whether a key may have been added (never a false "no").
///
/// A fixed 1 MiB of bits with four probes a key: under 1% of unseen keys are taken for seen
/// after 200,000 keys, about 2% after 1,000,000; a key taken for seen is merely looked up.
final class KeyFilter: @unchecked Sendable {
    // Only touched by the store's writer, one transaction at a time, under UpsertSeries's lock
    // hand-off; hence unchecked.
    private var words = [UInt64](repeating: 0, count: 1 << 17)
    private static let probes = 4

    func insert(_ key: String) {
        let (first, second) = Self.hashes(key)
        let bits = UInt64(words.count * 64)
        for probe in 0..<UInt64(Self.probes) {
            let bit = (first &+ probe &* second) % bits
            words[Int(bit / 64)] |= 1 << (bit % 64)
        }
    }

    func mayContain(_ key: String) -> Bool {
        let (first, second) = Self.hashes(key)
        let bits = UInt64(words.count * 64)
        for probe in 0..<UInt64(Self.probes) {
            let bit = (first &+ probe &* second) % bits
            if words[Int(bit / 64)] & (1 << (bit % 64)) == 0 { return false }
        }
        return true
    }

    /// Two independent hashes of the key's UTF-8 bytes (FNV-1a with two offsets); the probes are
    /// their combinations.
    private static func hashes(_ key: String) -> (UInt64, UInt64) {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in key.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9
        }
        return (first, second | 1)
    }
}
