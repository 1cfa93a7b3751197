import Foundation
import GRDB
import SalesforceCore

/// The REST data API's resources, answered for one user inside a database transaction.
///
/// HTTP requests and the subrequests of composite, batch and tree requests all come here, so
/// a call answers the same whichever way it arrives.
struct DataAPI: Sendable {
    let store: OrgStore
    /// The user the call acts as.
    let userID: String
    /// The org's limits, which the `limits` resource reports.
    let limits: APILimits
    /// Whether devices can register for push notifications.
    var pushEnabled = true

    /// Whether `call` changes anything (a record view counts: it joins the recent items), so
    /// it needs the write transaction rather than a read.
    static func writes(_ call: RestCall) -> Bool {
        if call.method != "GET" { return !(call.segments.first == "parameterizedSearch" || isCollectionRetrieve(call)) }
        return call.segments.first == "sobjects" && call.segments.count == 3 && call.segments[2] != "describe"
    }

    private static func isCollectionRetrieve(_ call: RestCall) -> Bool {
        call.method == "POST" && call.segments.count == 3 && call.segments[0] == "composite" && call.segments[1] == "sobjects"
    }

    /// Answers `call`, or throws the API error it should answer with.
    func respond(to call: RestCall, db: Database) throws -> SubResponse {
        let path = call.segments
        switch (call.method, path.first ?? "") {
        case (_, "sobjects"): return try sobjects(call, db: db)
        case ("GET", "query") where path.count == 1: return try query(call, includeDeleted: false, db: db)
        case ("GET", "queryAll") where path.count == 1: return try query(call, includeDeleted: true, db: db)
        case ("GET", "query") where path.count == 2, ("GET", "queryAll") where path.count == 2:
            let result = try store.queryMore(path[1], version: call.version, db: db)
            return .written { result.write(to: &$0) }
        case (_, "composite") where path.count >= 2 && path[1] == "sobjects": return try collections(call, db: db)
        case ("GET", "search"): return try search(call, db: db)
        case ("GET", "parameterizedSearch"), ("POST", "parameterizedSearch"): return try parameterizedSearch(call, db: db)
        case ("GET", "recent") where path.count == 1: return try recent(call, db: db)
        case ("GET", "limits") where path.count == 1: return .json(try limits.report(schema: store.schema, db: db))
        case ("GET", ""): return resources(version: call.version)
        case ("GET", "ui-api") where path.count == 3 && path[1] == "layout": return try uiLayout(call)
        default: throw APIError.notFound
        }
    }

    /// The resources of a version, `GET /services/data/vXX.X`: only what LocalOrg answers.
    func resources(version: String) -> SubResponse {
        let names = [
            "sobjects", "query", "queryAll", "search", "parameterizedSearch", "recent", "limits", "composite", "connect", "chatter",
            "ui-api",
        ]
        return .json(.object(Dictionary(uniqueKeysWithValues: names.map { ($0, JSON.string("/services/data/\(version)/\($0)")) })))
    }

    private func query(_ call: RestCall, includeDeleted: Bool, db: Database) throws -> SubResponse {
        guard let soql = call.parameter("q"), !soql.isEmpty else {
            throw APIError(
                status: 400, errorCode: "MALFORMED_QUERY", message: "A query needs the q parameter: query?q=SELECT+Id+FROM+Account")
        }
        let result = try store.query(
            soql, includeDeleted: includeDeleted, batchSize: QueryOptions.batchSize(call.headers["sforce-query-options"]),
            version: call.version, db: db)
        return .written { result.write(to: &$0) }
    }

    private func recent(_ call: RestCall, db: Database) throws -> SubResponse {
        let limit = call.parameter("limit").flatMap(Int.init) ?? RecentItems.capacity
        let records = try store.recentItems(of: userID, limit: limit, version: call.version, db: db)
        return .written { writer in
            writer.beginArray()
            for record in records { record.write(to: &writer) }
            writer.endArray()
        }
    }
}

/// `Sforce-Query-Options: batchSize=500`.
enum QueryOptions {
    static func batchSize(_ header: String?) -> Int {
        var size = 2000
        for option in (header ?? "").split(separator: ",") {
            let pair = option.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "batchsize", let value = Int(pair[1]) { size = value }
        }
        return size
    }
}
