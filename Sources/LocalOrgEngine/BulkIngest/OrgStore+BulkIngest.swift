import Foundation
import GRDB
import SOQL
import SalesforceCore

extension OrgStore {
    /// The most CSV one job takes, as Salesforce allows.
    package static let maximumIngestBytes = 150 * 1024 * 1024

    /// Creates an ingest job from `POST jobs/ingest`'s body, checked as Salesforce checks it.
    func createBulkIngestJob(_ body: JSON, userID: String, version: String) throws(APIError) -> BulkIngestJob {
        guard body.objectValue != nil else {
            throw APIError(status: 400, errorCode: "JSON_PARSER_ERROR", message: "The body must be a JSON object.")
        }
        func invalid(_ property: String, _ value: String) -> APIError {
            APIError(status: 400, errorCode: "API_ERROR", message: "Invalid value: '\(value)' supplied for property: '\(property)'")
        }
        let operationName = body["operation"]?.stringValue ?? ""
        guard let operation = BulkIngestJob.Operation(rawValue: operationName) else { throw invalid("operation", operationName) }
        let objectName = body["object"]?.stringValue ?? ""
        let type: SObjectType
        do {
            type = try self.type(named: objectName)
        } catch {
            throw APIError(status: 400, errorCode: "INVALIDJOB", message: "InvalidJob : Unable to find object: \(objectName)")
        }
        var externalIdFieldName: String?
        if operation == .upsert {
            guard let name = body["externalIdFieldName"]?.stringValue, !name.isEmpty else {
                throw APIError(
                    status: 400, errorCode: "INVALIDJOB",
                    message: "InvalidJob : External ID was blank for \(type.name). An External ID must be specified for upsert.")
            }
            guard let field = type.field(named: name), field.idLookup else {
                throw APIError(
                    status: 400, errorCode: "INVALIDJOB",
                    message: "InvalidJob : Field name provided, \(name) does not match an External ID for \(type.name)")
            }
            externalIdFieldName = field.name
        }
        let contentType = body["contentType"]?.stringValue ?? "CSV"
        guard contentType == "CSV" else { throw invalid("contentType", contentType) }
        let delimiterName = body["columnDelimiter"]?.stringValue ?? "COMMA"
        guard let delimiter = CSVFormat.Delimiter(rawValue: delimiterName) else { throw invalid("columnDelimiter", delimiterName) }
        let endingName = body["lineEnding"]?.stringValue ?? "LF"
        guard let ending = CSVFormat.LineEnding(rawValue: endingName) else { throw invalid("lineEnding", endingName) }
        let created = now.description
        let job = BulkIngestJob(
            id: bulkJobIDs.next(), operation: operation, object: type.name, externalIdFieldName: externalIdFieldName,
            createdById: userID, createdDate: created, apiVersion: version.hasPrefix("v") ? String(version.dropFirst()) : version,
            columnDelimiter: delimiter, lineEnding: ending, state: .open, systemModstamp: created)
        bulkIngestJobs.add(job, now: clock())
        return job
    }

    /// Runs a closed job's rows, each on its own: a row that fails is rolled back and reported,
    /// and the others go on. A job whose CSV cannot be read fails as a whole.
    func processBulkIngestJob(_ job: BulkIngestJob, userID: String, db: Database) -> BulkIngestJob {
        var job = job
        job.systemModstamp = now.description
        // The upload is read once, here, and not kept, whatever becomes of the job.
        let data = job.data
        job.data = []
        let rows: [[String]]
        do {
            rows = try CSVFormat.rows(in: data, delimiter: job.columnDelimiter, lineEnding: job.lineEnding)
        } catch {
            job.state = .failed
            job.errorMessage = error.message
            return job
        }
        guard let header = rows.first, header != [""] else {
            job.state = .failed
            job.errorMessage = "InvalidBatch : The job has no data: upload CSV with a header row before closing it."
            return job
        }
        do {
            let columns = try BulkIngestColumns(header: header, job: job, type: try type(named: job.object))
            job.header = CSVFormat.firstLine(of: data, lineEnding: job.lineEnding)
            for values in rows.dropFirst() where values != [""] {
                let row: [String?] = values.map { $0 }
                switch db.attempt({ try self.ingest(values, columns: columns, job: job, userID: userID, db: db) }) {
                case .success(let (id, created)): job.outcomes.append(.init(values: row, id: id, created: created, error: nil))
                case .failure(let error):
                    let id = columns.id.flatMap { $0 < values.count ? values[$0] : nil }
                    job.outcomes.append(.init(values: row, id: id, created: false, error: Self.bulkError(error)))
                }
            }
            job.state = .jobComplete
        } catch {
            job.state = .failed
            job.errorMessage = (error as? CSVFormat.ReadError)?.message ?? APIError.from(error).message
        }
        return job
    }

