public import Foundation

/// One HTTP request as a transport sends it: already addressed, authorized and encoded.
public struct HTTPRequest: Sendable, Equatable {
    /// The method, such as `GET` or `PATCH`.
    public var method: String
    /// The whole URL.
    public var url: URL
    /// The headers, in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of the header `name`, matched without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Compares method, URL, headers and body.
    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}

/// What a server answered.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The headers, with lower-cased names.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends HTTP requests: URLSession by default, anything else (a test double, another client
/// library) by conforming.
///
/// A transport throws ``TransportError`` for failures below HTTP; any status, 500 included, is a
/// response. It honours task cancellation by throwing ``TransportError/cancelled``.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// A failure to exchange a request and response with the server.
public enum TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request was cancelled before a response arrived.
    case cancelled
    /// The server did not answer in time.
    case timedOut
    /// The network is down or the host cannot be reached; retrying later may work.
    case unreachable(String)
    /// No host has this name: a typo in the URL, or no network to look the name up with.
    case unknownHost(String)
    /// The server's certificate is not one this device trusts: its authority is not a trusted
    /// root (a LocalOrg's own CA, say), or it is expired or for another name.
    case untrustedCertificate(host: String)
    /// Any other failure, described.
    case failed(String)

    /// Whether the failure is the network's (offline, unreachable, timed out) rather than the request's.
    public var isNetworkError: Bool {
        switch self {
        case .timedOut, .unreachable, .unknownHost: true
        case .cancelled, .failed, .untrustedCertificate: false
        }
    }

    /// What happened, for people.
    public var description: String {
        switch self {
        case .cancelled: "The request was cancelled."
        case .timedOut: "The server did not answer in time. Check the connection and try again."
        case .unreachable(let reason): "The server cannot be reached (\(reason)). Check the connection and the host name."
        case .unknownHost(let host): "No host named \(host) could be found. Check the URL for a typo, and the connection."
        case .untrustedCertificate(let host):
            "The certificate of \(host) is not trusted. Trust the authority that issued it, or check that the URL is the org's."
        case .failed(let reason): "The request failed: \(reason)"
        }
    }
}

extension TransportError {
    /// A transport library's failure that has no case of its own, as one of the usual causes when
    /// its text names one (the libraries name them only in their own words: a BoringSSL code, a
    /// curl message, a NIO type), else ``failed(_:)`` with the text.
    package static func classifying(_ text: String, host: String) -> TransportError {
        let lowered = text.lowercased()
        if ["unknownhost", "name or service not known", "could not resolve host", "dns error", "nodename nor servname"]
            .contains(where: lowered.contains)
        {
            return .unknownHost(host)
        }
        if lowered.contains("certificate"), !lowered.contains("client certificate") { return .untrustedCertificate(host: host) }
        return .failed(text)
    }
}
