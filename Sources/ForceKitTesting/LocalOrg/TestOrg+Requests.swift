public import Foundation
import LocalOrg
public import SalesforceAuth
public import SalesforceCore

extension TestOrg {
    /// Sends a request to the org as a test spells it: `path` relative to the org's URL (or a whole
    /// URL), a bearer `token`, and a JSON or form body with its content type. Redirects come back
    /// as they are, and cookies the org set are sent back, as one browser tab does.
    ///
    /// ```swift
    /// let token = try await org.passwordToken()
    /// let reply = try await org.send("GET", "/services/data/v66.0/sobjects/Account", token: token)
    /// #expect(reply.status == 200)
    /// ```
    public func send(
        _ method: String, _ path: String, token: String? = nil, json: JSON? = nil, form: [String: String]? = nil,
        headers extra: [String: String] = [:]
    ) async throws -> HTTPResponse {
        try await client.send(method, path, token: token, json: json, form: form, headers: extra)
    }

    /// Sends exactly these headers and body bytes (a multipart upload, a SOAP envelope, a body
    /// no JSON or form value spells).
    public func send(_ method: String, _ path: String, headers: [String: String] = [:], body: Data?) async throws -> HTTPResponse {
        try await client.send(method, path, headers: headers, body: body)
    }

    /// A raw client of the org's own with no cookies yet: a second browser tab, or a stranger's.
    package func newClient() -> RawHTTPClient {
        switch setup {
        case .live: RawHTTPClient(baseURL: credentials.instanceURL)
        case .inProcess: RawHTTPClient(baseURL: credentials.instanceURL, transport: transport)
        }
    }

    /// The token endpoint's answer to the default user's username-password login, with `extra`
    /// fields (a `scope`, say).
    public func passwordGrant(_ extra: [String: String] = [:]) async throws -> HTTPResponse {
        var form = [
            "grant_type": "password", "client_id": credentials.clientID, "username": credentials.username,
            "password": credentials.password,
        ]
        form.merge(extra) { $1 }
        return try await send("POST", "/services/oauth2/token", form: form)
    }

    /// An access token for the default user from the username-password flow.
    /// - Throws: ``TestOrgError`` with the token endpoint's answer when the org refuses.
    public func passwordToken() async throws -> String {
        let reply = try await passwordGrant()
        guard let parsed = try? JSON(parsing: Array(reply.body)), let token = parsed["access_token"]?.stringValue else {
            throw TestOrgError(
                "The org refused the password login (status \(reply.status)): \(String(decoding: reply.body, as: UTF8.self))")
        }
        return token
    }
}

/// What went wrong in a ``TestOrg`` helper, said for the test's log.
public struct TestOrgError: Error, CustomStringConvertible {
    /// What happened.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
