import HTTPTypes
import Hummingbird
import LocalOrgEngine
import URLEncoding

/// `/services/apexrest/...`, behind the same bearer-token check as the data API: the org's
/// routes answer, and those that write or list records do it through the data API and SOQL.
struct ApexRESTRoutes {
    let org: Org

    func register(on router: Router<LocalOrgRequestContext>) {
        let group = router.group("/services/apexrest")
            .add(middleware: BearerTokenMiddleware(oauth: org.oauth))
            .add(middleware: APIUsageMiddleware(limits: org.limits))
        for method in [HTTPRequest.Method.get, .post, .patch, .put, .delete] {
            group.on("**", method: method) { request, context in
                guard let session = context.session else { throw APIError.invalidSession }
                let body = request.method == .get ? [] : try await Responses.body(of: request, context: context)
                let path = String(request.uri.path.dropFirst("/services/apexrest".count))
                var headers: [String: String] = [:]
                for field in request.headers { headers[field.name.canonicalName] = field.value }
                let reply = try await org.answerApex(
                    method: request.method.rawValue, path: path, parameters: FormEncoding.decode(request.uri.query ?? ""), body: body,
                    headers: headers, userID: session.userID)
                return Responses.from(reply)
            }
        }
    }
}
