import Crypto
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import Testing

@Suite("Logins and accounts against LocalOrg")
struct AccountManagerTests {
    @Test("The web-server flow with PKCE logs in: tokens, identity, the org's mobile policy")
    func webServerLogin() async throws {
        try await withLocalOrg { org throws in
            let manager = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            let account = try await manager.logIn(at: org.loginHost, using: org.browser)
            #expect(account.credentials.refreshToken != nil && account.credentials.accessToken != nil)
            #expect(account.credentials.instanceURL.absoluteString == org.credentials.instanceURL)
            #expect(account.identity == org.credentials.user)
            #expect(account.username == org.credentials.username)
            #expect(account.identityData?.mobilePolicy == MobilePolicy(pinLength: 4, screenLockMinutes: 10))
            #expect(await manager.passcodePolicy == PasscodePolicy(pinLength: 4, lockTimeout: .seconds(600)))
            #expect(await manager.currentAccount?.identity == account.identity)
            #expect(!account.description.contains(account.credentials.accessToken!))
        }
    }

    @Test("The user-agent flow returns tokens in the fragment")
    func userAgentLogin() async throws {
        try await withLocalOrg { org throws in
            let credentials = try await org.oauthClient().logIn(at: org.loginHost, flow: .userAgent, using: org.browser)
            #expect(credentials.refreshToken != nil)
            #expect(credentials.issuedAt != nil)
            #expect(credentials.scopes.contains("refresh_token"))
        }
    }

