import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// How the API commands report a failed request: Salesforce's own error, or for a server that
/// is not there, that it is not running at the account's URL.
enum RequestFailure {
    /// The line to print after `error: `.
    static func describe(_ error: RestError, instance: String?) -> String {
        if error.code == .transport, let transport = error.underlyingError as? TransportError, let hint = hint(for: transport, at: instance)
        {
            return hint
        }
        return error.description
    }

    /// What to say for a transport failure that has a usual cause; nil for the others. The
    /// transports name these causes only in their text, so the text is read.
    static func hint(for transport: TransportError, at instance: String?) -> String? {
        let place = instance ?? "the account's instance"
        switch transport {
        case .unknownHost(let host):
            return "No host named \(host) could be found: check the URL (--instance) for a typo, and your network."
        case .untrustedCertificate:
            return "\(place)'s certificate is not trusted: log in with --ca-file and its CA (forcekit serve prints it as caFile), "
                + "or set SSL_CERT_FILE to it."
        case .unreachable:
            return "nothing answers at \(place): the server is not running there (a LocalOrg started with --data DIR "
                + "comes back on the same port; otherwise log in again with forcekit login --local)."
        case .failed(let reason):
            let text = reason.lowercased()
            // TLS's record layer saw no TLS: the server answered in plain HTTP.
            if text.contains("wrong_version_number") {
                let plain = instance.map { "http://" + $0.dropFirst("https://".count) } ?? "http://…"
                return "\(place) speaks plain HTTP, not HTTPS (a LocalOrg started without --tls): use \(plain)."
            }
            // A plain request that a server closes without a word is what a TLS server does with it:
            // a clean close, or a reset when the close finds the request's bytes still unread.
            let closed = ["remoteconnectionclosed", "connection was lost", "connection reset by peer"].contains { text.contains($0) }
            if closed, let instance, instance.hasPrefix("http://") {
                return "\(place) closed the connection without an answer: if it speaks HTTPS (a LocalOrg started with --tls), "
                    + "use https://\(instance.dropFirst("http://".count)) with its CA (--ca-file, the caFile forcekit serve prints)."
            }
            return nil
        case .cancelled, .timedOut:
            return nil
        }
    }
}
