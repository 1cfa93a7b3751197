import Foundation
import HTTPTypes
import Hummingbird
import SalesforceCore

/// The REST data API: `/services/data/vXX.X/...`.
struct DataRoutes {
    let services: LocalOrgServices
    private var store: OrgStore { services.store }

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/services/data") { _, _ in Responses.json(APIVersions.list) }
        let api = router.group("/services/data/:version")
            .add(middleware: APIVersionMiddleware())
            .add(middleware: BearerTokenMiddleware(oauth: services.oauth))
        api.get { _, context in resources(version: try version(context)) }
        api.get("sobjects") { _, context in describeGlobal(version: try version(context)) }
        api.get("sobjects/:type") { _, context in try await typeInfo(context) }
        api.post("sobjects/:type") { request, context in try await create(request, context) }
        api.get("sobjects/:type/describe") { _, context in
            let type = try store.type(named: context.parameters.get("type") ?? "")
            return Responses.json(DescribeDocument.full(of: type, schema: store.schema, version: try version(context)))
        }
        api.get("sobjects/:type/:id") { request, context in try await retrieve(request, context) }
        api.patch("sobjects/:type/:id") { request, context in try await update(request, context) }
        api.delete("sobjects/:type/:id") { _, context in
            try await store.delete(context.parameters.get("type") ?? "", id: context.parameters.get("id") ?? "", as: try userID(context))
            return Responses.noContent()
        }
        // Hummingbird's trie needs one parameter name per position: here `id` is the external id field.
        api.patch("sobjects/:type/:id/:value") { request, context in try await upsert(request, context) }
        for (path, includeDeleted) in [("query", false), ("queryAll", true)] {
            api.get(RouterPath(path)) { request, context in try await query(request, context, includeDeleted: includeDeleted) }
            api.get(RouterPath(path + "/:locator")) { _, context in
                let result = try await store.queryMore(context.parameters.get("locator") ?? "", version: try version(context))
                return Responses.write { result.write(to: &$0) }
            }
        }
    }

    private func version(_ context: LocalOrgRequestContext) throws(APIError) -> String {
        try APIVersions.checked(context.parameters.get("version"))
    }

    private func userID(_ context: LocalOrgRequestContext) throws(APIError) -> String {
        guard let session = context.session else { throw APIError.invalidSession }
        return session.userID
    }

    // MARK: - Resources and describe

    private func resources(version: String) -> Response {
        // Only what LocalOrg answers, so a client that discovers resources finds them all.
        let names = ["sobjects", "query", "queryAll"]
        return Responses.json(.object(Dictionary(uniqueKeysWithValues: names.map { ($0, JSON.string("/services/data/\(version)/\($0)")) })))
    }

    private func describeGlobal(version: String) -> Response {
        Responses.json([
            "encoding": "UTF-8", "maxBatchSize": 200,
            "sobjects": .array(store.schema.types.map { DescribeDocument.summary(of: $0, version: version) }),
        ])
    }

    private func typeInfo(_ context: LocalOrgRequestContext) async throws -> Response {
        let version = try version(context)
        let type = try store.type(named: context.parameters.get("type") ?? "")
        let recent = try await store.recentItems(of: type, version: version)
        return Responses.write { writer in
            writer.beginObject()
            writer.key("objectDescribe")
            writer.value(DescribeDocument.summary(of: type, version: version))
            writer.key("recentItems")
            writer.beginArray()
            for record in recent { record.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }
    }

    // MARK: - Records

    private func create(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let typeName = context.parameters.get("type") ?? ""
        let body = try await Responses.jsonBody(of: request, context: context)
        let id = try await store.create(typeName, fields: body, as: try userID(context))
        let type = try store.type(named: typeName)
        var response = Responses.json(["id": .string(id), "success": true, "errors": []], status: .created)
        response.headers[.location] = "\(type.path(version: try version(context)))/\(id)"
        return response
    }

    private func retrieve(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let fields = Responses.query("fields", of: request)?.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let record = try await store.retrieve(context.parameters.get("type") ?? "", id: context.parameters.get("id") ?? "",
                                              fields: fields, version: try version(context))
        return Responses.write { record.write(to: &$0) }
    }

    private func update(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let body = try await Responses.jsonBody(of: request, context: context)
        var since: Date?
        if let header = request.headers[.ifUnmodifiedSince] {
            guard let date = HTTPDate.parse(header) else {
                throw APIError(status: 400, errorCode: "INVALID_HEADER_TYPE", message: "If-Unmodified-Since must be an HTTP date: \(header)")
            }
            since = date
        }
        try await store.update(context.parameters.get("type") ?? "", id: context.parameters.get("id") ?? "", fields: body,
                               ifUnmodifiedSince: since, as: try userID(context))
        return Responses.noContent()
    }

    private func upsert(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let version = try version(context)
        let body = try await Responses.jsonBody(of: request, context: context)
        let outcome = try await store.upsert(context.parameters.get("type") ?? "", externalIdField: context.parameters.get("id") ?? "",
                                             value: context.parameters.get("value")?.removingPercentEncoding ?? "", fields: body,
                                             as: try userID(context), version: version)
        switch outcome {
        case .created(let id):
            return Responses.json(["id": .string(id), "success": true, "errors": [], "created": true], status: .created)
        case .updated(let id):
            // Upsert answers 204 before API v46 and a body with created=false from v46.
            guard let number = APIVersion(version), number.major >= 46 else { return Responses.noContent() }
            return Responses.json(["id": .string(id), "success": true, "errors": [], "created": false])
        case .multipleMatches(let urls):
            return Responses.json(.array(urls.map(JSON.string)), status: .multipleChoices)
        }
    }

    // MARK: - Query

    private func query(_ request: Request, _ context: LocalOrgRequestContext, includeDeleted: Bool) async throws -> Response {
        guard let soql = Responses.query("q", of: request), !soql.isEmpty else {
            throw APIError(status: 400, errorCode: "MALFORMED_QUERY", message: "A query needs the q parameter: query?q=SELECT+Id+FROM+Account")
        }
        var batchSize = 2000
        if let options = request.headers[.sforceQueryOptions] {
            for option in options.split(separator: ",") {
                let pair = option.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "batchsize", let size = Int(pair[1]) { batchSize = size }
            }
        }
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
    /// `If-Unmodified-Since`, which PATCH honours with 412.
    static let ifUnmodifiedSince = HTTPField.Name("If-Unmodified-Since")!
    /// `Sforce-Query-Options`, which carries `batchSize=N`.
    static let sforceQueryOptions = HTTPField.Name("Sforce-Query-Options")!
}
