import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import SalesforceCore
import URLEncoding

/// The REST data API: `/services/data/vXX.X/...`.
struct DataRoutes {
    let services: LocalOrgServices
    private var store: OrgStore { services.store }

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/services/data") { _, _ in Responses.json(APIVersions.list) }
        let api = router.group("/services/data/:version")
            .add(middleware: APIVersionMiddleware())
            .add(middleware: BearerTokenMiddleware(oauth: services.oauth))
            .add(middleware: APIUsageMiddleware(limits: services.limits))
        // Query pages are written straight from the rows, without a JSON value in between.
        for (path, includeDeleted) in [("query", false), ("queryAll", true)] {
            api.get(RouterPath(path)) { request, context in try await query(request, context, includeDeleted: includeDeleted) }
        }
        // Composite requests open their own transaction and savepoints.
        api.post("composite") { request, context in
            try await composite(request, context) { api, body, version, db in try api.composite(body, version: version, db: db) }
        }
        api.post("composite/batch") { request, context in
            try await composite(request, context) { api, body, _, db in try api.batch(body, db: db) }
        }
        api.post("composite/tree/:type") { request, context in
            let type = context.parameters.get("type") ?? ""
            return try await composite(request, context) { api, body, version, db in
                try api.tree(body, typeName: type, version: version, db: db)
            }
        }
        FilesRoutes(services: services).register(on: api)
        // Everything else goes to the data API's own dispatch, which composite subrequests share.
        api.get { request, context in try await respond(request, context) }
        for method in [HTTPRequest.Method.get, .post, .patch, .put, .delete] {
            api.on("**", method: method) { request, context in try await respond(request, context) }
        }
    }

    private func version(_ context: LocalOrgRequestContext) throws(APIError) -> String {
        try APIVersions.checked(context.parameters.get("version"))
    }

    private func dataAPI(_ context: LocalOrgRequestContext) throws(APIError) -> (DataAPI, String) {
        guard let session = context.session else { throw APIError.invalidSession }
        return (
            DataAPI(store: store, userID: session.userID, limits: services.limits, pushEnabled: services.pushEnabled), try version(context)
        )
    }

    private func composite(
        _ request: Request, _ context: LocalOrgRequestContext,
        _ run: @escaping @Sendable (DataAPI, JSON, String, Database) throws -> SubResponse
    ) async throws -> Response {
        let body = try await Responses.jsonBody(of: request, context: context)
        let (dataAPI, version) = try dataAPI(context)
        return Responses.from(try await store.writeWithoutTransaction { db in try run(dataAPI, body, version, db) })
    }

    private func respond(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let (dataAPI, version) = try dataAPI(context)
        var body: JSON?
        if request.method != .get, request.method != .delete {
            body = try await Responses.optionalJSONBody(of: request, context: context)
        }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let segments = request.uri.path.split(separator: "/").dropFirst(3).map { PercentEncoding.decode($0) ?? String($0) }
        let call = RestCall(
            method: request.method.rawValue, version: version, segments: segments,
            parameters: FormEncoding.decode(request.uri.query ?? ""), body: body, headers: headers)
        let reply =
            DataAPI.writes(call)
            ? try await store.write { db in try dataAPI.respond(to: call, db: db) }
            : try await store.read { db in try dataAPI.respond(to: call, db: db) }
        return Responses.from(reply)
    }

    private func query(_ request: Request, _ context: LocalOrgRequestContext, includeDeleted: Bool) async throws -> Response {
        guard let soql = Responses.query("q", of: request), !soql.isEmpty else {
            throw APIError(
                status: 400, errorCode: "MALFORMED_QUERY", message: "A query needs the q parameter: query?q=SELECT+Id+FROM+Account")
        }
        let batchSize = QueryOptions.batchSize(request.headers[.sforceQueryOptions])
        let result = try await store.query(soql, includeDeleted: includeDeleted, batchSize: batchSize, version: try version(context))
        return Responses.write { result.write(to: &$0) }
    }
}

/// HTTP dates (RFC 7231): `Sun, 06 Nov 1994 08:49:37 GMT`, the form If-Unmodified-Since uses.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

extension HTTPField.Name {
    /// `Sforce-Query-Options`, which carries `batchSize=N`.
    static let sforceQueryOptions = HTTPField.Name("Sforce-Query-Options")!
}
