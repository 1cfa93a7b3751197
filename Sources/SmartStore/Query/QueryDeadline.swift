import Dispatch
import GRDB
import GRDBSQLite

/// A time limit on a query: SQLite's progress handler, called every few thousand steps of the
/// statement, interrupts it once the limit has passed, so a query that never ends (an unbounded
/// recursive `WITH`, a self-join of a large soup) fails with ``SmartStoreError/queryTimedOut(after:)``
/// instead of holding its connection, and the app's thread, forever.
enum QueryDeadline {
    /// How many of SQLite's virtual machine steps pass between two looks at the clock.
    private static let stepsBetweenChecks: Int32 = 10_000

    /// Runs `body` on `db` with the handler set, and removes it after.
    static func within<T>(_ limit: Duration, on db: Database, _ body: () throws -> T) throws -> T {
        let (seconds, attoseconds) = limit.components
        // Saturating: a limit of years (or Duration's largest) means no limit, never an overflow.
        let whole = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        let sum = whole.partialValue.addingReportingOverflow(UInt64(clamping: attoseconds / 1_000_000_000))
        let nanoseconds = whole.overflow || sum.overflow ? UInt64.max : sum.partialValue
        let (deadline, late) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(nanoseconds)
        // The deadline travels in the context pointer itself: nothing to allocate or free.
        sqlite3_progress_handler(
            db.sqliteConnection, stepsBetweenChecks,
            { context in DispatchTime.now().uptimeNanoseconds > UInt64(UInt(bitPattern: context)) ? 1 : 0 },
            UnsafeMutableRawPointer(bitPattern: UInt(late ? UInt64.max : max(deadline, 1))))
        defer { sqlite3_progress_handler(db.sqliteConnection, 0, nil, nil) }
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
            throw SmartStoreError.queryTimedOut(after: limit)
        }
    }
}
