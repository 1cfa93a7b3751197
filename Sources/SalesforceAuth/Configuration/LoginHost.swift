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

    /// Trims spaces, a leading `https://` or `http://` and trailing slashes. `http` is kept only for loopback.
    static func normalize(_ text: String) -> (scheme: String, host: String)? {
        var host = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var scheme = "https"
        for prefix in ["https://", "http://"] where host.lowercased().hasPrefix(prefix) {
            host = host.dropFirst(prefix.count)
            scheme = prefix == "http://" ? "http" : "https"
        }
        while host.hasSuffix("/") { host = host.dropLast() }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace), !host.contains("#"), !host.contains("?") else { return nil }
        if scheme == "http" && !isLoopback(host) { scheme = "https" }
        return (scheme, String(host))
    }

    private static func isLoopback(_ host: Substring) -> Bool {
        let name = host.prefix { $0 != "/" }
        return name.hasPrefix("127.") || name.hasPrefix("localhost") || name.hasPrefix("[::1]")
    }
}
