public import Foundation
import SalesforceCore
import URLEncoding

/// One message of the identity-provider protocol: `<scheme>://oauth2/v1.0/<command>?<query>`,
/// the URL one app opens to reach the other.
///
/// ```swift
/// let message = try IdPMessage(url: incoming)
/// if case .authRequest(let request) = message { … }
/// let url = IdPMessage.authResponse(response).url(scheme: "forcekitsp")
/// ```
public enum IdPMessage: Sendable, Equatable {
    /// `authrequest`: SP → IdP.
    case authRequest(IdPAuthRequest)
    /// `authresponse`: IdP → SP.
    case authResponse(IdPAuthResponse)
    /// `error`: either way.
    case error(IdPErrorResponse)
    /// `idpinit`: IdP → SP.
    case idpInit(IdPInitiation)

    /// The protocol's host and version.
    static let host = "oauth2"
    static let version = "v1.0"

    /// The command's name in the URL's path.
    public var command: String {
        switch self {
        case .authRequest: "authrequest"
        case .authResponse: "authresponse"
        case .error: "error"
        case .idpInit: "idpinit"
        }
    }

    /// The query's parameters, in the order they are written.
    public var parameters: [(name: String, value: String)] {
        let pairs =
            switch self {
            case .authRequest(let request): request.parameters
            case .authResponse(let response): response.parameters
            case .error(let error): error.parameters
            case .idpInit(let initiation): initiation.parameters
            }
        return pairs.map { (name: $0.0, value: $0.1) }
    }

    /// The `state` the message carries, if any: what an error is sent back with.
    public var state: String? {
        switch self {
        case .authRequest(let request): request.state
        case .authResponse(let response): response.state
        case .error(let error): error.state
        case .idpInit: nil
        }
    }

    /// The message as a URL to the app that owns `scheme`; every value percent-encoded.
    public func url(scheme: String) -> URL {
        let query = parameters.map { PercentEncoding.encode($0.name) + "=" + PercentEncoding.encode($0.value) }.joined(separator: "&")
        let text = "\(scheme)://\(Self.host)/\(Self.version)/\(command)" + (query.isEmpty ? "" : "?" + query)
        // Every part is either a scheme the app registered or percent-encoded text.
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// Reads a message; the command is matched without regard to case.
    /// - Throws: ``IdPError`` `notAnIdPMessage` for another URL, `unsupportedVersion`,
    ///   `unknownCommand`, or `missingParameter` naming what a message needs.
    public init(url: URL) throws(IdPError) {
        let text = url.absoluteString
        guard let schemeEnd = text.range(of: "://") else { throw .notAnIdPMessage(text) }
        let rest = text[schemeEnd.upperBound...]
        let beforeQuery = rest.prefix { $0 != "?" && $0 != "#" }
        let query = rest.dropFirst(beforeQuery.count).first == "?" ? rest.dropFirst(beforeQuery.count + 1).prefix { $0 != "#" } : ""
        let segments = beforeQuery.split(atScalars: ["/"], omittingEmptyParts: false)
        guard segments.count == 3, segments[0].lowercased() == Self.host else { throw .notAnIdPMessage(text) }
        guard segments[1].lowercased() == Self.version else { throw .unsupportedVersion(String(segments[1])) }
        let command = segments[2].lowercased()
        let fields = MessageFields(command: command, query: query)
        switch command {
        case "authrequest": self = .authRequest(try IdPAuthRequest(fields))
        case "authresponse": self = .authResponse(try IdPAuthResponse(fields))
        case "error": self = .error(IdPErrorResponse(fields))
        case "idpinit": self = .idpInit(IdPInitiation(fields))
        default: throw .unknownCommand(String(segments[2]))
        }
    }
}
