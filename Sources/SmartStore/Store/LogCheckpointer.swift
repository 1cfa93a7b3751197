import GRDB
import GRDBSQLite
import SalesforceCore

/// Moves the write-ahead log's pages into the database file on a connection of its own, so that
/// no write waits for it.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000 pages, on
/// the writer: in a sync down it was a seventh of the writer's time. A store's connections get
/// ``hook`` instead, which hands that work to this connection; its passive checkpoints never
/// wait for readers or the writer, and run beside them.
///
/// A writer that never pauses outruns them, though: the log starts again from its beginning
/// only once a checkpoint has caught up with it, so upserting a million entries back to back
/// grew it to 6.6 GB beside an 800 MB store, and its index in shared memory with it. Past
/// ``ceiling`` the committing writer waits while this connection checkpoints the whole log, and
/// the next commit writes the log from its beginning again. The file is overwritten rather than
/// truncated: truncating it made every writer after it grow the file again, which cost a
/// fifth of the throughput of upserts into ten indexes. ``sizeLimitBytes`` (the connections'
/// `journal_size_limit`) cuts back a log that a reader let outgrow the ceiling.
final class LogCheckpointer: Sendable {
    /// The log's size, in pages, from which a commit asks for a checkpoint: SQLite's default.
    static let threshold: Int32 = 1_000

    /// The log's size, in pages (40 MiB of 4 KiB pages), past which a commit waits for the log
    /// to be checkpointed, so that the next one starts it again.
    static let ceiling: Int32 = 10_000

    /// The size, in bytes, to which a log that grew past ``ceiling`` is cut back when it starts
    /// again: the ceiling's frames.
    static let sizeLimitBytes = Int(ceiling) * (PageFormat.walFrameHeaderSize + PageFormat.pageSize)

    private let connection: DatabaseQueue
    private let pending = Locked(false)
    private let token: Int
    private let checkpoints = Locked(0)

    /// Opens the checkpointing connection to the store at `path` (a URI when encrypted), which
    /// must exist, and registers it for the hook that `token` was installed with.
    init(path: String, token: Int) throws {
        var configuration = Configuration()
        configuration.label = "SmartStore checkpoints"
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.token = token
        Self.registry.withLock { $0.checkpointers[token] = self }
    }

    /// Stops checkpointing, after the one under way: commits checkpoint on the writer again, as
    /// SQLite does.
    func close() {
        Self.registry.withLock { $0.checkpointers[token] = nil }
        try? connection.close()
    }

    /// How many checkpoints this connection ran.
    var completedCheckpoints: Int { checkpoints.current }

    /// Returns once the checkpoint asked for, if any, has run.
    func waitUntilIdle() {
        try? connection.read { _ in }
    }

    /// Asks for a checkpoint, unless one is already asked for.
    private func schedule() {
        let alreadyPending = pending.withLock { pending in
            defer { pending = true }
            return pending
        }
        guard !alreadyPending else { return }
        connection.asyncWriteWithoutTransaction { [pending, checkpoints] db in
            // Busy (another checkpoint, or a reader on an old snapshot) only means "later".
            if (try? db.checkpoint(.passive)) != nil { checkpoints.withLock { $0 += 1 } }
            pending.withLock { $0 = false }
        }
    }

    /// Checkpoints the whole log so that the next commit starts it again, and returns when that
    /// is done or could not be (a reader still on an older snapshot: the next commit past the
    /// ceiling tries again).
    private func restart() {
        try? connection.writeWithoutTransaction { db in
            _ = try db.checkpoint(.restart)
            checkpoints.withLock { $0 += 1 }
        }
    }

    // MARK: - The hook

    /// A new token for ``install(on:token:)``, before the store's checkpointer exists.
    static func reserveToken() -> Int {
        registry.withLock { registry in
            registry.lastToken += 1
            return registry.lastToken
        }
    }

    /// Makes `db`'s commits hand checkpoints to the checkpointer registered under `token`.
    static func install(on db: Database, token: Int) {
        sqlite3_wal_hook(db.sqliteConnection, hook, UnsafeMutableRawPointer(bitPattern: token))
    }

    private static let registry = Locked(Registry())

    private struct Registry {
        var lastToken = 0
        var checkpointers: [Int: LogCheckpointer] = [:]
    }

    /// Called by SQLite after each commit with the log's size: hands a checkpoint to the store's
    /// checkpointer, or, while it has none, checkpoints right there as SQLite's own hook does.
    /// The context is the token, not a pointer, so a hook that outlives its store finds nothing.
    private static let hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
        context, db, name, pages in
        guard pages >= threshold else { return SQLITE_OK }
        let token = Int(bitPattern: context)
        if let checkpointer = registry.withLock({ $0.checkpointers[token] }) {
            if pages >= ceiling { checkpointer.restart() } else { checkpointer.schedule() }
        } else {
            sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
        return SQLITE_OK
    }
}