    /// `sf__Error` as Salesforce writes it: `CODE:message:Field1,Field2 --`, or `CODE:message:--`.
    static func bulkError(_ error: APIError) -> String {
        "\(error.errorCode):\(error.message):" + (error.fields.isEmpty ? "--" : error.fields.joined(separator: ",") + " --")
    }

    /// One row's write: the record's id, and whether it was created.
    private func ingest(
        _ values: [String], columns: BulkIngestColumns, job: BulkIngestJob, userID: String, db: Database
    ) throws -> (String, Bool) {
        guard values.count == columns.names.count else {
            throw APIError(
                status: 400, errorCode: "INVALID_FIELD",
                message: "The row has \(values.count) values where the header has \(columns.names.count) columns")
        }
        let id = columns.id.map { values[$0] } ?? ""
        switch job.operation {
        case .delete, .hardDelete:
            guard !id.isEmpty else {
                throw APIError(status: 400, errorCode: "MISSING_ARGUMENT", message: "Id not specified in a delete call")
            }
            try delete(job.object, id: id, as: userID, db: db)
            let recordID = try recordID(id, of: try type(named: job.object))
            if job.operation == .hardDelete {
                // Gone for good: not in the recycle bin, nor in queryAll.
                try db.execute(sql: "DELETE FROM \(OrgDatabase.quoted(job.object)) WHERE \"Id\" = ?", arguments: [recordID])
            }
            return (recordID, false)
        case .insert:
            return (try create(job.object, fields: try columns.body(of: values, store: self, db: db), as: userID, db: db), true)
        case .update:
            guard !id.isEmpty else {
                throw APIError(status: 400, errorCode: "MISSING_ARGUMENT", message: "Id not specified in an update call")
            }
            try update(job.object, id: id, fields: try columns.body(of: values, store: self, db: db), as: userID, db: db)
            return (try recordID(id, of: try type(named: job.object)), false)
        case .upsert:
            let field = job.externalIdFieldName ?? "Id"
            let key = columns.externalID.map { values[$0] } ?? ""
            switch try upsert(
                job.object, externalIdField: field, value: key, fields: try columns.body(of: values, store: self, db: db), as: userID,
                db: db)
            {
            case .created(let id): return (id, true)
            case .updated(let id): return (id, false)
            case .multipleMatches:
                throw APIError(
                    status: 300, errorCode: "DUPLICATE_EXTERNAL_ID",
                    message: "\(field): more than one record found for external id field: \(key)", fields: [field])
            }
        }
    }

    /// The CSV of one kind of a job's results: `successfulResults`, `failedResults` or
    /// `unprocessedrecords`, with the job's delimiter and line ending. The header is the upload's
    /// own line after the `sf__` columns, and every value is quoted, as Salesforce writes them.
    func bulkIngestResults(_ job: BulkIngestJob, kind: String) -> [UInt8] {
        var bytes: [UInt8] = []
        func header(_ columns: [String]) {
            for column in columns { bytes += Array("\"\(column)\"".utf8) + [job.columnDelimiter.byte] }
            if columns.isEmpty || !job.header.isEmpty {
                bytes += job.header
            } else {
                bytes.removeLast()
            }
            bytes += job.lineEnding.bytes
        }
        func row(_ values: [String?]) { CSVFormat.append(values, delimiter: job.columnDelimiter, lineEnding: job.lineEnding, to: &bytes) }
        switch kind {
        case "successfulresults":
            header(["sf__Id", "sf__Created"])
            for outcome in job.outcomes where outcome.error == nil {
                row([outcome.id, outcome.created ? "true" : "false"] + outcome.values)
            }
        case "failedresults":
            header(["sf__Id", "sf__Error"])
            for outcome in job.outcomes where outcome.error != nil { row([outcome.id ?? "", outcome.error] + outcome.values) }
        default:
            header([])
            for values in job.unprocessed { row(values) }
        }
        return bytes
    }
}
