import HTTPTypes
import Hummingbird
import LocalOrgEngine

/// Counts each authenticated API request against the daily limit and reports the usage in
/// `Sforce-Limit-Info`, as Salesforce does on every REST response.
struct APIUsageMiddleware: RouterMiddleware {
    typealias Context = LocalOrgRequestContext
    let limits: APILimits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let used = limits.count()
        var response = try await next(request, context)
        response.headers[.sforceLimitInfo] = "api-usage=\(used)/\(limits.dailyAPIRequests)"
        return response
    }
}

extension HTTPField.Name {
    /// `Sforce-Limit-Info: api-usage=25/15000`.
    static let sforceLimitInfo = HTTPField.Name("Sforce-Limit-Info")!
}
