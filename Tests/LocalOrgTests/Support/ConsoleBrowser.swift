import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceAuth

/// A browser tab on LocalOrg's console, as far as the tests need one: the raw client keeps the
/// session cookie and follows nothing by itself, and HeadlessLogin's `HTMLPage` (the page reader
/// `SimulatedBrowser` answers login pages with) reads a page's form token the way a form sends it.
struct ConsoleBrowser {
    let client: HTTPTestClient

    /// A browser of its own on `org`, with no cookies yet.
    init(org: TestOrg) {
        client = org.newClient()
    }

    /// Logs in through the login page; the reply is the login's answer.
    @discardableResult
    func logIn(username: String, password: String, startURL: String? = nil) async throws -> HTTPResponse {
        var fields = ["username": username, "password": password]
        fields["startURL"] = startURL
        return try await client.send("POST", "/login", form: fields)
    }

    func get(_ path: String) async throws -> HTTPResponse {
        try await client.send("GET", path)
    }

    /// Posts a form as the page at `formPage` would: with that page's form token.
    func post(_ path: String, fields: [String: String], tokenFrom formPage: String, origin: String? = nil) async throws
        -> HTTPResponse
    {
        var fields = fields
        fields["_form"] = try await formToken(on: formPage)
        return try await post(path, rawFields: fields, origin: origin)
    }

    /// Posts exactly these fields.
    func post(_ path: String, rawFields: [String: String], origin: String? = nil) async throws -> HTTPResponse {
        try await client.send("POST", path, form: rawFields, headers: origin.map { ["Origin": $0] } ?? [:])
    }

    /// The form token a page carries.
    func formToken(on path: String) async throws -> String {
        let page = try await get(path).text
        guard let token = HTMLPage(page).hiddenField(named: "_form") else {
            throw TestFailure("\(path) has no form token: \(page.prefix(300))")
        }
        return token
    }
}

extension HTTPResponse {
    /// The page's text as a person reads it: no tags, entities decoded, spaces collapsed.
    var visibleText: String {
        var text = self.text
        if let style = text.range(of: "<style>[\\s\\S]*?</style>", options: .regularExpression) { text.removeSubrange(style) }
        text = text.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
