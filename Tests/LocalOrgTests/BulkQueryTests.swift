import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import Testing

/// Bulk API 2.0 query jobs, as a client such as simple-salesforce's `bulk2` uses them.
@Suite("LocalOrg Bulk API 2.0 query jobs")
struct BulkQueryTests {
    /// Splits CSV text into rows of values (quotes removed, doubled quotes undone; nil for empty).
    static func rows(_ text: String) -> [[String?]] {
        var rows: [[String?]] = []
        var row: [String?] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"":
                quoted = true
                wasQuoted = true
            case ",":
                row.append(wasQuoted || !field.isEmpty ? field : nil)
                (field, wasQuoted) = ("", false)
            case "\n":
                row.append(wasQuoted || !field.isEmpty ? field : nil)
                rows.append(row)
                (row, field, wasQuoted) = ([], "", false)
            default: field.append(character)
            }
        }
        return rows
    }

    @Test("a job runs its query at once; its results come in sets of maxRecords, linked by Sforce-Locator, every record once")
    func jobAndResults() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let created = try await org.send(
                "POST", "\(org.dataPath)/jobs/query", token: token,
                json: ["operation": "query", "query": "SELECT Id, Name, Owner.Name FROM Account ORDER BY Name"])
            #expect(created.status == 200 && created.json["state"] == "UploadComplete" && created.json["object"] == "Account")
            let id = try #require(created.json["id"]?.stringValue)
            #expect(id.hasPrefix("750") && created.json["contentType"] == "CSV" && created.json["columnDelimiter"] == "COMMA")
            let status = try await org.send("GET", "\(org.dataPath)/jobs/query/\(id)", token: token)
            #expect(status.json["state"] == "JobComplete")
            #expect(status.json["numberRecordsProcessed"] == .integer(Int64(SeedDataCount.accounts)))
            var locator: String?
            var ids: [String] = []
            var sets = 0
            repeat {
                let query = locator.map { "&locator=\($0)" } ?? ""
                let set = try await org.send("GET", "\(org.dataPath)/jobs/query/\(id)/results?maxRecords=100\(query)", token: token)
                #expect(set.status == 200 && set.header("Content-Type")?.hasPrefix("text/csv") == true)
                let rows = Self.rows(String(decoding: set.body, as: UTF8.self))
                #expect(rows.first == ["Id", "Name", "Owner.Name"])
                #expect(set.header("Sforce-NumberOfRecords") == String(rows.count - 1))
                #expect(rows.dropFirst().allSatisfy { $0.count == 3 && $0[2] != nil })
                ids += rows.dropFirst().compactMap { $0[0] ?? nil }
                sets += 1
                let next = set.header("Sforce-Locator")
                locator = next == "null" ? nil : next
            } while locator != nil
            #expect(ids.count == SeedDataCount.accounts && Set(ids).count == ids.count)
            #expect(sets == (SeedDataCount.accounts + 99) / 100)
            let listed = try await org.send("GET", "\(org.dataPath)/jobs/query", token: token)
            #expect(listed.json["records"]?.arrayValue?.filter { $0["id"]?.stringValue == id }.count == 1)
            #expect(try await org.send("DELETE", "\(org.dataPath)/jobs/query/\(id)", token: token).status == 204)
            #expect(try await org.send("GET", "\(org.dataPath)/jobs/query/\(id)", token: token).status == 404)
        }
    }

    @Test("values are quoted with quotes doubled, nulls empty; queryAll includes deleted records; bad jobs are refused with the reason")
    func csvAndRefusals() async throws {
        try await withTestOrg { org throws in
            let token = try await org.passwordToken()
            let made = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Account", token: token, json: ["Name": "Say \"hi\", friend"])
            let madeId = try #require(made.json["id"]?.stringValue)
            _ = try await org.send("DELETE", "\(org.dataPath)/sobjects/Account/\(madeId)", token: token)
            let all = try await org.send(
                "POST", "\(org.dataPath)/jobs/query", token: token,
                json: ["operation": "queryAll", "query": .string("SELECT Id, Name, Phone, IsDeleted FROM Account WHERE Id = '\(madeId)'")])
            let id = try #require(all.json["id"]?.stringValue)
            let set = try await org.send("GET", "\(org.dataPath)/jobs/query/\(id)/results", token: token)
            #expect(
                String(decoding: set.body, as: UTF8.self)
                    == "\"Id\",\"Name\",\"Phone\",\"IsDeleted\"\n\"\(madeId)\",\"Say \"\"hi\"\", friend\",,\"true\"\n")
            #expect(set.header("Sforce-Locator") == "null")
            let refusals: [JSON] = [
                ["operation": "insert", "query": "SELECT Id FROM Account"],
                ["operation": "query", "query": "SELECT Id, (SELECT Id FROM Contacts) FROM Account"],
                ["operation": "query", "query": "SELECT COUNT() FROM Account"],
                ["operation": "query"],
                ["operation": "query", "query": "SELECT Id FROM Account", "columnDelimiter": "SPACE"],
            ]
            for body in refusals {
                let refused = try await org.send("POST", "\(org.dataPath)/jobs/query", token: token, json: body)
                #expect(refused.status == 400 && refused.json[0]?["message"]?.stringValue?.isEmpty == false)
            }
            let malformed = try await org.send(
                "POST", "\(org.dataPath)/jobs/query", token: token, json: ["operation": "query", "query": "SELECT FROM"])
            #expect(malformed.json[0]?["errorCode"] == "MALFORMED_QUERY")
            let badLocator = try await org.send("GET", "\(org.dataPath)/jobs/query/\(id)/results?locator=%%%", token: token)
            #expect(badLocator.status == 400)
            let aborted = try await org.send("PATCH", "\(org.dataPath)/jobs/query/\(id)", token: token, json: ["state": "Aborted"])
            #expect(aborted.json["state"] == "Aborted")
            let afterAbort = try await org.send("GET", "\(org.dataPath)/jobs/query/\(id)/results", token: token)
            #expect(afterAbort.status == 412 && afterAbort.json[0]?["errorCode"] == "JOB_NOT_COMPLETE")
        }
    }
}
