import ForceKitTesting
import Foundation
import IdentityProvider
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("SimulatedBrowser with a user's credentials")
struct SimulatedBrowserTests {
    @Test("types the username and password at the login page, allows access, and the app gets tokens through PKCE")
    func logsInAtThePages() async throws {
        try await withLocalOrg { org in
            let browser = SimulatedBrowser(username: org.credentials.username, password: org.credentials.password)
            let credentials = try await org.oauthClient().logIn(at: org.loginHost, using: browser)
            #expect(credentials.identity == org.credentials.user)
            #expect(credentials.refreshToken != nil)
        }
    }

    @Test("a wrong password is named as such, not as a redirect loop")
    func wrongPassword() async throws {
        try await withLocalOrg { org in
            let browser = SimulatedBrowser(username: org.credentials.username, password: "not-the-password")
            let error = await #expect(throws: OAuthError.self) { try await org.oauthClient().logIn(at: org.loginHost, using: browser) }
            #expect(
                error?.message.contains("refused the username and password of \(org.credentials.username)") == true,
                "\(String(describing: error))")
        }
    }

    @Test("a denied consent ends the login with access_denied")
    func deniedConsent() async throws {
        try await withLocalOrg { org in
            let browser = SimulatedBrowser(username: org.credentials.username, password: org.credentials.password, allowsAccess: false)
            await #expect(throws: OAuthError.self) { try await org.oauthClient().logIn(at: org.loginHost, using: browser) }
        }
    }
}
