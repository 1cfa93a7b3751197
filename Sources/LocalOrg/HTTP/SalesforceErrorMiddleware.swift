import Foundation
import Hummingbird

/// Turns every error a route throws into Salesforce's shapes: the REST API's error array,
/// the token endpoint's error object, and NOT_FOUND for paths no route serves.
struct SalesforceErrorMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return Responses.error(error)
        } catch let error as OAuthError {
            return Responses.oauthError(error)
        } catch let error as HTTPError where error.status == .notFound {
            return Responses.error(.notFound)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return Responses.error(
                APIError(status: 413, errorCode: "REQUEST_TOO_LARGE", message: "The request body is larger than the server accepts."))
        } catch let error as HTTPError {
            return Responses.error(
                APIError(status: Int(error.status.code), errorCode: "UNKNOWN_EXCEPTION", message: error.body ?? "\(error.status)"))
        } catch {
            return Responses.error(APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "An unexpected error occurred: \(error)"))
        }
    }
}

/// Reports each request, once answered, to a sink: `GET /services/data/v62.0/query 200 3.1ms`.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let sink: @Sendable (String) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        sink("\(request.method) \(request.uri.path) \(response.status.code) \((milliseconds * 10).rounded() / 10)ms")
        return response
    }
}

/// Lets only requests with a live bearer token through, with the session in the context.
struct BearerTokenMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let oauth: OAuthService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else { throw APIError.invalidSession }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "oauth"].contains(parts[0].lowercased()) else { throw APIError.invalidSession }
        var context = context
        context.session = try await oauth.session(accessToken: String(parts[1]).trimmingCharacters(in: .whitespaces))
        return try await next(request, context)
    }
}
