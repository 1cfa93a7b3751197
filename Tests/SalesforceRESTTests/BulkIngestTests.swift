import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

/// Bulk API 2.0 ingest jobs as the Bulk API 2.0 Developer Guide documents them: a job takes CSV,
/// runs once closed, and reports each row in `successfulResults` (`sf__Id`, `sf__Created`) or
/// `failedResults` (`sf__Id`, `sf__Error`). Results are read with the client's own CSV reader,
/// not the server's.
@Suite("Bulk API 2.0 ingest jobs")
struct BulkIngestTests {
    /// Sends a whole job: create, upload, close; answers the job's id and its information after.
    static func run(
        _ client: RestClient, _ object: String, _ operation: BulkIngestOperation, csv: String, externalIDField: String? = nil,
        lineEnding: String = "LF", delimiter: String = "COMMA"
    ) async throws -> (id: String, info: JSON?) {
        let created = try await client.send(
            client.requests.createIngestJob(
                object, operation: operation, externalIDField: externalIDField, lineEnding: lineEnding, columnDelimiter: delimiter)
        ).json
        let id = try #require(created?["id"]?.stringValue)
        #expect(created?["state"] == "Open")
        #expect(created?["contentUrl"]?.stringValue == "services/data/v66.0/jobs/ingest/\(id)/batches")
        let upload = try await client.send(client.requests.uploadIngestJobData(id, csv: Data(csv.utf8)))
        #expect(upload.status == 201)
        let closed = try await client.send(client.requests.closeIngestJob(id)).json
        // Closing answers the job's core only, as real orgs do: no upload URL, no CSV settings.
        #expect(closed?["state"] == "UploadComplete" && closed?["contentUrl"] == nil && closed?["lineEnding"] == nil)
        return (id, try await client.send(client.requests.ingestJob(id)).json)
    }

    static func results(_ client: RestClient, _ id: String, _ kind: BulkIngestResults) async throws -> [[String?]] {
        try BulkCSV.rows(try await client.send(client.requests.ingestJobResults(id, kind)).data)
    }

    @Test("insert: every row is written on its own; the results list the created ids and each refusal in Salesforce's form")
    func insert() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let csv = "FirstName,LastName,Email\nAda,Lovelace,ada@example.com\n\"Grace, RADM\",Hopper,\nSolo,,\n"
            let (id, info) = try await Self.run(client, "Contact", .insert, csv: csv)
            #expect(info?["state"] == "JobComplete" && info?["jobType"] == "V2Ingest" && info?["object"] == "Contact")
            #expect(info?["numberRecordsProcessed"] == 3 && info?["numberRecordsFailed"] == 1)
            #expect(info?["contentUrl"] == nil)

            let raw = try await client.send(client.requests.ingestJobResults(id, .successful)).data
            // The upload's header line comes back as it was sent, after the quoted sf__ columns.
            #expect(String(decoding: raw, as: UTF8.self).hasPrefix("\"sf__Id\",\"sf__Created\",FirstName,LastName,Email\n"))
            let successful = try await Self.results(client, id, .successful)
            #expect(successful.first == ["sf__Id", "sf__Created", "FirstName", "LastName", "Email"])
            #expect(successful.dropFirst().map { $0[1] } == ["true", "true"])
            #expect(successful.dropFirst().map { $0[2] } == ["Ada", "Grace, RADM"])
            let failed = try await Self.results(client, id, .failed)
            #expect(failed.first == ["sf__Id", "sf__Error", "FirstName", "LastName", "Email"])
            #expect(failed.count == 2 && failed[1][2] == "Solo")
            #expect(failed[1][1] == "REQUIRED_FIELD_MISSING:Required fields are missing: [LastName]:LastName --", "\(failed)")

