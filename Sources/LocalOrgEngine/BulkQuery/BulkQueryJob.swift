import Foundation
import SalesforceCore

/// A Bulk API 2.0 query job: the query, run when the job was created, its rows fixed then (as a
/// query locator's are), and the job's information as `jobs/query/{id}` reports it.
struct BulkQueryJob: Sendable {
    /// The states a query job goes through; LocalOrg runs the query at creation, so a job is
    /// `UploadComplete` in the creation's answer and `JobComplete` after.
    enum State: String, Sendable {
        case uploadComplete = "UploadComplete"
        case inProgress = "InProgress"
        case jobComplete = "JobComplete"
        case aborted = "Aborted"
        case failed = "Failed"
    }

    let id: String
    /// `query` or `queryAll`.
    let operation: String
    let object: String
    let createdById: String
    let createdDate: String
    let apiVersion: String
    var state: State
    let columnDelimiter: CSVFormat.Delimiter
    let lineEnding: CSVFormat.LineEnding
    /// The query compiled, and its result's row ids when it ran (nil when the query cannot be
    /// snapshotted and is read by position instead).
    let query: CompiledQuery
    let snapshot: [Int64]?
    /// The result's size.
    let total: Int
    /// The CSV's columns: the SELECT list's paths as written (`Account.Name`).
    let columns: [[String]]

    /// The job's information, in Salesforce's key order.
    var info: JSON {
        .object([
            "id": .string(id), "operation": .string(operation), "object": .string(object), "createdById": .string(createdById),
            "createdDate": .string(createdDate), "systemModstamp": .string(createdDate), "state": .string(state.rawValue),
            "concurrencyMode": "Parallel", "contentType": "CSV", "apiVersion": .double(Double(apiVersion) ?? 0),
            "lineEnding": .string(lineEnding.rawValue), "columnDelimiter": .string(columnDelimiter.rawValue),
        ])
    }

    /// The information `GET jobs/query/{id}` adds once the job ran.
    var status: JSON {
        guard case .object(var members) = info else { return info }
        members["numberRecordsProcessed"] = .integer(Int64(state == .jobComplete ? total : 0))
        members["retries"] = 0
        members["totalProcessingTime"] = 0
        members["isPkChunkingSupported"] = false
        return .object(members)
    }
}

/// The open query jobs of an org. Memory stays bounded, but never at the cost of a job still
/// being read: past 50 jobs the one least recently used goes, if it has been idle for ten
/// minutes; only past 500 does one go regardless. A deleted job is gone at once.
final class BulkQueryJobs: Sendable {
    private struct Entry: Sendable {
        var job: BulkQueryJob
        var lastUsed: Date
    }

    private let jobs = Locked<(byID: [String: Entry], created: Int64)>(([:], 0))
    /// Jobs kept without question.
    static let capacity = 50
    /// Jobs kept at most, however busy.
    static let hardCapacity = 500
    /// How long a job must be idle before it may go to make room.
    static let idleBeforeEviction: TimeInterval = 10 * 60

    /// A new job id (`750...`).
    func nextID() -> String {
        jobs.withLock { state in
            state.created += 1
            return RecordID.make(prefix: "750", counter: state.created)
        }
    }

    func add(_ job: BulkQueryJob, now: Date) {
        jobs.withLock { state in
            state.byID[job.id] = Entry(job: job, lastUsed: now)
            while state.byID.count > Self.capacity {
                guard let oldest = state.byID.min(by: { $0.value.lastUsed < $1.value.lastUsed }) else { break }
                let idle = now.timeIntervalSince(oldest.value.lastUsed) >= Self.idleBeforeEviction
                guard idle || state.byID.count > Self.hardCapacity else { break }
                state.byID[oldest.key] = nil
            }
        }
    }

    /// A job, marked as used now.
    func job(_ id: String, now: Date) -> BulkQueryJob? {
        jobs.withLock { state in
            state.byID[id]?.lastUsed = now
            return state.byID[id]?.job
        }
    }

    /// Changes a job's state; nil when there is no such job.
    func setState(_ stateValue: BulkQueryJob.State, of id: String) -> BulkQueryJob? {
        jobs.withLock { state in
            state.byID[id]?.job.state = stateValue
            return state.byID[id]?.job
        }
    }

    /// Forgets a job; false when there was none.
    func remove(_ id: String) -> Bool {
        jobs.withLock { $0.byID.removeValue(forKey: id) != nil }
    }

    /// The jobs, oldest first.
    var all: [BulkQueryJob] { jobs.withLock { state in state.byID.values.map(\.job).sorted { $0.id < $1.id } } }
}
