import Foundation
import Hummingbird
import LocalOrgEngine

/// Reports each request, once answered, to the console's recent requests and, when configured,
/// to the request log: `GET /services/data/v62.0/query 200 3.1ms`.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let recent: RecentRequests
    let log: RequestLog?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = ((Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000) * 10).rounded() / 10
        // A site's request as it came: its path prefix was taken off for the routes.
        let path = context.site.map { "/\($0.urlPathPrefix)" + request.uri.path } ?? request.uri.path
        // The console's live log reloads itself: its own requests would crowd out the org's.
        if request.uri.path != ConsoleRoutes.requestLogPath {
            recent.record(
                .init(
                    time: Date(), method: request.method.rawValue, path: path, status: response.status.code,
                    milliseconds: milliseconds))
        }
        log?.record("\(request.method) \(path) \(response.status.code) \(milliseconds)ms")
        return response
    }
}
