import HTTPTypes
import Hummingbird
import LocalOrgEngine
import SalesforceCore
import URLEncoding

/// The REST data API, `/services/data/vXX.X/...`: one route for every resource, which hands
/// each request to the org's ``Org/answer(_:as:)`` as a call.
struct DataRoutes {
    let org: Org

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/services/data") { _, _ in Responses.json(APIVersions.list) }
        let api = router.group("/services/data/:version")
            .add(middleware: APIVersionMiddleware())
            .add(middleware: BearerTokenMiddleware(oauth: org.oauth))
            .add(middleware: APIUsageMiddleware(limits: org.limits))
        api.get { request, context in try await answer(request, context) }
        for method in [HTTPRequest.Method.get, .post, .patch, .put, .delete] {
            api.on("**", method: method) { request, context in try await answer(request, context) }
        }
    }

    private func answer(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        guard let session = context.session else { throw APIError.invalidSession }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        var body = RestCall.Body.none
        if request.method != .get, request.method != .delete {
            // A Bulk API 2.0 upload may be as large as Salesforce takes; every other body has the usual limit.
            let isUpload = request.method == .put && (request.uri.path.hasSuffix("/batches") || request.uri.path.hasSuffix("/batches/"))
            body = .bytes(
                try await Responses.body(of: request, context: context, upTo: isUpload ? OrgStore.maximumIngestBytes : nil),
                contentType: request.headers[.contentType])
        }
        let call = RestCall(
            method: request.method.rawValue, version: try APIVersions.checked(context.parameters.get("version")),
            segments: request.uri.path.split(atScalars: ["/"]).dropFirst(3).map { PercentEncoding.decode($0) ?? String($0) },
            parameters: FormEncoding.decode(request.uri.query ?? ""), body: body, headers: headers)
        return Responses.from(try await org.answer(call, as: session))
    }
}
