import Foundation
import Logging
public import SalesforceAuth
public import SalesforceCore

/// Sends REST requests for one user: authorizes them, refreshes an expired token once for all
/// the requests that hit it, retries each of them once, and turns error answers into
/// ``RestError``s.
///
/// ```swift
/// let client = RestClient(account: account, accounts: manager)
/// let response = try await client.send(client.requests.query("SELECT Id, Name FROM Account"))
/// for try await record in client.records(forQuery: "SELECT Id FROM Contact") { … }
/// ```
///
/// When the refresh token is refused (`invalid_grant`), the requests waiting on it fail with
/// ``RestError/refreshFailed(_:)``, the manager logs the user out, and the client has no user.
public actor RestClient {
    /// The API version requests are built for.
    public nonisolated let apiVersion: APIVersion
    /// Builds this client's requests: every call of the REST API, at ``apiVersion``.
    public nonisolated let requests: RequestFactory
    /// The user's credentials, updated by each refresh; nil for an unauthenticated client or
    /// after the user was logged out.
    public private(set) var credentials: OAuthCredentials?
    /// The `User-Agent` sent with every request, in the Mobile SDK's form with the app's feature
    /// codes (`AppFeatures` in SalesforceCore).
    public nonisolated var userAgent: String { AppFeatures.userAgent }
    private let refresher: (any CredentialsRefresher)?
    private let transport: any HTTPTransport
    private var refreshInFlight: Task<Result<OAuthCredentials, OAuthError>, Never>?
    private var requestsInFlight: [UUID: Task<HTTPResponse, any Error>] = [:]

    /// A client for credentials; `refresher` renews the token (nil: an expired token is an error).
    public init(
        credentials: OAuthCredentials?, refresher: (any CredentialsRefresher)?,
        transport: any HTTPTransport = URLSessionTransport.shared, apiVersion: APIVersion = .current
    ) {
        self.credentials = credentials
        self.refresher = refresher
        self.transport = transport
        self.apiVersion = apiVersion
        self.requests = RequestFactory(apiVersion: apiVersion, communityID: credentials?.identity.communityID)
    }

    /// A client for a signed-in account, refreshing (and saving, and logging out) through its manager.
    public init(
        account: UserAccount, accounts: UserAccountManager, transport: any HTTPTransport = URLSessionTransport.shared,
        apiVersion: APIVersion = .current
    ) {
        self.init(credentials: account.credentials, refresher: accounts, transport: transport, apiVersion: apiVersion)
    }

    /// A client with no user, for requests that need no token, to whole URLs.
    public static func unauthenticated(
        transport: any HTTPTransport = URLSessionTransport.shared,
        apiVersion: APIVersion = .current
    ) -> RestClient {
        RestClient(credentials: nil, refresher: nil, transport: transport, apiVersion: apiVersion)
    }

    // MARK: - Sending

    /// Requests at `trace` (method, path and status; never a header, body or query value), refreshes at `debug`.
    private static let logger = Logger.forceKit("rest")

    /// Sends a request and returns its 2xx answer.
    ///
    /// A 401 (or a 403 whose body says the token is bad) refreshes the token, once for every
    /// request that hit it at the same time, and sends the request once more.
    /// - Throws: ``RestError``: `http` for an error answer (with Salesforce's errors),
    ///   `refreshFailed`, `notLoggedIn`, `cancelled`, `timeout`, `transport`, `invalidRequest`.
    public func send(_ request: RestRequest) async throws(RestError) -> RestResponse {
        let sentWith = try credentials(for: request)
        let first = try await perform(request, credentials: sentWith)
        // Only a request that carried the token refreshes it: another host's 401 says nothing of it.
        guard try Self.carriesToken(request, credentials: sentWith), Self.tokenWasRefused(first, request: request) else {
            return try Self.finish(first, request: request, credentials: sentWith)
        }
        Self.logger.debug("\(request.method.rawValue) \(request.path) was refused with the current access token: refreshing it")
        let fresh = try await refreshedCredentials(after: sentWith)
        let second = try await perform(request, credentials: fresh)
        return try Self.finish(second, request: request, credentials: fresh)
    }

    /// Cancels every request under way; each fails with ``RestError/cancelled``. Cancelling the
    /// task that awaits ``send(_:)`` cancels just that request.
    public func cancelAllRequests() {
        for task in requestsInFlight.values { task.cancel() }
    }

    /// Replaces the credentials, as after the user logged in again.
    public func setCredentials(_ credentials: OAuthCredentials?) {
        self.credentials = credentials
    }

    private func credentials(for request: RestRequest) throws(RestError) -> OAuthCredentials? {
        guard request.requiresAuthentication else { return credentials }
        guard let credentials, credentials.accessToken != nil || credentials.refreshToken != nil else { throw .notLoggedIn }
        return credentials
    }

    private func perform(_ request: RestRequest, credentials: OAuthCredentials?) async throws(RestError) -> HTTPResponse {
        let http = try httpRequest(for: request, credentials: credentials)
        let transport = self.transport
        let id = UUID()
        let task = Task { () async throws -> HTTPResponse in
            try Task.checkCancellation()
            return try await transport.send(http)
        }
        requestsInFlight[id] = task
        defer { requestsInFlight[id] = nil }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch let error as TransportError {
            switch error {
            case .cancelled: throw .cancelled
            case .timedOut: throw .timeout
            default: throw .transport(error)
            }
        } catch {
            throw .cancelled
        }
    }

    /// The request as the transport sends it: URL, token, agent, body.
    private nonisolated func httpRequest(for request: RestRequest, credentials: OAuthCredentials?) throws(RestError) -> HTTPRequest {
        let url = try request.url(for: credentials)
        var headers: [(name: String, value: String)] = []
        if try Self.carriesToken(request, credentials: credentials), let token = credentials?.accessToken,
            !request.headers.keys.contains(where: { $0.lowercased() == "authorization" })
        {
            headers.append(("Authorization", "Bearer \(token)"))
        }
        if !request.headers.keys.contains(where: { $0.lowercased() == "user-agent" }) { headers.append(("User-Agent", userAgent)) }
        if request.body != nil { headers.append(("Content-Type", request.contentType ?? "application/json")) }
        headers += request.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return HTTPRequest(method: request.method.rawValue, url: url, headers: headers, body: request.body)
    }

    /// Whether the request is sent with the user's token: it asks for it, and it goes to one of
    /// the user's hosts (``OAuthCredentials/isTokenHost(_:)``). A whole URL elsewhere, from a
    /// page's `pgSendRequest` or a server's `nextRecordsUrl`, goes without it, as upstream sends
    /// a request that does not require authentication.
    private nonisolated static func carriesToken(_ request: RestRequest, credentials: OAuthCredentials?) throws(RestError) -> Bool {
        guard request.requiresAuthentication, let credentials else { return false }
        return credentials.isTokenHost(try request.url(for: credentials))
    }

    // MARK: - Refreshing

    private static func tokenWasRefused(_ response: HTTPResponse, request: RestRequest) -> Bool {
        if response.status == 401 { return true }
        guard response.status == 403, request.shouldRefreshOn403 else { return false }
        let body = String(decoding: response.body.prefix(2000), as: UTF8.self)
        return ["Bad_OAuth_Token", "INVALID_SESSION_ID", "Missing_OAuth_Token", "invalid_token"].contains { body.contains($0) }
    }

    /// Fresh credentials after `used` was refused: a newer token if another request already
    /// refreshed, else the result of the one refresh under way, else a new refresh.
    private func refreshedCredentials(after used: OAuthCredentials?) async throws(RestError) -> OAuthCredentials {
        if let current = credentials, current.accessToken != used?.accessToken { return current }
        guard let used else { throw .notLoggedIn }
        let refresh: Task<Result<OAuthCredentials, OAuthError>, Never>
        if let running = refreshInFlight {
            refresh = running
        } else {
            guard let refresher else { throw .refreshFailed(OAuthError(.noRefreshToken, "This client cannot refresh tokens.")) }
            refresh = Task {
                do throws(OAuthError) {
                    return .success(try await refresher.refreshedCredentials(for: used))
                } catch {
                    return .failure(error)
                }
            }
            refreshInFlight = refresh
        }
        let result = await refresh.value
        if refreshInFlight == refresh { refreshInFlight = nil }
        switch result {
        case .success(let fresh):
            credentials = fresh
            return fresh
        case .failure(let error):
            if error.isRefreshTokenInvalid { credentials = nil }
            throw .refreshFailed(error)
        }
    }

    // MARK: - Answers

    private static func finish(_ response: HTTPResponse, request: RestRequest, credentials: OAuthCredentials?) throws(RestError)
        -> RestResponse
    {
        logger.trace("\(request.method.rawValue) \(request.path) \(response.status)")
        guard response.isSuccess else {
            let url = (try? request.url(for: credentials)) ?? URL(fileURLWithPath: "/")
            throw .http(status: response.status, url: url, headers: response.headers, body: response.body)
        }
        return RestResponse(status: response.status, headers: response.headers, data: response.body)
    }
}
