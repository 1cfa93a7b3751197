import HTTPTypes
import Hummingbird
import LocalOrgEngine
import URLEncoding

/// `/services/apexrest/...`, behind the same bearer-token check as the data API: the org's
/// ``ApexAPI`` answers, and a route that writes records hands the call to the data API.
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
                if let call = org.apex.dataCall(method: request.method.rawValue, path: path, body: body, headers: headers) {
                    return Responses.from(try await org.answer(call, as: session))
                }
                let reply = org.apex.answer(
                    method: request.method.rawValue, path: path,
                    parameters: FormEncoding.decode(request.uri.query ?? ""), body: body, userID: session.userID)
                return Responses.from(reply)
            }
        }
    }
}
