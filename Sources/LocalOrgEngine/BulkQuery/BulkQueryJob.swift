import Foundation
import SalesforceCore

/// A Bulk API 2.0 query job: the query, run when the job was created, its rows fixed then (as a
/// query locator's are), and the job's information as `jobs/query/{id}` reports it.
struct BulkQueryJob: BulkJob {
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
