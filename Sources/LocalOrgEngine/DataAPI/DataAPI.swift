import Foundation
import GRDB
import SOQL
import SalesforceCore

/// The REST data API's resources, answered for one user.
///
/// HTTP requests and the subrequests of composite, batch and tree requests all come through
/// ``resolve(_:)``, so a call answers the same whichever way it arrives. Each resource appears
/// once in it, and says there whether the call reads or writes.
struct DataAPI: Sendable {
    let store: OrgStore
    /// The user the call acts as.
    let userID: String
    /// The org's limits, which the `limits` resource reports.
    let limits: APILimits
    /// Whether devices can register for push notifications.
    var pushEnabled = true
    /// Where instrumentation uploads go.
    var analytics = AnalyticsInbox()
    /// The org's URL, which describe's page templates (`uiDetailTemplate`) start with.
    var instanceURL = ""
    /// The org's Experience Cloud sites, which `connect/communities` lists.
    var sites: [ExperienceSite] = []

    /// The resource that answers `call`, or the API error the call gets.
    func resolve(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let path = call.segments
        switch (call.method, path.first ?? "") {
        case ("GET", ""): return .constant(resources(version: call.version))
        case (_, "sobjects"): return try sobjects(call)
        case ("GET", "query"), ("GET", "queryAll"): return try query(call)
        case (_, "composite") where path.count >= 2 && path[1] == "sobjects": return try collections(call)
        case (_, "composite"): return try composite(call)
        case ("GET", "search"): return .read { db in try search(call, db: db) }
        case ("GET", "parameterizedSearch"), ("POST", "parameterizedSearch"): return .read { db in try parameterizedSearch(call, db: db) }
        case ("GET", "tabs"): return .constant(try tabs(call))
        case ("GET", "theme"): return .constant(try theme(call))
        case ("GET", "appMenu"): return .constant(try appMenu(call))
        case ("GET", "compactLayouts") where path.count == 1: return .constant(try compactLayouts(call))
        case (_, "quickActions"): return try quickActions(call, context: nil, path: Array(path.dropFirst()))
        case ("GET", "recent") where path.count == 1: return .read { db in try recent(call, db: db) }
        case ("GET", "limits") where path.count == 1: return .read { db in .json(try limits.report(schema: store.schema, db: db)) }
        case ("GET", "limits") where path == ["limits", "recordCount"]:
            let names = call.listParameter("sObjects")
            return .read { db in .json(try limits.recordCount(of: names, schema: store.schema, db: db)) }
        case ("GET", "ui-api") where path.count == 3 && path[1] == "layout": return .constant(try uiLayout(call))
        case (_, "connect") where path == ["connect", "proxy", "app-analytics-logging"]: return try analyticsLogging(call)
        case (_, "connect") where path.count >= 2 && path[1] == "communities" && path.count <= 3:
            return .constant(try communities(call))
        case (_, "connect"), (_, "chatter"): return try files(call)
        case (_, "jobs") where path.count >= 2 && path[1] == "ingest": return try bulkIngest(call)
        case (_, "jobs"): return try bulkQuery(call)
        default: throw APIError.notFound
        }
    }

    /// Answers a subrequest of a composite or batch request, inside that request's
    /// transaction. Composite, batch and tree requests cannot nest: `kind` names the outer
    /// request in the refusal.
    func respond(toSubrequest call: RestCall, of kind: String, errorCode: String, db: Database) -> RestReply {
        let answer = db.attempt { () throws -> RestReply in
            let resolved = try resolve(call)
            guard resolved.access != .ownTransaction else {
                throw APIError(
                    status: 400, errorCode: errorCode, message: "A \(kind) request cannot contain composite, batch or tree requests.")
            }
            return try resolved.answer(db)
        }
        switch answer {
        case .success(let reply): return reply
        case .failure(let error): return .error(error)
        }
    }

    /// The resources of a version, `GET /services/data/vXX.X`: only what LocalOrg answers.
    func resources(version: String) -> RestReply {
        let names = [
            "sobjects", "query", "queryAll", "search", "parameterizedSearch", "recent", "limits", "composite", "connect", "chatter",
            "ui-api", "jobs", "quickActions", "tabs", "theme", "appMenu", "compactLayouts",
        ]
        return .json(.object(Dictionary(uniqueKeysWithValues: names.map { ($0, JSON.string("/services/data/\(version)/\($0)")) })))
    }

    /// `query?q=`, `queryAll?q=` and the next pages of either, `query/01g…-2000`.
    private func query(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let includeDeleted = call.segments[0] == "queryAll"
        switch call.segments.count {
        case 1:
            guard let soql = call.parameter("q"), !soql.isEmpty else {
                throw APIError(
                    status: 400, errorCode: "MALFORMED_QUERY", message: "A query needs the q parameter: query?q=SELECT+Id+FROM+Account")
            }
            let batchSize = QueryOptions.batchSize(call.headers["sforce-query-options"])
            let parsed = try OrgStore.parse(soql)
            let answer: @Sendable (Database) throws -> RestReply = { db in
                let result = try store.query(
                    parsed, source: soql, includeDeleted: includeDeleted, batchSize: batchSize, userID: userID, db: db)
                return .written { result.write(to: &$0, version: call.version) }
            }
            // FOR VIEW and FOR REFERENCE mark the records they return.
            return parsed.marks.isEmpty ? .read(answer) : .write(answer)
        case 2:
            let locator = call.segments[1]
            return .read { db in
                let result = try store.queryMore(locator, db: db)
                return .written { result.write(to: &$0, version: call.version) }
            }
        default:
            throw APIError.notFound
        }
    }

    private func recent(_ call: RestCall, db: Database) throws -> RestReply {
        // A list holds at most `capacity` records: a larger limit asks for all of them.
        let limit = min(try call.integerParameter("limit", in: 0...Int(Int32.max)) ?? RecentItems.capacity, RecentItems.capacity)
        let records = try store.recentItems(of: userID, limit: limit, db: db)
        return .written { writer in
            writer.beginArray()
            for record in records { record.write(to: &writer, version: call.version) }
            writer.endArray()
        }
    }
}

/// `Sforce-Query-Options: batchSize=500`.
enum QueryOptions {
    /// Salesforce's bounds: a batch size from 200 to 2,000 (2,000 by default); one outside them
    /// is a request, not an error, so it is brought into range as Salesforce does.
    static let batchSizes = 200...2000

    static func batchSize(_ header: String?) -> Int {
        var size = batchSizes.upperBound
        for option in (header ?? "").split(atScalars: [","]) {
            let pair = option.split(atScalars: ["="]).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "batchsize", let value = Int(pair[1]) {
                size = min(max(value, batchSizes.lowerBound), batchSizes.upperBound)
            }
        }
        return size
    }
}
