import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// How the API commands report a failed request: Salesforce's own error, or for a server that
/// is not there, that it is not running at the account's URL.
enum RequestFailure {
    /// The line to print after `error: `.
    static func describe(_ error: RestError, instance: String?) -> String {
        if error.code == .transport, let transport = error.underlyingError as? TransportError, case .unreachable = transport {
            let place = instance ?? "the account's instance"
            return "nothing answers at \(place): the server is not running there (a LocalOrg started with --data DIR "
                + "comes back on the same port; otherwise log in again with forcekit login --local). (\(transport.description))"
        }
        return error.description
    }
}
