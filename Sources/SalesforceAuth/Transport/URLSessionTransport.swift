public import Foundation
import SalesforceCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``HTTPTransport``: Foundation's URLSession (FoundationNetworking on Linux).
///
/// Cookies are off, as the SDK has them for token and REST calls, so a web session cannot leak
/// into API calls. Cancelling the calling task cancels the request.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport with its own session: no cookies, no cache, `timeout` seconds per request.
    /// With `followsRedirects` off, a redirect is returned as the response (status 3xx and its
    /// `location`), as a browser step that must see where the server sends it needs.
    public init(timeout: TimeInterval = 120, maximumConnectionsPerHost: Int = 6, followsRedirects: Bool = true) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        session = URLSession(configuration: configuration, delegate: followsRedirects ? nil : RedirectRefusal(), delegateQueue: nil)
    }

    /// The transport clients use unless given another.
    public static let shared = URLSessionTransport()

    /// Sends the request on the session.
    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.httpShouldHandleCookies = false
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        let box = TaskBox()
        let host = urlRequest.url?.host ?? "the host"
        let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    continuation.resume(
                        returning: Self.result(data: data, response: response, error: error, host: host))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
        return try result.get()
    }

    private static func result(data: Data?, response: URLResponse?, error: (any Error)?, host: String) -> Result<
        HTTPResponse, TransportError
    > {
        if let error = error as? URLError {
            switch error.code {
            case .cancelled: return .failure(.cancelled)
            case .timedOut: return .failure(.timedOut)
            case .cannotFindHost, .dnsLookupFailed: return .failure(.unknownHost(host))
            case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate, .serverCertificateNotYetValid:
                return .failure(.untrustedCertificate(host: host))
            case .notConnectedToInternet, .cannotConnectToHost, .networkConnectionLost, .resourceUnavailable, .internationalRoamingOff:
                return .failure(.unreachable(error.localizedDescription))
            default: return .failure(.classifying(error.localizedDescription, host: host))
            }
        }
        if let error { return .failure(.classifying(error.localizedDescription, host: host)) }
        guard let http = response as? HTTPURLResponse else { return .failure(.timedOut) }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)"] = "\(value)" }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }
}

/// Holds a data task so a cancellation that races its start still cancels it.
private final class TaskBox: Sendable {
    private let state = Locked(State())

    private struct State {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    func start(_ task: URLSessionDataTask) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
        task.resume()
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}

/// Answers every redirect with "do not follow", so the 3xx itself becomes the response.
// No state at all: nothing to protect, though NSObject is not Sendable.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
