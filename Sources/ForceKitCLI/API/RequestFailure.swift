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

    /// What to say for a transport failure that has a usual cause; nil for the others.
    static func hint(for transport: TransportError, at instance: String?) -> String? {
        let place = instance ?? "the account's instance"
        if case .unreachable = transport {
            return "nothing answers at \(place): the server is not running there (a LocalOrg started with --data DIR "
                + "comes back on the same port; otherwise log in again with forcekit login --local). (\(transport.description))"
        }
        // Neither transport names a certificate failure apart from others: its text does.
        if case .failed(let reason) = transport, reason.lowercased().contains("certificate") {
            return "\(place)'s certificate is not trusted: log in with --ca-file and its CA, or set SSL_CERT_FILE to it "
                + "(forcekit serve prints it as caFile). "
                + "(\(reason))"
        }
        return nil
    }
}
