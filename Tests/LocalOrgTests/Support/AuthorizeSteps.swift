import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth

extension APITestOrg {
    /// Logs in on the authorize page as the default user (or with `password`) and answers the
    /// consent page; returns the final reply, the redirect to the app when all went well.
    func authorize(_ extra: [String: String], password: String? = nil, allow: Bool = true) async throws -> HTTPResponse {
        var form = [
            "client_id": credentials.clientID, "redirect_uri": credentials.redirectURI,
            "username": credentials.username, "password": password ?? credentials.password,
        ]
        form.merge(extra) { $1 }
        let login = try await client.send("POST", "/services/oauth2/authorize", form: form)
        guard login.status == 200, let range = login.text.range(of: #"name="ticket" value="([A-Za-z0-9]+)""#, options: .regularExpression)
        else {
            return login
        }
        let ticket = login.text[range].split(separator: "\"")[3]
        return try await client.send(
            "POST", "/services/oauth2/authorize", form: ["ticket": String(ticket), "decision": allow ? "allow" : "deny"])
    }
}

/// The parameters of a redirect's query (`part` "query") or fragment ("fragment").
func redirectParameters(of location: String, in part: String) -> [String: String] {
    guard let start = location.firstIndex(of: part == "fragment" ? "#" : "?") else { return [:] }
    var result: [String: String] = [:]
    for pair in location[location.index(after: start)...].split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
        result[parts[0]] = parts.count > 1 ? parts[1] : ""
    }
    return result
}
