import Hummingbird
import LocalOrgEngine

/// Applies the ``FaultInjector``'s rules before a request runs.
struct FaultMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let faults: FaultInjector

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        for action in faults.actions(forPath: request.uri.path) {
            switch action {
            case .delay(let duration):
                try await Task.sleep(for: duration)
            case .fail(let status):
                return Responses.from(
                    .error(APIError(status: status, errorCode: "SERVER_UNAVAILABLE", message: "LocalOrg was asked to fail this request.")))
            case .drop:
                try await context.channel.close()
                throw CancellationError()
            }
        }
        return try await next(request, context)
    }
}
