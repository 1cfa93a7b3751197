public import Foundation
import SalesforceCore

/// What a Bulk API 2.0 ingest job does with each row of its CSV.
public enum BulkIngestOperation: String, Sendable, CaseIterable {
    /// Creates a record per row.
    case insert
    /// Changes the record each row's `Id` names.
    case update
    /// Updates the record whose external id matches the row's, or creates one.
    case upsert
    /// Deletes the record each row's `Id` names, into the recycle bin.
    case delete
    /// Deletes for good, past the recycle bin.
    case hardDelete
}

/// Which rows of a finished ingest job to read back.
public enum BulkIngestResults: String, Sendable, CaseIterable {
    /// Rows written: `sf__Id`, `sf__Created`, then the row's values.
    case successful = "successfulResults"
    /// Rows refused: `sf__Id`, `sf__Error` (`CODE:message:Fields --`), then the row's values.
    case failed = "failedResults"
    /// Rows an abort left unprocessed, as uploaded.
    case unprocessed = "unprocessedrecords"
}

/// Bulk API 2.0 ingest jobs: create a job, upload its CSV, close it, and read its results.
///
/// ```swift
/// let job = try await client.send(requests.createIngestJob("Contact", operation: .insert)).json?["id"]?.stringValue
/// try await client.send(requests.uploadIngestJobData(job, csv: Data("LastName\nLee\n".utf8)))
/// try await client.send(requests.closeIngestJob(job))
/// // poll requests.ingestJob(job) until "state" is JobComplete, then:
/// try await client.send(requests.ingestJobResults(job, .failed))
/// ```
extension RequestFactory {
    /// Creates an ingest job (`POST jobs/ingest`); an upsert names its key, `externalIDField`.
    /// `lineEnding` is `LF` or `CRLF`, `columnDelimiter` `COMMA`, `TAB`, `PIPE`, `SEMICOLON`,
    /// `CARET` or `BACKQUOTE`, as the uploaded CSV has them.
    public func createIngestJob(
        _ objectType: String, operation: BulkIngestOperation, externalIDField: String? = nil, lineEnding: String = "LF",
        columnDelimiter: String = "COMMA"
    ) -> RestRequest {
        var body: [String: JSON] = [
            "object": .string(objectType), "operation": .string(operation.rawValue), "contentType": "CSV",
            "lineEnding": .string(lineEnding), "columnDelimiter": .string(columnDelimiter),
        ]
        if let externalIDField { body["externalIdFieldName"] = .string(externalIDField) }
        return data(.post, "/jobs/ingest", json: .object(body))
    }

    /// Uploads the job's CSV, header row first (`PUT jobs/ingest/{id}/batches`, `text/csv`).
    public func uploadIngestJobData(_ id: String, csv: Data) -> RestRequest {
        var request = data(.put, "/jobs/ingest/\(Self.segment(id))/batches")
        request.body = csv
        request.contentType = "text/csv"
        return request
    }

    /// Closes the job (`PATCH` to `UploadComplete`): the server then processes its rows.
    public func closeIngestJob(_ id: String) -> RestRequest {
        data(.patch, "/jobs/ingest/\(Self.segment(id))", json: ["state": "UploadComplete"])
    }

    /// Aborts a job that has not finished; its rows are left unprocessed.
    public func abortIngestJob(_ id: String) -> RestRequest {
        data(.patch, "/jobs/ingest/\(Self.segment(id))", json: ["state": "Aborted"])
    }

    /// A job's information, state and counts (`GET jobs/ingest/{id}`).
    public func ingestJob(_ id: String) -> RestRequest { data(.get, "/jobs/ingest/\(Self.segment(id))") }

    /// The user's ingest jobs (`GET jobs/ingest`).
    public func ingestJobs() -> RestRequest { data(.get, "/jobs/ingest") }

    /// One kind of a finished job's rows, as CSV.
    public func ingestJobResults(_ id: String, _ results: BulkIngestResults) -> RestRequest {
        data(.get, "/jobs/ingest/\(Self.segment(id))/\(results.rawValue)")
    }

    /// Deletes a closed job and its results (`DELETE jobs/ingest/{id}`).
    public func deleteIngestJob(_ id: String) -> RestRequest { data(.delete, "/jobs/ingest/\(Self.segment(id))") }
}
