package import Foundation
import GRDB
import SOQL
import SalesforceCore

/// The org's data: records of every sObject type, kept in SQLite, with the checks and system
/// fields Salesforce applies on every write.
///
/// All methods are safe to call from many tasks at once: reads run in parallel, writes one at
/// a time (SQLite's WAL mode).
package final class OrgStore: Sendable {
    /// The org's types.
    package let schema: OrgSchema
    /// The org id (18 characters, prefix `00D`).
    package let organizationID: String
    /// Where this org's id counters start, so its ids are its own.
    let idBase: Int64
    let pool: DatabasePool
    package let clock: @Sendable () -> Date
    let cursors = QueryCursors()
    /// Bulk API 2.0 jobs, with one sequence of ids for both kinds.
    let bulkJobIDs = BulkJobIDs()
    let bulkQueryJobs = BulkJobs<BulkQueryJob>()
    let bulkIngestJobs = BulkJobs<BulkIngestJob>()

    /// Opens (or creates) the store in `file`.
    /// - Parameters:
    ///   - file: The SQLite file.
    ///   - schema: The org's types.
    ///   - organizationID: The org id records and tokens belong to.
    ///   - clock: The time source; tests move it to expire tokens.
    package init(file: URL, schema: OrgSchema, organizationID: String, clock: @escaping @Sendable () -> Date = Date.init)
        throws(LocalOrgError)
    {
        self.schema = schema
        self.organizationID = organizationID
        idBase = RecordID.counterBase(forOrganization: organizationID)
        self.clock = clock
        pool = try OrgDatabase.open(at: file, schema: schema)
    }

    /// Closes the database once nothing more will be asked of it, so its files are let go when
    /// this returns: left to the last reference, they could close on another thread while the
    /// caller removes the folder. Later reads and writes fail.
    package func close() {
        try? pool.close()
    }

    /// The id the org's first user gets: that user creates itself, as nobody exists yet to do it
    /// (pass it as the creator of that first `User`).
    package var firstUserID: String { RecordID.make(prefix: "005", counter: idBase + 1) }

    /// The current time in Salesforce's form.
    var now: SOQLDateTime {
        SOQLDateTime(millisecondsSinceEpoch: clock().millisecondsSince1970)
    }

    /// The type named `name`, or the API's error for an unknown type.
    func type(named name: String) throws(APIError) -> SObjectType {
        guard let type = schema.type(named: name) else { throw .notFound }
        return type
    }

    /// Runs a read, turning database failures into a 500 the client can report.
    ///
    /// On the calling thread: GRDB's blocking read takes a reader connection and runs the body
    /// there, where its async read hands the body to the connection's queue and resumes the
    /// caller on another thread, two thread switches that cost a single-record GET more than its
    /// SQL. A read never waits for the writer (the log lets readers run beside it); it waits only
    /// for a free reader connection. Every read of the org's database must come through here: an
    /// async read holds its connection across an await, and with every cooperative thread blocked
    /// here waiting for a connection, nothing would resume it to give the connection back. A
    /// blocking read is not interrupted when its task is cancelled; the org's reads are short.
    /// Writes stay async: under concurrent writers a blocking write would hold a thread idle while
    /// it waits for the writer's lock.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(APIError) -> T {
        do {
            return try Self.readNow(pool, body)
        } catch {
            throw APIError.from(error)
        }
    }

    /// GRDB's blocking read: called from a synchronous function, so its async overload is never chosen.
    private static func readNow<T>(_ pool: DatabasePool, _ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }

    /// Runs a write in one transaction; an error rolls everything back.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(APIError) -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw APIError.from(error)
        }
    }

    /// Runs writes that manage their own transaction and savepoints (composite requests).
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(APIError) -> T {
        do {
            return try await pool.writeWithoutTransaction(body)
        } catch {
            throw APIError.from(error)
        }
    }
}
