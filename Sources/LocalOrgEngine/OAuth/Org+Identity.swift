package import SalesforceCore

/// The identity URL and OpenID Connect's `userinfo`.
extension Org {
    /// What the identity URL answers.
    package enum IdentityAnswer: Sendable, Equatable {
        /// The identity document.
        case document(JSON)
        /// A refusal: an HTTP status and Salesforce's plain-text code (`Bad_OAuth_Token`, `Bad_Id`).
        case refused(status: Int, code: String)
    }

    /// `GET /id/<orgId>/<userId>` with `token` (from the Authorization header or `oauth_token`).
    package func identity(token: String?, orgID: String, userID: String) async -> IdentityAnswer {
        guard let token else { return .refused(status: 403, code: "Missing_OAuth_Token") }
        guard let session = try? await oauth.session(accessToken: token) else { return .refused(status: 403, code: "Bad_OAuth_Token") }
        guard let org = RecordID.normalized(orgID), org == settings.organizationID else { return .refused(status: 403, code: "Wrong_Org") }
        guard let user = RecordID.normalized(userID), user.hasPrefix("005"),
            let record = try? await store.retrieve("User", id: user)
        else { return .refused(status: 404, code: "Bad_Id") }
        guard record["IsActive"] == .bool(true) else { return .refused(status: 404, code: "Inactive") }
        return .document(
            IdentityDocument.identity(
                user: record, baseURL: baseURL, organizationID: settings.organizationID, asserted: session.userID == user,
                app: oauth.app(clientID: session.clientID), scope: session.scope))
    }

    /// `GET /services/oauth2/userinfo` for the session's user.
    package func userInfo(for session: Session) async throws(APIError) -> JSON {
        let user = try await store.retrieve("User", id: session.userID)
        return IdentityDocument.userInfo(user: user, baseURL: baseURL, organizationID: settings.organizationID)
    }
}
