import Foundation

/// A server users log in at: production, sandbox, a My Domain, or a community with a path.
///
/// Hosts are kept normalized, without a scheme or trailing slash (`login.salesforce.com`,
/// `mycommunity.force.com/fineapps`), as the SDK keeps them. URLs use `https://`; plain HTTP is
/// allowed only for loopback hosts, so LocalOrg can run without TLS.
public struct LoginHost: Sendable, Hashable, Codable {
    /// The name people see, such as "Production".
    public var label: String
    /// The host, with a port and path when it has them.
    public var host: String
    /// Whether users may remove it (their own hosts) or not (the standard ones).
    public var isDeletable: Bool
    /// `https`, or `http` for a loopback host given with `http://`.
    public var scheme: String

    /// The standard production host.
    public static let production = LoginHost(label: "Production", host: "login.salesforce.com", isDeletable: false)
    /// The standard sandbox host.
    public static let sandbox = LoginHost(label: "Sandbox", host: "test.salesforce.com", isDeletable: false)

    /// Creates a host from what a user typed (`https://x.my.salesforce.com/`, `x.my.salesforce.com`).
    /// - Returns: nil when nothing is left after normalizing, or the text has spaces inside.
    public init?(label: String? = nil, _ text: String, isDeletable: Bool = true) {
        guard let (scheme, host) = Self.normalize(text) else { return nil }
        self.init(label: label ?? host, host: host, isDeletable: isDeletable, scheme: scheme)
    }

    private init(label: String, host: String, isDeletable: Bool, scheme: String = "https") {
        self.label = label
        self.host = host
        self.isDeletable = isDeletable
        self.scheme = scheme
    }

    /// The base URL endpoints are appended to: `https://` + host.
    public var baseURL: String { "\(scheme)://\(host)" }

    /// Trims spaces, a leading `https://` or `http://` and trailing slashes. `http` is kept only
    /// for loopback. Read as Unicode scalars, as a URL parser reads it: a `#`, `?` or `/` that a
    /// combining mark follows is still one. A host with user information (`127.0.0.1@evil.com`)
    /// is refused: its host is the part after the `@`.
    static func normalize(_ text: String) -> (scheme: String, host: String)? {
        var host = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines)).unicodeScalars
        var scheme = "https"
        for prefix in ["https://", "http://"] where host.count >= prefix.unicodeScalars.count {
            let head = String(String.UnicodeScalarView(host.prefix(prefix.unicodeScalars.count)))
            guard head.lowercased() == prefix else { continue }
            host = host.dropFirst(prefix.unicodeScalars.count)
            scheme = prefix == "http://" ? "http" : "https"
        }
        while host.last == "/" { host = host.dropLast() }
        guard !host.isEmpty, !host.contains(where: { $0.properties.isWhitespace || "#?@\\".unicodeScalars.contains($0) }) else {
            return nil
        }
        let name = String(String.UnicodeScalarView(host))
        if scheme == "http" && !isLoopback(name) { scheme = "https" }
        return (scheme, name)
    }

    /// Whether the host (before any path) is this machine: `127.x.x.x`, `localhost` or `[::1]`,
    /// with a port or none, and nothing else.
    private static func isLoopback(_ host: String) -> Bool {
        let authority = host.unicodeScalars.prefix { $0 != "/" }
        var name = String(String.UnicodeScalarView(authority)).lowercased()
        if let colon = name.unicodeScalars.lastIndex(of: ":"), !name.hasSuffix("]") {
            let port = name.unicodeScalars[name.unicodeScalars.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
            name = String(String.UnicodeScalarView(name.unicodeScalars[..<colon]))
        }
        if name == "localhost" || name == "[::1]" { return true }
        let octets = name.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first.map { String(String.UnicodeScalarView($0)) } == "127"
            && octets.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { ("0"..."9").contains($0) } }
    }
}
