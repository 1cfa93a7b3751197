import ArgumentParser
import Foundation
import SalesforceCore
import SalesforceREST

/// `forcekit data import csv` through one Bulk API 2.0 ingest job: the file goes up as it is,
/// the org runs its rows, and the job's results say what became of each. For files too large
/// to send 200 rows a request.
struct CSVBulkImport {
    let object: String
    let path: String
    let externalID: String?
    let client: RestClient

    /// What became of the rows.
    struct Counts {
        var created = 0
        var updated = 0
        var failed = 0
    }

    /// Runs the job; prints each failure (or, with `json`, every row's result) as it reads them.
    func run(rows: Int, json: Bool) async throws -> Counts {
        let data = try UserFiles.contents(of: path)
        // The job says how rows end; a file written on Windows ends them with CRLF.
        let lineEnding = data.firstRange(of: Data([13, 10])) == nil ? "LF" : "CRLF"
        let created = try await RecordCall.send(
            client,
            client.requests.createIngestJob(
                object, operation: externalID == nil ? .insert : .upsert, externalIDField: externalID, lineEnding: lineEnding))
        guard let job = created["id"]?.stringValue else {
            throw CLIInputError("The org did not start a Bulk API job: \(created.serialized())")
        }
        _ = try await RecordCall.send(client, client.requests.uploadIngestJobData(job, csv: data))
        _ = try await RecordCall.send(client, client.requests.closeIngestJob(job))
        let progress = ProgressLine("importing \(object) (Bulk API job \(job))")
        var info = JSON.null
        while true {
            info = try await RecordCall.send(client, client.requests.ingestJob(job))
            progress.update(done: Int(info["numberRecordsProcessed"]?.integerValue ?? 0), total: rows)
            let state = info["state"]?.stringValue ?? ""
            if ["JobComplete", "Failed", "Aborted"].contains(state) { break }
            try await Task.sleep(for: .milliseconds(500))
        }
        progress.finish()
        guard info["state"]?.stringValue == "JobComplete" else {
            throw CLIInputError(
                "The Bulk API job \(job) ended \(info["state"]?.stringValue ?? "") and wrote nothing: \(info["errorMessage"]?.stringValue ?? "no reason given")"
            )
        }
        var counts = Counts()
        for (kind, succeeded) in [(BulkIngestResults.successful, true), (.failed, false)] {
            let csv = try await client.send(client.requests.ingestJobResults(job, kind)).data
            let table = try BulkCSV.rows(Array(csv))
            guard let header = table.first else { continue }
            for row in table.dropFirst() {
                let id = row.first ?? nil
                let detail = row.count > 1 ? row[1] ?? "" : ""
                let values = zip(header.dropFirst(2), row.dropFirst(2)).map { "\($0 ?? "")=\($1 ?? "")" }.joined(separator: ", ")
                if succeeded {
                    if detail == "true" { counts.created += 1 } else { counts.updated += 1 }
                } else {
                    counts.failed += 1
                }
                if json {
                    var line: [String: JSON] = ["success": .bool(succeeded), "id": id.map(JSON.string) ?? .null]
                    if succeeded { line["created"] = .bool(detail == "true") } else { line["error"] = .string(detail) }
                    Console.print(JSON.object(line).serialized())
                } else if !succeeded {
                    Console.printError("\(values): \(detail)")
                }
            }
        }
        return counts
    }
}
