import ForceKitTesting
import LocalOrg
import SalesforceAuth
import Testing

@Suite("The SalesforceAuth DocC example")
struct AuthDocumentationExampleTests {
    @Test("The password-flow example logs in and reads the identity it says")
    func example() async throws {
        try await withLocalOrg { org throws in
            let (clientId, redirectUri, username, password, instanceUrl) = (
                org.credentials.clientID, org.credentials.redirectURI,
                org.credentials.username, org.credentials.password, org.credentials.instanceURL
            )
            let oauth = OAuthClient(consumerKey: clientId, redirectURI: redirectUri, scopes: ["api"])
            let credentials = try await oauth.logIn(username: username, password: password, at: LoginHost(instanceUrl)!)
            let identity = try await oauth.identity(for: credentials)
            #expect(identity.username == "admin@localorg.test")
        }
    }
}
