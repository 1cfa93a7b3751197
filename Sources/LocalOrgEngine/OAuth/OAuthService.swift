import Foundation
import GRDB
import Logging
import SalesforceCore

/// Issues, checks and revokes tokens; the logic behind the authorize and token endpoints.
package final class OAuthService: Sendable {
    let store: OrgStore
    let settings: OrgSettings
    /// How long an access token lives.
    let tokenLifetime: TimeInterval
    /// How long an authorization code lives (Salesforce: 15 minutes).
    let codeLifetime: TimeInterval = 15 * 60
    /// Wrong passwords per username, for the lockout.
    let attempts = LoginAttempts()
    /// Whether every app rotates its refresh tokens, whatever its own setting says.
    let rotatesAllRefreshTokens: Bool

    init(store: OrgStore, settings: OrgSettings, tokenLifetime: TimeInterval, rotatesAllRefreshTokens: Bool = false) {
        self.store = store
        self.settings = settings
        self.tokenLifetime = tokenLifetime
        self.rotatesAllRefreshTokens = rotatesAllRefreshTokens
    }

    private var nowMilliseconds: Int64 { store.clock().millisecondsSince1970 }

    func app(clientID: String) -> ConnectedApp? {
        settings.connectedApps.first { $0.consumerKey == clientID }
    }

    /// What checking a username and password found.
    enum Authentication {
        /// The password is the user's.
        case user(String)
        /// No such active user, or a wrong password.
        case failed
        /// Too many wrong passwords in a row: the username is locked out for a while, whatever
        /// the password (see ``LoginAttempts``).
        case lockedOut
    }

    /// Checks a username and password, counting wrong ones towards a lockout.
    func authenticate(username: String, password: String) async -> Authentication {
        let now = store.clock()
        guard !attempts.isLockedOut(username, now: now) else { return .lockedOut }
        guard let userID = await checkPassword(username: username, password: password) else {
            attempts.recordFailure(username, now: now)
            return .failed
        }
        attempts.recordSuccess(username)
        return .user(userID)
    }

    /// The username of an active user, or nil.
    func username(of userID: String) async -> String? {
        try? await store.read { db in
            try String.fetchOne(
                db, sql: #"SELECT "Username" FROM "User" WHERE "Id" = ? AND "IsDeleted" = 0 AND "IsActive" = 1"#, arguments: [userID])
        }
    }

    /// The user id for a username and password, or nil.
    func checkPassword(username: String, password: String) async -> String? {
        let found = try? await store.read { db -> (String, String, String)? in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT u."Id", c.salt, c.password_hash FROM "User" u JOIN lo_credential c ON c.user_id = u."Id"
                        WHERE u."Username" = ? COLLATE NOCASE AND u."IsDeleted" = 0 AND u."IsActive" = 1
                        """, arguments: [username])
            else { return nil }
            return (row[0], row[1], row[2])
        }
        guard let (userID, salt, hash) = found ?? nil, PasswordHash.hash(password, salt: salt) == hash else { return nil }
        return userID
    }

    /// Sets a user's password.
    func setPassword(_ password: String, userID: String) async throws(APIError) {
        try await store.write { db in try PasswordHash.store(password, userID: userID, db: db) }
    }

    /// The scopes granted for a request: those asked for (all the app's when none), each of
    /// which the app must have.
    func grantedScope(requested: String?, app: ConnectedApp) throws(OAuthError) -> [String] {
        let asked = (requested ?? "").split(atScalars: [" ", "+", ","])
        guard !asked.isEmpty else { return app.scopes }
        var granted: [String] = []
        for scope in asked where !granted.contains(scope) {
            let known =
                scope == "offline_access" ? app.scopes.contains("refresh_token") : app.scopes.contains(scope) || app.scopes.contains("full")
            guard known else { throw OAuthError("invalid_scope", "the requested scope is not allowed") }
            granted.append(scope)
        }
        return granted
    }

    // MARK: - Issuing

    func issue(
        userID: String, clientID: String, scope: [String], refreshToken existing: String? = nil, withRefreshToken: Bool,
        networkID: String? = nil, family: String? = nil
    ) async throws(APIError) -> TokenGrant {
        let issuedAt = nowMilliseconds
        let access = String(settings.organizationID.prefix(15)) + "!" + RandomText.make(length: 96, alphabet: RandomText.tokenAlphabet)
        let refresh = withRefreshToken && existing == nil ? "5Aep" + RandomText.make(length: 83, alphabet: RandomText.tokenAlphabet) : nil
        let scopeText = scope.joined(separator: " ")
        let expires = issuedAt + Int64(tokenLifetime * 1000)
        let refreshDigest = (refresh ?? existing).map(PasswordHash.digest(ofToken:))
        try await store.write { db in
            if let refresh {
                try db.execute(
                    sql: """
                        INSERT INTO lo_refresh_token(token, user_id, client_id, scope, issued_at, network_id, family)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        PasswordHash.digest(ofToken: refresh), userID, clientID, scopeText, issuedAt, networkID,
                        family ?? PasswordHash.digest(ofToken: refresh),
                    ])
            }
            try db.execute(
                sql: """
                    INSERT INTO lo_access_token(token, user_id, client_id, scope, issued_at, expires_at, refresh_token, network_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [PasswordHash.digest(ofToken: access), userID, clientID, scopeText, issuedAt, expires, refreshDigest, networkID])
        }
        return TokenGrant(
            accessToken: access, refreshToken: refresh, scope: scopeText, userID: userID, issuedAt: issuedAt, clientID: clientID,
            networkID: networkID)
    }

    /// Keeps a single-use authorization code for the web-server flow.
    func makeCode(
        userID: String, clientID: String, redirectURI: String, scope: [String], codeChallenge: String?, networkID: String?,
        nonce: String? = nil
    ) async throws(APIError) -> String {
        let code = "aPrx" + RandomText.make(length: 60, alphabet: RandomText.tokenAlphabet)
        let expires = nowMilliseconds + Int64(codeLifetime * 1000)
        try await store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO lo_authorization_code(
                        code, user_id, client_id, redirect_uri, scope, code_challenge, expires_at, network_id, nonce)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    PasswordHash.digest(ofToken: code), userID, clientID, redirectURI, scope.joined(separator: " "), codeChallenge, expires,
                    networkID, nonce,
                ])
        }
        return code
    }

    // MARK: - Grants

    /// A code's tokens; the code must be redeemed where it was issued (`networkID`, the site).
    func exchange(
        code: String, clientID: String, redirectURI: String?, codeVerifier: String?, clientSecret: String?, networkID: String?
    ) async throws -> TokenGrant {
        guard let app = app(clientID: clientID) else { throw OAuthError.invalidClientID }
        if app.requireSecretForWebServerFlow || clientSecret != nil {
            guard let secret = app.consumerSecret, clientSecret == secret else {
                throw OAuthError("invalid_client", "invalid client credentials")
            }
        }
        // The code is deleted as it is read, so a second use finds nothing, whatever else fails.
        let codeDigest = PasswordHash.digest(ofToken: code)
        let stored = try await store.write { db -> (String, String, String, String, String?, Int64, String?, String?)? in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT user_id, client_id, redirect_uri, scope, code_challenge, expires_at, network_id, nonce
                        FROM lo_authorization_code
                        WHERE code = ?
                        """, arguments: [codeDigest])
            else { return nil }
            try db.execute(sql: "DELETE FROM lo_authorization_code WHERE code = ?", arguments: [codeDigest])
            return (row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7])
        }
        guard let (userID, codeClient, codeRedirect, scope, challenge, expires, codeNetwork, nonce) = stored else {
            // A code used before: someone else may hold it, so the tokens it gave are revoked
            // (RFC 6749 §4.1.2).
            try await revokeTokens(ofUsedCode: codeDigest)
            throw OAuthError.invalidCode
        }
        guard codeClient == clientID, expires > nowMilliseconds, codeNetwork == networkID else { throw OAuthError.invalidCode }
        // The redirect URI the code was issued for must come with it (RFC 6749 §4.1.3).
        guard redirectURI == codeRedirect else {
            throw OAuthError("redirect_uri_mismatch", "redirect_uri must match configuration")
        }
        if let challenge {
            guard let codeVerifier, PasswordHash.pkceChallenge(of: codeVerifier) == challenge else {
                throw OAuthError("invalid_grant", "invalid code verifier")
            }
        } else if codeVerifier != nil {
            // A verifier for a code issued without a challenge proves nothing: refuse it (RFC 9700 §2.1.1),
            // so a code injected into a PKCE client's flow cannot be exchanged there.
            throw OAuthError("invalid_grant", "code_verifier given for a code issued without code_challenge")
        }
        let scopes = scope.split(atScalars: [" "])
        var issued = try await issue(
            userID: userID, clientID: clientID, scope: scopes, withRefreshToken: grantsRefresh(scopes), networkID: networkID)
        issued.nonce = nonce
        let grant = issued
        try await store.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO lo_used_code(code, access_token, refresh_token, expires_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    codeDigest, PasswordHash.digest(ofToken: grant.accessToken), grant.refreshToken.map(PasswordHash.digest(ofToken:)),
                    expires,
                ])
        }
        return grant
    }

    /// Revokes what a used code was exchanged for, once: the record goes with it.
    private func revokeTokens(ofUsedCode codeDigest: String) async throws(APIError) {
        try await store.write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT access_token, refresh_token FROM lo_used_code WHERE code = ?", arguments: [codeDigest])
            else { return }
            let access: String = row[0]
            let refresh: String? = row[1]
            try db.execute(sql: "DELETE FROM lo_used_code WHERE code = ?", arguments: [codeDigest])
            try db.execute(sql: "DELETE FROM lo_access_token WHERE token = ?", arguments: [access])
            if let refresh {
                try db.execute(sql: "DELETE FROM lo_refresh_token WHERE token = ?", arguments: [refresh])
                try db.execute(sql: "DELETE FROM lo_access_token WHERE refresh_token = ?", arguments: [refresh])
            }
        }
    }

    /// New tokens for a refresh token, which works only where it was issued (`networkID`, the site).
    func refresh(token: String, clientID: String, clientSecret: String?, networkID: String?) async throws -> TokenGrant {
        guard let app = app(clientID: clientID) else { throw OAuthError.invalidClientID }
        if let clientSecret, clientSecret != app.consumerSecret { throw OAuthError("invalid_client", "invalid client credentials") }
        let rotates = rotatesAllRefreshTokens || app.rotatesRefreshTokens
        let digest = PasswordHash.digest(ofToken: token)
        let stored = try await store.read { db -> (String, String, String, String?, String)? in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT user_id, client_id, scope, network_id, family FROM lo_refresh_token WHERE token = ?",
                    arguments: [digest])
            else {
                return nil
            }
            return (row[0], row[1], row[2], row[3], row[4] ?? digest)
        }
        guard let (userID, tokenClient, scope, tokenNetwork, family) = stored else {
            try await revokeFamily(ifSpent: digest)
            throw OAuthError.expiredToken
        }
        guard tokenClient == clientID, tokenNetwork == networkID, await username(of: userID) != nil else {
            // Another app's, another site's, or its user deactivated: a deactivated user's
            // refresh tokens are dead.
            throw OAuthError.expiredToken
        }
        if rotates {
            // Under rotation a refresh token works once: of two refreshes with it, only the one
            // whose delete takes it goes on; the token is remembered as spent, with its family.
            let now = nowMilliseconds
            let taken = try await store.write { db -> Int in
                try db.execute(sql: "DELETE FROM lo_refresh_token WHERE token = ?", arguments: [digest])
                let taken = db.changesCount
                if taken == 1 {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO lo_spent_refresh_token(token, family, spent_at) VALUES (?, ?, ?)",
                        arguments: [digest, family, now])
                }
                return taken
            }
            guard taken == 1 else {
                try await revokeFamily(ifSpent: digest)
                throw OAuthError.expiredToken
            }
        }
        return try await issue(
            userID: userID, clientID: clientID, scope: scope.split(atScalars: [" "]),
            refreshToken: rotates ? nil : token, withRefreshToken: rotates, networkID: networkID, family: family)
    }

    /// A spent refresh token presented again means two parties hold it, and the server cannot
    /// tell which is the user: it revokes the token's whole family, the refresh token in use
    /// and every access token the family issued (RFC 9700 §4.14.2, as Salesforce's one-time-use
    /// refresh tokens do). Nothing happens for a token that was never spent.
    private func revokeFamily(ifSpent digest: String) async throws(APIError) {
        try await store.write { db in
            guard
                let family = try String.fetchOne(db, sql: "SELECT family FROM lo_spent_refresh_token WHERE token = ?", arguments: [digest])
            else { return }
            try db.execute(
                sql: """
                    DELETE FROM lo_access_token WHERE refresh_token IN (
                        SELECT token FROM lo_refresh_token WHERE family = ?1 UNION SELECT token FROM lo_spent_refresh_token WHERE family = ?1)
                    """,
                arguments: [family])
            try db.execute(sql: "DELETE FROM lo_refresh_token WHERE family = ?", arguments: [family])
        }
        Logger.forceKit("localorg").warning("A spent refresh token was presented again: its family of tokens is revoked.")
    }

    /// The password flow at the internal org, or at a site (`networkID`) the user belongs to.
    func password(username: String, password: String, clientID: String, clientSecret: String?, scope: String?, networkID: String?)
        async throws -> TokenGrant
    {
        guard let app = app(clientID: clientID) else { throw OAuthError.invalidClientID }
        if let secret = app.consumerSecret, clientSecret != secret { throw OAuthError("invalid_client", "invalid client credentials") }
        guard case .user(let userID) = await authenticate(username: username, password: password),
            await mayLogIn(userID: userID, at: networkID)
        else {
            throw OAuthError.authenticationFailure
        }
        let scopes = try grantedScope(requested: scope, app: app)
        return try await issue(userID: userID, clientID: clientID, scope: scopes, withRefreshToken: false, networkID: networkID)
    }

    private func grantsRefresh(_ scopes: [String]) -> Bool {
        scopes.contains("refresh_token") || scopes.contains("offline_access")
    }

    // MARK: - Checking and revoking

    /// Forgets expired access tokens and authorization codes, so a data directory used for
    /// months does not keep every token it ever issued. Run at start-up.
    func purgeExpired() async throws(APIError) {
        let now = nowMilliseconds
        try await store.write { db in
            try db.execute(sql: "DELETE FROM lo_access_token WHERE expires_at <= ?", arguments: [now])
            try db.execute(sql: "DELETE FROM lo_authorization_code WHERE expires_at <= ?", arguments: [now])
            try db.execute(sql: "DELETE FROM lo_used_code WHERE expires_at <= ?", arguments: [now])
            // A spent token matters while its family lives: replayed after that, it revokes nothing.
            try db.execute(
                sql: "DELETE FROM lo_spent_refresh_token WHERE family NOT IN (SELECT family FROM lo_refresh_token WHERE family IS NOT NULL)"
            )
        }
    }

    /// The session of a bearer token, or the 401 INVALID_SESSION_ID error. A deactivated user's
    /// tokens stop working at once, as Salesforce ends a deactivated user's sessions.
    package func session(accessToken: String) async throws(APIError) -> Session {
        let digest = PasswordHash.digest(ofToken: accessToken)
        let now = nowMilliseconds
        let found = try await store.read { db -> Session? in
            guard let row = try Row.fetchOne(Self.liveToken(db), arguments: [digest, now]) else { return nil }
            return Session(userID: row[0], clientID: row[1], scope: row[2], accessToken: accessToken, networkID: row[3])
        }
        guard let found else { throw APIError.invalidSession }
        return found
    }

    /// When an access token was issued and when it expires, in milliseconds since 1970.
    func issuedAt(accessToken: String) async -> (issued: Int64, expires: Int64)? {
        let digest = PasswordHash.digest(ofToken: accessToken)
        return try? await store.read { db -> (Int64, Int64)? in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT issued_at, expires_at FROM lo_access_token WHERE token = ?", arguments: [digest])
            else { return nil }
            return (row[0], row[1])
        }
    }

    /// Whether the access token with this digest is live: known, unexpired, its user active. A
    /// browser session that `frontdoor.jsp` opened from it lives only as long.
    func isLive(accessTokenDigest digest: String) async -> Bool {
        let now = nowMilliseconds
        return (try? await store.read { db in try Row.fetchOne(Self.liveToken(db), arguments: [digest, now]) != nil }) ?? false
    }

    /// An unexpired access token by digest, with its active user: user, client, scope and site.
    private static func liveToken(_ db: Database) throws -> Statement {
        try CachedSQL.statement(
            """
            SELECT t.user_id, t.client_id, t.scope, t.network_id FROM lo_access_token t JOIN "User" u ON u."Id" = t.user_id
            WHERE t.token = ? AND t.expires_at > ? AND u."IsActive" = 1 AND u."IsDeleted" = 0
            """, db)
    }

    /// Revokes one access token by its digest (a browser session's own, at logout).
    func revoke(accessTokenDigest digest: String) async throws(APIError) {
        try await store.write { db in try db.execute(sql: "DELETE FROM lo_access_token WHERE token = ?", arguments: [digest]) }
    }

    /// Revokes a refresh token (and every access token issued from it) or one access token.
    /// - Returns: Whether the token was known.
    func revoke(token plain: String) async throws(APIError) -> Bool {
        let token = PasswordHash.digest(ofToken: plain)
        return try await store.write { db in
            try db.execute(sql: "DELETE FROM lo_refresh_token WHERE token = ?", arguments: [token])
            var changed = db.changesCount
            try db.execute(sql: "DELETE FROM lo_access_token WHERE token = ? OR refresh_token = ?", arguments: [token, token])
            changed += db.changesCount
            return changed > 0
        }
    }
}