            let grace = try await client.send(
                client.requests.query("SELECT Email FROM Contact WHERE Id = '\(successful[2][0] ?? "")'")
            ).json
            #expect(grace?["records"]?[0]?["Email"] == .null && grace?["totalSize"] == 1)
        }
    }

    @Test("upsert by an external id, parents by theirs, update, #N/A to clear, then delete and hardDelete by Id")
    func upsertUpdateDelete() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let accounts = try await Self.run(
                client, "Account", .upsert, csv: "External_Id__c|Name|Phone\r\nA-1|Acme|555-0100\r\nA-2|Globex|\r\n",
                externalIDField: "External_Id__c", lineEnding: "CRLF", delimiter: "PIPE")
            #expect(accounts.info?["numberRecordsFailed"] == 0 && accounts.info?["externalIdFieldName"] == "External_Id__c")
            let again = try await Self.run(
                client, "Account", .upsert, csv: "External_Id__c,Phone,Name\nA-1,#N/A,\nA-3,555-0103,Initech\n",
                externalIDField: "External_Id__c")
            let upserted = try await Self.results(client, again.id, .successful)
            #expect(upserted.dropFirst().map { $0[1] } == ["false", "true"], "\(upserted)")
            let contacts = try await Self.run(client, "Contact", .insert, csv: "LastName,Account.External_Id__c\nLee,A-2\nNg,A-9\n")
            #expect(contacts.info?["numberRecordsFailed"] == 1)
            let failed = try await Self.results(client, contacts.id, .failed)
            #expect(failed[1][1]?.hasPrefix("INVALID_FIELD:Foreign key external ID: A-9 not found") == true, "\(failed)")

            let rows = try await client.send(
                client.requests.query("SELECT Id, Name, Phone, (SELECT LastName FROM Contacts) FROM Account ORDER BY External_Id__c")
            ).json
            #expect(rows?["records"]?[0]?["Phone"] == .null && rows?["records"]?[2]?["Phone"] == "555-0103")
            #expect(rows?["records"]?[1]?["Contacts"]?["records"]?[0]?["LastName"] == "Lee")
            let ids = (rows?["records"]?.arrayValue ?? []).compactMap { $0["Id"]?.stringValue }
            #expect(ids.count == 3)

            let renamed = try await Self.run(client, "Account", .update, csv: "Id,Name\n\(ids[0]),Acme Corp\n")
            #expect(renamed.info?["numberRecordsFailed"] == 0)
            let deleted = try await Self.run(client, "Account", .delete, csv: "Id\n\(ids[1])\n")
            let gone = try await Self.run(client, "Account", .hardDelete, csv: "Id\n\(ids[2])\n001000000000000AAA\n")
            #expect(deleted.info?["numberRecordsFailed"] == 0 && gone.info?["numberRecordsFailed"] == 1)
            // A deletion goes to the recycle bin (queryAll sees it); a hard deletion does not.
            let all = try await client.send(client.requests.queryAll("SELECT Name, IsDeleted FROM Account ORDER BY Name")).json
            #expect(
                all?["records"]?.arrayValue?.compactMap { $0["Name"]?.stringValue } == ["Acme Corp", "Globex"], "\(String(describing: all))"
            )
            #expect(all?["records"]?[1]?["IsDeleted"] == true)
        }
    }

    @Test("a header that names no field fails the job; a closed job takes no upload; an aborted one keeps its rows unprocessed")
    func failuresAndStates() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let bad = try await Self.run(client, "Account", .insert, csv: "Name,Nonsense__c\nAcme,1\n")
            #expect(bad.info?["state"] == "Failed" && bad.info?["errorMessage"] == "InvalidBatch : Field name not found : Nonsense__c")
            let late = await #expect(throws: RestError.self) {
                try await client.send(client.requests.uploadIngestJobData(bad.id, csv: Data("Name\nX\n".utf8)))
            }
            #expect(late?.status == 400 && late?.salesforceErrors.first?.errorCode == "INVALIDJOBSTATE")
            // One upload a job: a second is taken, and closing then says what Salesforce says.
            let twice = try #require(
                try await client.send(client.requests.createIngestJob("Account", operation: .insert)).json?["id"]?.stringValue)
            let open = try await client.send(client.requests.ingestJob(twice)).json
            #expect(open?["numberRecordsProcessed"] == nil && open?["contentUrl"] != nil)
            for _ in 0..<2 { _ = try await client.send(client.requests.uploadIngestJobData(twice, csv: Data("Name\nX\n".utf8))) }
            let refused = await #expect(throws: RestError.self) { try await client.send(client.requests.closeIngestJob(twice)) }
            #expect(refused?.salesforceErrors.first?.errorCode == "INVALIDJOB")
            #expect(refused?.salesforceErrors.first?.message.hasPrefix("Found multipe contents for job: <\(twice.prefix(15))>") == true)
            _ = try await client.send(client.requests.abortIngestJob(twice))
            // Data with the other line ending than the job's is not read.
            let crlf = try await Self.run(client, "Account", .insert, csv: "Name\r\nAcme\r\n")
            #expect(crlf.info?["state"] == "Failed")
            #expect(crlf.info?["errorMessage"]?.stringValue?.contains("LineEnding is invalid on user data") == true)

            let job = try #require(
                try await client.send(client.requests.createIngestJob("Account", operation: .insert)).json?["id"]?.stringValue)
            _ = try await client.send(client.requests.uploadIngestJobData(job, csv: Data("Name\nKept\n".utf8)))
            let aborted = try await client.send(client.requests.abortIngestJob(job)).json
            #expect(aborted?["state"] == "Aborted")
            #expect(try await Self.results(client, job, .unprocessed) == [["Name"], ["Kept"]])
            let count = try await client.send(client.requests.query("SELECT COUNT() FROM Account")).json
            #expect(count?["totalSize"] == 0)
            let jobs = try await client.send(client.requests.ingestJobs()).json
            #expect(jobs?["records"]?.arrayValue?.count == 4 && jobs?["done"] == true)
            #expect(jobs?["records"]?[0]?["jobType"] == "V2Ingest" && jobs?["records"]?[0]?["numberRecordsProcessed"] == nil)
            // simple-salesforce spells the last result unprocessedRecords; a real org answers it too.
            let camel = try await client.send(client.requests.request(.get, path: "/jobs/ingest/\(job)/unprocessedRecords"))
            #expect(camel.status == 200)
            _ = try await client.send(client.requests.deleteIngestJob(job))
            let missing = await #expect(throws: RestError.self) { try await client.send(client.requests.ingestJob(job)) }
            #expect(missing?.status == 404)
            let unknown = await #expect(throws: RestError.self) {
                try await client.send(client.requests.createIngestJob("Nothing__c", operation: .insert))
            }
            #expect(unknown?.salesforceErrors.first?.message == "InvalidJob : Unable to find object: Nothing__c")
            let badOperation = await #expect(throws: RestError.self) {
                try await client.send(
                    client.requests.request(.post, path: "/jobs/ingest", body: ["object": "Account", "operation": "merge"]))
            }
            #expect(badOperation?.salesforceErrors.first?.errorCode == "API_ERROR")
            #expect(badOperation?.salesforceErrors.first?.message == "Invalid value: 'merge' supplied for property: 'operation'")
        }
    }
}
