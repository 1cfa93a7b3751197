import Foundation
import GRDB
import SalesforceCore

/// The org's limits, as `GET limits` reports them. API requests are counted for real over a
/// rolling 24 hours, as Salesforce counts them; storage is measured from the data.
package final class APILimits: Sendable {
    /// Daily API requests allowed: a Developer Edition org's 15,000.
    package let dailyAPIRequests: Int
    /// Data storage, in MB; each record counts 2 KB, as in Salesforce.
    static let dataStorageMB = 5
    /// File storage, in MB.
    static let fileStorageMB = 20
    private let clock: @Sendable () -> Date
    /// Requests per hour, keyed by hours since 1970.
    private let hourly = Locked([Int64: Int]())

    init(dailyAPIRequests: Int = 15_000, clock: @escaping @Sendable () -> Date) {
        self.dailyAPIRequests = dailyAPIRequests
        self.clock = clock
    }

    private var currentHour: Int64 { Int64((clock().timeIntervalSince1970 / 3600).rounded(.down)) }

    /// Counts one API request and returns the requests made in the last 24 hours.
    @discardableResult
    package func count() -> Int {
        let hour = currentHour
        return hourly.withLock { buckets in
            buckets[hour, default: 0] += 1
            // Old hours are dropped only when a new one has begun, not on every request.
            if buckets.count > 24 { buckets = buckets.filter { $0.key > hour - 24 } }
            return buckets.values.reduce(0, +)
        }
    }

    /// Requests made in the last 24 hours.
    var used: Int {
        let hour = currentHour
        return hourly.withLock { $0.filter { $0.key > hour - 24 }.values.reduce(0, +) }
    }

    /// `GET limits/recordCount?sObjects=Account,Contact`: each object's live records (not those
    /// in the recycle bin). Names the org lacks are left out, and without the parameter every
    /// object is counted but the history objects, as Salesforce answers.
    func recordCount(of names: [String]?, schema: OrgSchema, db: Database) throws -> JSON {
        let types = names.map { $0.compactMap { schema.type(named: $0) } } ?? schema.types.filter { !$0.name.hasSuffix("History") }
        var counts: [JSON] = []
        for type in types {
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(OrgDatabase.quoted(type.name)) WHERE \"IsDeleted\" = 0") ?? 0
            counts.append(["count": .integer(Int64(count)), "name": .string(type.name)])
        }
        return ["sObjects": .array(counts)]
    }

    /// `GET limits`: each limit's `Max` and `Remaining`.
    func report(schema: OrgSchema, db: Database) throws -> JSON {
        var records = 0
        for type in schema.types where type.name != "User" {
            records += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(OrgDatabase.quoted(type.name)) WHERE \"IsDeleted\" = 0") ?? 0
        }
        let fileBytes =
            try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(\"ContentSize\"), 0) FROM \"ContentVersion\" WHERE \"IsDeleted\" = 0") ?? 0
        func limit(_ max: Int, used: Int) -> JSON { ["Max": .integer(Int64(max)), "Remaining": .integer(Int64(Swift.max(0, max - used)))] }
        return [
            "DailyApiRequests": limit(dailyAPIRequests, used: used),
            "DataStorageMB": limit(Self.dataStorageMB, used: (records * 2 + 1023) / 1024),
            "FileStorageMB": limit(Self.fileStorageMB, used: (fileBytes + 1_048_575) / 1_048_576),
            "DailyBulkApiBatches": limit(15_000, used: 0),
            "DailyBulkV2QueryJobs": limit(10_000, used: 0),
            "DailyAsyncApexExecutions": limit(250_000, used: 0),
            "DailyStreamingApiEvents": limit(10_000, used: 0),
            "StreamingApiConcurrentClients": limit(20, used: 0),
            "ConcurrentAsyncGetReportInstances": limit(200, used: 0),
            "ConcurrentSyncReportRuns": limit(20, used: 0),
            "HourlyAsyncReportRuns": limit(1_200, used: 0),
            "HourlySyncReportRuns": limit(500, used: 0),
            "HourlyODataCallout": limit(10_000, used: 0),
            "SingleEmail": limit(15, used: 0),
            "MassEmail": limit(10, used: 0),
        ]
    }
}
