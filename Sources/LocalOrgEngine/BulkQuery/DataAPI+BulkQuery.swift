import Foundation
import GRDB
import SalesforceCore

/// Bulk API 2.0 query jobs: `jobs/query` (create, list), `jobs/query/{id}` (status, abort,
/// delete) and `jobs/query/{id}/results` (CSV, in sets named by `Sforce-Locator`).
extension DataAPI {
    func bulkQuery(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let path = call.segments
        guard path.count >= 2, path[1] == "query" else { throw APIError.notFound }
        switch (call.method, path.count) {
        case ("POST", 2):
            let body = try call.json() ?? .null
            return .read { db in
                .json(try store.createBulkQueryJob(body, userID: userID, version: call.version, db: db).info)
            }
        case ("GET", 2):
            return .read { db in
                let records = try store.bulkQueryJobs.visible(to: userID, db: db).map(\.status)
                return .json(["done": true, "records": .array(records), "nextRecordsUrl": .null])
            }
        case ("GET", 3):
            return .read { db in .json(try job(path[2], db: db).status) }
        case ("PATCH", 3):
            let requested = try call.json()?["state"]?.stringValue
            guard requested == BulkQueryJob.State.aborted.rawValue else {
                throw APIError(status: 400, errorCode: "INVALIDJOB", message: "A query job can only be set to Aborted.")
            }
            return .read { db in
                _ = try job(path[2], db: db)
                guard let aborted = store.bulkQueryJobs.update(path[2], { $0.state = .aborted }) else { throw APIError.notFound }
                return .json(aborted.info)
            }
        case ("DELETE", 3):
            return .read { db in
                _ = try job(path[2], db: db)
                guard store.bulkQueryJobs.remove(path[2]) else { throw APIError.notFound }
                return .noContent
            }
        case ("GET", 4) where path[3] == "results":
            var maxRecords: Int?
            if let text = call.parameter("maxRecords") {
                guard let value = Int(text), value > 0 else {
                    throw APIError(
                        status: 400, errorCode: "INVALIDPARAMETER", message: "maxRecords must be a positive number, not \(text).")
                }
                maxRecords = value
            }
            let locator = call.parameter("locator")
            let setSize = maxRecords
            return .read { db in
                let job = try job(path[2], db: db)
                guard job.state == .jobComplete else {
                    throw APIError(
                        status: 412, errorCode: "JOB_NOT_COMPLETE",
                        message:
                            "can only download query results of successfully completed bulk job with status: JOB_COMPLETE. Current status: \(job.state.rawValue)"
                    )
                }
                let set = try store.bulkQueryResults(job, locator: locator, maxRecords: setSize, version: call.version, db: db)
                return RestReply(
                    status: 200, body: set.csv,
                    headers: [("Sforce-Locator", set.next ?? "null"), ("Sforce-NumberOfRecords", String(set.count))],
                    contentType: "text/csv")
            }
        default:
            throw APIError.notFound
        }
    }

    /// A job the user may see: their own, or any for a System Administrator.
    private func job(_ id: String, db: Database) throws -> BulkQueryJob {
        try store.bulkQueryJobs.job(id, for: userID, now: store.clock(), db: db)
    }
}
