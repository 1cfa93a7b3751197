import Hummingbird
import LocalOrgEngine
import NIOHTTP1

/// Turns every error a route throws into Salesforce's shapes: the REST API's error array,
/// the token endpoint's error object, and NOT_FOUND for paths no route serves.
struct SalesforceErrorMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPParserError {
            // The server answers a request it cannot parse with 400 and closes the connection.
            throw error
        } catch let error as APIError {
            return Responses.from(.error(error))
        } catch let error as OAuthError {
            return Responses.json(error.json, status: HTTPResponse.Status(code: error.status))
        } catch let error as HTTPError where error.status == .notFound {
            return Responses.from(.error(.notFound))
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return Responses.from(.error(.requestTooLarge(limit: nil)))
        } catch let error as HTTPError {
            return Responses.from(
                .error(APIError(status: Int(error.status.code), errorCode: "UNKNOWN_EXCEPTION", message: error.body ?? "\(error.status)")))
        } catch {
            return Responses.from(
                .error(APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "An unexpected error occurred: \(error)")))
        }
    }
}
