import Foundation
import SalesforceAuth
import SalesforceCore
import URLEncoding

/// One client of the load test: it sends its work and tells the tally what came back.
struct LoadClient: Sendable {
    let http: RawHTTPClient
    let token: String
    /// Names this client's records, so the check afterwards finds them.
    let name: String
    let tally: LoadTally

    private var data: String { "/services/data/\(APIVersion.current)" }

    /// Sends a request; nil when no answer came.
    private func send(_ method: String, _ path: String, json: String? = nil, headers extra: [String: String] = [:]) async -> (
        status: Int, body: JSON?
    )? {
        var headers = ["Authorization": "Bearer \(token)"].merging(extra) { $1 }
        if json != nil { headers["Content-Type"] = "application/json" }
        do {
            let reply = try await http.send(method, path, headers: headers, body: json.map { Data($0.utf8) })
            tally.answered(reply.status)
            return (reply.status, try? JSON(parsing: Array(reply.body)))
        } catch {
            tally.unanswered()
            return nil
        }
    }

    /// A query paged through every `nextRecordsUrl`, 200 records a page: the newest Contacts,
    /// which the other clients create and delete meanwhile, so a locator that is not a snapshot
    /// would hand out a record twice (and the check could see it).
    func pagedQuery() async {
        let soql = FormEncoding.encode("SELECT Id, Name FROM Contact ORDER BY CreatedDate DESC, Id DESC LIMIT 1000")
        var path: String? = "\(data)/query?q=\(soql)"
        var seen = Set<String>()
        var repeats = 0
        while let current = path {
            guard let reply = await send("GET", current, headers: ["Sforce-Query-Options": "batchSize=200"]), reply.status == 200 else {
                return
            }
            for id in reply.body?["records"]?.arrayValue?.compactMap({ $0["Id"]?.stringValue }) ?? [] where !seen.insert(id).inserted {
                repeats += 1
            }
            path = reply.body?["nextRecordsUrl"]?.stringValue
        }
        if repeats > 0 { tally.duplicates(repeats) }
    }

    /// A Contact created, read, updated and, unless kept, deleted.
    func crud(keep: Bool, cycle: Int) async {
        let contacts = "\(data)/sobjects/Contact"
        guard let created = await send("POST", contacts, json: #"{"LastName": "\#(name)-\#(cycle)"}"#), created.status == 201,
            let id = created.body?["id"]?.stringValue
        else { return }
        _ = await send("GET", "\(contacts)/\(id)")
        _ = await send("PATCH", "\(contacts)/\(id)", json: #"{"Title": "Loaded"}"#)
        if keep {
            tally.kept()
        } else {
            _ = await send("DELETE", "\(contacts)/\(id)")
        }
    }

    /// An Account and a Contact that refers to it, in one composite request, all or none.
    func composite(cycle: Int) async {
        let body = """
            {"allOrNone": true, "compositeRequest": [
              {"method": "POST", "url": "\(data)/sobjects/Account", "referenceId": "account", "body": {"Name": "\(name) \(cycle)"}},
              {"method": "POST", "url": "\(data)/sobjects/Contact", "referenceId": "contact",
               "body": {"LastName": "composite-\(name)-\(cycle)", "AccountId": "@{account.id}"}}]}
            """
        _ = await send("POST", "\(data)/composite", json: body)
    }
}
