import Hummingbird

/// Reports each request, once answered, to the request log: `GET /services/data/v62.0/query 200 3.1ms`.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let log: RequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        log.record("\(request.method) \(request.uri.path) \(response.status.code) \((milliseconds * 10).rounded() / 10)ms")
        return response
    }
}
