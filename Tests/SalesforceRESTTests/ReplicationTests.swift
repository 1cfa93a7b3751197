import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

/// The replication API as the REST API Developer Guide's "sObject Get Updated" and "sObject Get
/// Deleted" document it: ids changed in a span, deletions with their dates, the minute as the
/// unit, 30 and 15 days back, and `INVALID_REPLICATION_DATE` for a span that is not one.
@Suite("Replication: records updated and deleted in a span")
struct ReplicationTests {
    @Test("updated lists what was created or changed, deleted what went with when; the current minute is not covered yet")
    func updatedAndDeleted() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let start = org.clock.now.addingTimeInterval(-60)
            var ids: [String] = []
            for name in ["Acme", "Globex", "Initech"] {
                let created = try await client.send(client.requests.create("Account", fields: ["Name": .string(name)]))
                ids.append(try #require(created.json?["id"]?.stringValue))
            }
            _ = try await client.send(client.requests.delete("Account", id: ids[2]))
            let deletedAt = org.clock.now

            // In the minute they happened, the changes are not covered yet.
            let early = try await client.send(client.requests.updated("Account", from: start, to: org.clock.now)).json
            #expect(early?["ids"] == [])

            org.clock.advance(by: 120)
            let end = org.clock.now
            let updated = try await client.send(client.requests.updated("Account", from: start, to: end)).json
            #expect(
                Set(updated?["ids"]?.arrayValue?.compactMap(\.stringValue) ?? []) == Set(ids.prefix(2)), "\(String(describing: updated))")
            #expect(updated?["latestDateCovered"]?.stringValue == Self.minute(end))

            let deleted = try await client.send(client.requests.deleted("Account", from: start, to: end)).json
            #expect(deleted?["deletedRecords"]?.arrayValue?.count == 1)
            #expect(deleted?["deletedRecords"]?[0]?["id"]?.stringValue == ids[2])
            let deletedDate = try #require(deleted?["deletedRecords"]?[0]?["deletedDate"]?.stringValue)
            #expect(deletedDate.hasPrefix(Self.minute(deletedAt).prefix(16)) && deletedDate.hasSuffix("+0000"))
            #expect(deleted?["latestDateCovered"]?.stringValue == Self.minute(end))
            // Deletions are kept from the org's start: the earliest date available is before this one.
            #expect(deleted?["earliestDateAvailable"]?.stringValue.map { $0 <= Self.minute(deletedAt) } == true)
            // The next span starts where this one's coverage ended, and has nothing new.
            let next = try await client.send(client.requests.updated("Account", from: end, to: end.addingTimeInterval(300))).json
            #expect(next?["ids"] == [])
        }
    }

    @Test("a span that ends before it starts, reaches past the window or is no date is refused with Salesforce's codes")
    func badSpans() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            let now = org.clock.now
            func refusal(_ request: RestRequest) async -> (status: Int?, code: String?) {
                let error = await #expect(throws: RestError.self) { try await client.send(request) }
                return (error?.status, error?.salesforceErrors.first?.errorCode)
            }
            let backwards = await refusal(client.requests.updated("Account", from: now, to: now.addingTimeInterval(-3600)))
            #expect(backwards.status == 400 && backwards.code == "INVALID_REPLICATION_DATE")
            // Seconds are ignored: two times in one minute are no span.
            let minute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
            let sameMinute = await refusal(
                client.requests.updated("Account", from: minute.addingTimeInterval(1), to: minute.addingTimeInterval(59)))
            #expect(sameMinute.code == "INVALID_REPLICATION_DATE")
            // Updates answer 30 days back, deletions 15.
            let day: TimeInterval = 86_400
            _ = try await client.send(client.requests.updated("Account", from: now.addingTimeInterval(-29 * day), to: now))
            let tooOld = await refusal(client.requests.deleted("Account", from: now.addingTimeInterval(-16 * day), to: now))
            #expect(tooOld.code == "INVALID_REPLICATION_DATE")
            let missing = await refusal(client.requests.request(.get, path: "/sobjects/Account/deleted/"))
            #expect(missing.status == 400 && missing.code == "MISSING_ARGUMENT")
            let notADate = await refusal(
                client.requests.request(
                    .get, path: "/sobjects/Account/updated/",
                    queryItems: [("start", "yesterday"), ("end", "today")]))
            #expect(notADate.code == "INVALID_REPLICATION_DATE")
        }
    }

    @Test("the request is the guide's: GET sobjects/T/updated/ with start and end in UTC, seconds and all")
    func requestShape() throws {
        let requests = RequestFactory(apiVersion: APIVersion(major: 66, minor: 0))
        // 2013-05-05T00:00:00Z and 2013-05-10T00:00:00Z, the guide's example span.
        let request = requests.deleted(
            "Merchandise__c", from: Date(timeIntervalSince1970: 1_367_712_000), to: Date(timeIntervalSince1970: 1_368_144_000))
        #expect(request.method == .get && request.path == "/v66.0/sobjects/Merchandise__c/deleted/")
        #expect(request.queryItems.map(\.name) == ["start", "end"])
        #expect(request.queryItems.map(\.value) == ["2013-05-05T00:00:00+00:00", "2013-05-10T00:00:00+00:00"])
    }

    /// `date` to the minute, as the API writes it: `2026-11-28T09:00:00.000+0000`.
    static func minute(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
