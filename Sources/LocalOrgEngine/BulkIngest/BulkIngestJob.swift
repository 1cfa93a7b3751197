import Foundation
import SalesforceCore

/// A Bulk API 2.0 ingest job: its settings, the CSV uploaded to it and, once processed, each
/// row's outcome, as `jobs/ingest/{id}` and its result resources report them.
struct BulkIngestJob: BulkJob {
    /// What the job does with each row.
    enum Operation: String, Sendable, CaseIterable {
        case insert
        case update
        case upsert
        case delete
        case hardDelete
    }

    /// The states an ingest job goes through: `Open` while data is uploaded, `UploadComplete`
    /// once closed, then `JobComplete` (or `Failed`, when its data cannot be read), or `Aborted`.
    enum State: String, Sendable {
        case open = "Open"
        case uploadComplete = "UploadComplete"
        case inProgress = "InProgress"
        case jobComplete = "JobComplete"
        case failed = "Failed"
        case aborted = "Aborted"
    }

    /// One processed row: the values uploaded, and the record's id with whether it was created,
    /// or the error (`sf__Error`).
    struct Outcome: Sendable {
        var values: [String?]
        var id: String?
        var created: Bool
        var error: String?
    }

    let id: String
    let operation: Operation
    let object: String
    let externalIdFieldName: String?
    let createdById: String
    let createdDate: String
    /// `66.0`: the version of the path the job was created at.
    let apiVersion: String
    let columnDelimiter: CSVFormat.Delimiter
    let lineEnding: CSVFormat.LineEnding
    var state: State
    var systemModstamp: String
    /// The CSV uploaded so far.
    var data: [UInt8] = []
    /// Once processed: the CSV's header line as uploaded (results echo it), each row's outcome,
    /// and the rows left unprocessed.
    var header: [UInt8] = []
    var outcomes: [Outcome] = []
    var unprocessed: [[String?]] = []
    /// Why a failed job failed.
    var errorMessage: String?
    /// How many times data was uploaded: Salesforce takes one upload a job, and refuses to
    /// close a job that got more.
    var uploads = 0

    /// Sets the upload aside unprocessed, as an abort leaves it: its header line and rows are
    /// kept for `unprocessedrecords`, the upload itself is not.
    mutating func setAsideUpload() {
        let rows = (try? CSVFormat.rows(in: data, delimiter: columnDelimiter, lineEnding: lineEnding)) ?? []
        header = CSVFormat.firstLine(of: data, lineEnding: lineEnding)
        unprocessed = rows.dropFirst().filter { $0 != [""] }.map { $0.map { Optional($0) } }
        data = []
    }

    /// The job's identity and state: what every answer about it starts with.
    private var core: [String: JSON] {
        var members: [String: JSON] = [
            "id": .string(id), "operation": .string(operation.rawValue), "object": .string(object), "createdById": .string(createdById),
            "createdDate": .string(createdDate), "systemModstamp": .string(systemModstamp), "state": .string(state.rawValue),
            "concurrencyMode": "Parallel", "contentType": "CSV", "apiVersion": .double(Double(apiVersion) ?? 0),
        ]
        if let externalIdFieldName { members["externalIdFieldName"] = .string(externalIdFieldName) }
        return members
    }

    /// Where data goes, while the job is open.
    private var contentURL: JSON { .string("services/data/v\(apiVersion)/jobs/ingest/\(id)/batches") }

    /// What creating a job answers: its core, where to upload, and how to write the CSV.
    var created: JSON {
        var members = core
        members["contentUrl"] = contentURL
        members["lineEnding"] = .string(lineEnding.rawValue)
        members["columnDelimiter"] = .string(columnDelimiter.rawValue)
        return .object(members)
    }

    /// What closing or aborting a job answers: its core alone, as real orgs answer.
    var changed: JSON { .object(core) }

    /// A job in `GET jobs/ingest`'s list: its core, type and CSV settings, without counts.
    var listed: JSON {
        var members = core
        members["jobType"] = "V2Ingest"
        if state == .open { members["contentUrl"] = contentURL }
        members["lineEnding"] = .string(lineEnding.rawValue)
        members["columnDelimiter"] = .string(columnDelimiter.rawValue)
        return .object(members)
    }

    /// What `GET jobs/ingest/{id}` answers: the listing, the counts once there is data, and
    /// the times (none worth reporting: LocalOrg runs a job as it closes).
    var status: JSON {
        guard case .object(var members) = listed else { return listed }
        if uploads > 0 || state != .open {
            members["numberRecordsProcessed"] = .integer(Int64(outcomes.count))
            members["numberRecordsFailed"] = .integer(Int64(outcomes.filter { $0.error != nil }.count))
        }
        if let errorMessage { members["errorMessage"] = .string(errorMessage) }
        members["retries"] = 0
        members["totalProcessingTime"] = 0
        members["apiActiveProcessingTime"] = 0
        members["apexProcessingTime"] = 0
        return .object(members)
    }
}
