import Foundation
import GRDB
import SOQL
import SalesforceCore

/// Bulk API 2.0 ingest jobs: `jobs/ingest` (create, list), `jobs/ingest/{id}` (information,
/// close or abort, delete), `jobs/ingest/{id}/batches` (upload CSV) and the results
/// (`successfulResults`, `failedResults`, `unprocessedrecords`). A closed job runs at once, so
/// its information reads `JobComplete` from the next call on.
extension DataAPI {
    func bulkIngest(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let path = call.segments
        switch (call.method, path.count) {
        case ("POST", 2):
            let body = try call.json() ?? .null
            return .read { _ in .json(try store.createBulkIngestJob(body, userID: userID, version: call.version).created) }
        case ("GET", 2):
            return .read { db in
                let records = try store.bulkIngestJobs.visible(to: userID, db: db).map(\.listed)
                return .json(["done": true, "records": .array(records), "nextRecordsUrl": .null])
            }
        case ("GET", 3):
            return .read { db in .json(try ingestJob(path[2], db: db).status) }
        case ("PATCH", 3):
            let requested = try call.json()?["state"]?.stringValue ?? ""
            switch requested {
            case BulkIngestJob.State.uploadComplete.rawValue: return close(path[2])
            case BulkIngestJob.State.aborted.rawValue: return abort(path[2])
            default:
                throw APIError(
                    status: 400, errorCode: "INVALIDJOBSTATE",
                    message: "An ingest job can be set to UploadComplete or Aborted, not \(requested).")
            }
        case ("DELETE", 3):
            return .read { db in
                let job = try ingestJob(path[2], db: db)
                guard job.state != .open, job.state != .inProgress else {
                    throw APIError(
                        status: 400, errorCode: "INVALIDJOBSTATE",
                        message: "A job can be deleted once it is closed, complete, failed or aborted; this one is \(job.state.rawValue).")
                }
                guard store.bulkIngestJobs.remove(path[2]) else { throw APIError.notFound }
                return .noContent
            }
        case ("PUT", 4) where path[3] == "batches":
            guard case .bytes(let bytes, _) = call.body, !bytes.isEmpty else {
                throw APIError(status: 400, errorCode: "INVALIDJOB", message: "The upload has no data: send the job's CSV as the body.")
            }
            return .read { db in
                _ = try ingestJob(path[2], db: db)
                _ = try store.bulkIngestJobs.update(path[2]) { job in
                    guard job.state == .open else {
                        throw APIError(
                            status: 400, errorCode: "INVALIDJOBSTATE",
                            message: "Data can be uploaded to an Open job only; this one is \(job.state.rawValue).")
                    }
                    guard job.data.count + bytes.count <= OrgStore.maximumIngestBytes else {
                        throw APIError.requestTooLarge(limit: OrgStore.maximumIngestBytes)
                    }
                    job.data += bytes
                    job.uploads += 1
                }
                return RestReply(status: 201, body: nil)
            }
        // Clients spell the last `unprocessedrecords` or `unprocessedRecords`; both reach it.
        case ("GET", 4) where ["successfulresults", "failedresults", "unprocessedrecords"].contains(path[3].lowercased()):
            return .read { db in
                let job = try ingestJob(path[2], db: db)
                guard [.jobComplete, .failed, .aborted].contains(job.state) else {
                    throw APIError(
                        status: 400, errorCode: "INVALIDJOBSTATE",
                        message: "Results are ready once the job is complete, failed or aborted; this one is \(job.state.rawValue).")
                }
                return RestReply(status: 200, body: store.bulkIngestResults(job, kind: path[3].lowercased()), contentType: "text/csv")
            }
        default:
            throw APIError.notFound
        }
    }

    /// Closes a job and runs it in the same write: the answer shows `UploadComplete`, as
    /// Salesforce's does, and the job is complete when the caller next asks.
    private func close(_ id: String) -> ResolvedCall {
        .write { db in
            let closed = try move(id, from: [.open], to: .uploadComplete, db: db) { job in
                guard job.uploads <= 1 else {
                    // Salesforce's words, its spelling and the job's 15-character id included.
                    throw APIError(
                        status: 400, errorCode: "INVALIDJOB",
                        message:
                            "Found multipe contents for job: <\(job.id.prefix(15))>, please 'Close' / 'Abort' / 'Delete' the current Job then create a new Job and make sure you only do 'PUT' once on a given Job."
                    )
                }
            }
            let processed = store.processBulkIngestJob(closed, userID: userID, db: db)
            _ = store.bulkIngestJobs.update(id) { $0 = processed }
            return .json(closed.changed)
        }
    }

    /// Aborts a job that has not finished; its uploaded rows become its unprocessed records.
    private func abort(_ id: String) -> ResolvedCall {
        .read { db in
            .json(try move(id, from: [.open, .uploadComplete, .inProgress], to: .aborted, db: db) { $0.setAsideUpload() }.changed)
        }
    }

    /// Moves a job the user may see from one of the `allowed` states to `state`, with `change`
    /// for the rest of the move; from any other state the move is refused (INVALIDJOBSTATE).
    private func move(
        _ id: String, from allowed: [BulkIngestJob.State], to state: BulkIngestJob.State, db: Database,
        _ change: (inout BulkIngestJob) throws -> Void
    ) throws -> BulkIngestJob {
        _ = try ingestJob(id, db: db)
        let now = store.now.description
        let moved = try store.bulkIngestJobs.update(id) { job in
            guard allowed.contains(job.state) else {
                throw APIError(
                    status: 400, errorCode: "INVALIDJOBSTATE",
                    message: "A job that is \(job.state.rawValue) cannot be set to \(state.rawValue).")
            }
            try change(&job)
            job.state = state
            job.systemModstamp = now
        }
        guard let moved else { throw APIError.notFound }
        return moved
    }

    /// A job the user may see: their own, or any for a System Administrator.
    private func ingestJob(_ id: String, db: Database) throws -> BulkIngestJob {
        try store.bulkIngestJobs.job(id, for: userID, now: store.clock(), db: db)
    }
}