    @Test("A code exchanged with the wrong PKCE verifier is refused, and the code is spent")
    func pkceMismatch() async throws {
        try await withLocalOrg { org throws in
            let oauth = org.oauthClient()
            let login = try oauth.authorizationRequest(flow: .webServer, loginHost: org.loginHost)
            let callback = try await org.browser.authenticate(url: login.url, redirectURI: oauth.redirectURI)
            guard case .code(let code) = try login.parseCallback(callback) else {
                Issue.record("expected a code")
                return
            }
            let wrong = await #expect(throws: SalesforceAuth.OAuthError.self) {
                try await oauth.exchange(code: code, verifier: PKCE().verifier, loginHost: org.loginHost)
            }
            #expect(wrong?.kind == .invalidGrant && wrong?.status == 400)
            // A spent code: `catch` names the kind, as it names every ForceKit error's code.
            do {
                _ = try await oauth.exchange(code: code, verifier: login.pkce!.verifier, loginHost: org.loginHost)
                Issue.record("A spent code must be refused")
            } catch SalesforceAuth.OAuthError.Kind.invalidGrant {
            } catch {
                Issue.record("Expected invalid_grant, got \(error)")
            }
        }
    }

    @Test("A callback carrying another login's state is refused before any code is exchanged")
    func stateMismatch() async throws {
        try await withLocalOrg { org throws in
            let oauth = org.oauthClient()
            let mine = try oauth.authorizationRequest(loginHost: org.loginHost)
            let other = try oauth.authorizationRequest(loginHost: org.loginHost)
            let otherCallback = try await org.browser.authenticate(url: other.url, redirectURI: oauth.redirectURI)
            let error = await #expect(throws: SalesforceAuth.OAuthError.self) {
                try await oauth.completeLogin(mine, callbackURL: otherCallback)
            }
            #expect(error?.kind == .stateMismatch)
            // The code was not spent by the refused callback: its own login still completes.
            let credentials = try await oauth.completeLogin(other, callbackURL: otherCallback)
            #expect(credentials.accessToken != nil)
        }
    }

    @Test("A user who denies access gets access_denied")
    func denied() async throws {
        try await withLocalOrg { org throws in
            let browser = SimulatedBrowser(username: org.credentials.username, password: org.credentials.password, allowsAccess: false)
            let error = await #expect(throws: SalesforceAuth.OAuthError.self) {
                try await org.oauthClient().logIn(at: org.loginHost, using: browser)
            }
            #expect(error?.kind == .accessDenied)
        }
    }

    @Test("The password flow logs in (for tools); a wrong password is invalid_grant")
    func passwordFlow() async throws {
        try await withLocalOrg { org throws in
            let oauth = org.oauthClient()
            let credentials = try await oauth.logIn(
                username: org.credentials.username, password: org.credentials.password, at: org.loginHost)
            #expect(credentials.accessToken != nil && credentials.refreshToken == nil)
            let error = await #expect(throws: SalesforceAuth.OAuthError.self) {
                try await oauth.logIn(username: org.credentials.username, password: "wrong", at: org.loginHost)
            }
            #expect(error?.kind == .invalidGrant)
        }
    }

    @Test("Refresh gets a new access token and keeps the refresh token; revoke makes it invalid_grant")
    func refreshAndRevoke() async throws {
        try await withLocalOrg { org throws in
            let oauth = org.oauthClient()
            let credentials = try await org.logIn()
            let refreshed = try await oauth.refresh(credentials)
            #expect(refreshed.accessToken != credentials.accessToken)
            #expect(refreshed.refreshToken == credentials.refreshToken)
            try await oauth.revoke(token: credentials.refreshToken!, at: org.loginHost)
            let error = await #expect(throws: SalesforceAuth.OAuthError.self) { try await oauth.refresh(credentials) }
            #expect(error?.isRefreshTokenInvalid == true)
            // The access tokens went with it.
            await #expect(throws: IdentityError.badOAuthToken) { try await oauth.identity(for: refreshed) }
        }
    }

    @Test("Accounts are stored encrypted: no token, username or id appears in any file, and they load back")
    func encryptedAtRest() async throws {
        try await withLocalOrg { org throws in
            try await withTemporaryDirectory { directory throws in
                let keys = FileKeyStore(directory: directory.appendingPathComponent("keys"))
                let accountsFolder = directory.appendingPathComponent("accounts")
                let manager = try await UserAccountManager(directory: accountsFolder, keyStore: keys, oauth: org.oauthClient())
                let account = try await manager.logIn(at: org.loginHost, using: org.browser)
                let secrets = [account.credentials.accessToken!, account.credentials.refreshToken!, org.credentials.username]
                let files = FileManager.default.enumerator(at: accountsFolder, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
                    .filter { !$0.hasDirectoryPath }
                #expect(files.count == 2)
                for file in files {
                    let bytes = try Data(contentsOf: file)
                    for secret in secrets { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.lastPathComponent) holds a secret") }
                    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
                    #expect(mode == 0o600)
                }
                let keyFile = keys.file(for: "com.salesforce.userAccount.encryptionKey")
                #expect(try FileManager.default.attributesOfItem(atPath: keyFile.path)[.posixPermissions] as? Int == 0o600)

                let reloaded = try await UserAccountManager(directory: accountsFolder, keyStore: keys, oauth: org.oauthClient())
                #expect(await reloaded.accounts == [account])
                #expect(await reloaded.currentAccount?.identity == account.identity)

                // Another key cannot read them: the accounts are skipped, and their files kept.
                let otherKeys = FileKeyStore(directory: directory.appendingPathComponent("other-keys"))
                _ = try await otherKeys.key(for: "com.salesforce.userAccount.encryptionKey")
                let locked = try await UserAccountManager(directory: accountsFolder, keyStore: otherKeys, oauth: org.oauthClient())
                #expect(await locked.accounts.isEmpty)
                #expect(await locked.unreadableAccountFiles.count == 1)
                #expect(FileManager.default.fileExists(atPath: files.first { $0.lastPathComponent == "account.sealed" }!.path))
            }
        }
    }

    @Test("Logging in again replaces the account; logging out revokes the token, clears the current user and publishes events in order")
    func multiUser() async throws {
        try await withLocalOrg { org throws in
            let manager = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            let events = manager.events()
            let first = try await manager.logIn(at: org.loginHost, using: org.browser)
            let second = try await manager.logIn(at: org.loginHost, using: org.browser)
            // The same user logging in again replaces the account rather than adding one.
            #expect(await manager.accounts.count == 1)
            #expect(first.identity == second.identity)
            #expect(await manager.account(named: org.credentials.username) != nil)
            #expect(await manager.account(named: first.identity.userID.id15) != nil)
            #expect(await manager.account(named: first.identity.userID.id18) != nil)
            #expect(
                await manager.account(for: try UserIdentity(orgID: first.identity.orgID.id15, userID: first.identity.userID.id15)) != nil)

            await manager.logOut(second.identity)
            #expect(await manager.accounts.isEmpty)
            #expect(await manager.currentAccount == nil)
            let refusal = await #expect(throws: SalesforceAuth.OAuthError.self) { try await org.oauthClient().refresh(second.credentials) }
            #expect(refusal?.kind == .invalidGrant)

            var seen: [AccountEvent] = []
            for await event in events {
                seen.append(event)
                if case .orgDidLogOut = event { break }
            }
            let id = first.identity
            #expect(
                seen == [
                    .willLogIn(id), .willSwitch(from: nil, to: id), .didSwitch(from: nil, to: id), .didLogIn(id),
                    .willLogIn(id), .didLogIn(id), .willLogOut(id), .willSwitch(from: id, to: nil), .didSwitch(from: id, to: nil),
                    .didLogOut(id), .orgDidLogOut(orgID: id.orgID),
                ])
        }
    }

    @Test("A refused refresh token logs the user out through the manager, with refreshTokenRevoked first")
    func revokedRefreshLogsOut() async throws {
        try await withLocalOrg { org throws in
            let manager = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            let account = try await manager.logIn(at: org.loginHost, using: org.browser)
            let events = manager.events()
            try await org.oauthClient().revoke(token: account.credentials.refreshToken!, at: org.loginHost)
            let error = await #expect(throws: SalesforceAuth.OAuthError.self) {
                try await manager.refreshedCredentials(for: account.credentials)
            }
            #expect(error?.kind == .invalidGrant)
            #expect(await manager.accounts.isEmpty)
            var iterator = events.makeAsyncIterator()
            #expect(await iterator.next() == .refreshTokenRevoked(account.identity))
            #expect(await iterator.next() == .willLogOut(account.identity))
        }
    }

    @Test("A password-flow account has no refresh token: when its token expires it stays, and only a new login helps")
    func passwordAccountExpires() async throws {
        try await withLocalOrg(tokenLifetime: 60) { org throws in
            let manager = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            let account = try await manager.logIn(username: org.credentials.username, password: org.credentials.password, at: org.loginHost)
            #expect(account.credentials.refreshToken == nil)
            org.clock.advance(by: 120)
            let error = await #expect(throws: SalesforceAuth.OAuthError.self) {
                try await manager.refreshedCredentials(for: account.credentials)
            }
            #expect(error?.kind == .noRefreshToken && error?.isRefreshTokenInvalid == false)
            #expect(error?.recoverySuggestion?.hasPrefix("Log in again.") == true)
            #expect(await manager.accounts == [account])
            #expect(await manager.currentAccount == account)
        }
    }

    @Test("A refreshed token that cannot be saved still works, and saveFailed says so before didRefresh")
    func refreshSaveFailure() async throws {
        try await withLocalOrg { org throws in
            try await withTemporaryDirectory { directory throws in
                let keys = FailingKeyStore()
                let manager = try await UserAccountManager(directory: directory, keyStore: keys, oauth: org.oauthClient())
                let account = try await manager.logIn(at: org.loginHost, using: org.browser)
                let events = manager.events()
                keys.failing.withLock { $0 = true }
                let refreshed = try await manager.refreshedCredentials(for: account.credentials)
                #expect(refreshed.accessToken != account.credentials.accessToken)
                #expect(await manager.currentAccount?.credentials == refreshed)
                var seen: [AccountEvent] = []
                for await event in events {
                    seen.append(event)
                    if case .didRefresh = event { break }
                }
                #expect(seen.count == 2, "\(seen)")
                guard case .saveFailed(let identity, let error) = seen.first else {
                    Issue.record("expected saveFailed before didRefresh, got \(seen)")
                    return
                }
                #expect(identity == account.identity)
                #expect(error.message.hasPrefix("The accounts' encryption key is unavailable."))
            }
        }
    }
}

/// A key store that fails when a test says so, to see what happens when keys are unavailable.
final class FailingKeyStore: KeyStore {
    let failing = Locked(false)
    private let keys = InMemoryKeyStore()

    func key(for label: String) async throws(KeyStoreError) -> SymmetricKey {
        if failing.current { throw .unreadable(label: label, reason: "the test made the key store fail") }
        return await keys.key(for: label)
    }

    func existingKey(for label: String) async throws(KeyStoreError) -> SymmetricKey? {
        if failing.current { throw .unreadable(label: label, reason: "the test made the key store fail") }
        return await keys.existingKey(for: label)
    }

    func removeKey(for label: String) async throws(KeyStoreError) {
        await keys.removeKey(for: label)
    }
}
