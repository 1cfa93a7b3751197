import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceCore

/// `com.salesforce.oauth`: the signed-in user's credentials, a login, a logout.
struct OAuthService: BridgeService {
    static let serviceNames = ["com.salesforce.oauth"]
    let context: BridgeContext

    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON {
        switch action {
        case "getAuthCredentials":
            guard let user = await context.app.currentUser, user.credentials.accessToken != nil else {
                throw BridgeFailure("Not authenticated")
            }
            return Self.credentials(of: user)
        case "authenticate":
            if let user = await context.app.currentUser { return Self.credentials(of: user) }
            guard let browser = context.browser else {
                throw BridgeFailure("No user is logged in, and this bridge cannot show a login page: log in first (forcekit login).")
            }
            return Self.credentials(of: try await context.app.logIn(at: context.loginHost, using: browser))
        case "logoutCurrentUser":
            await context.app.logOut()
            return .null
        case "getAppHomeUrl":
            return .string(context.info.homeURL)
        default:
            throw unknown(action)
        }
    }

    /// A user's credentials as the SDK's `getAuthCredentials` answers them.
    static func credentials(of user: UserAccount) -> JSON {
        let credentials = user.credentials
        var object: [String: JSON] = [
            "accessToken": credentials.accessToken.map(JSON.string) ?? .null,
            "refreshToken": credentials.refreshToken.map(JSON.string) ?? .null, "clientId": .string(credentials.clientID),
            "userId": .string(user.identity.userID.id18), "orgId": .string(user.identity.orgID.id18),
            "loginUrl": .string(credentials.loginHost.baseURL), "instanceUrl": .string(credentials.instanceURL.absoluteString),
            "userAgent": .string(AppFeatures.userAgent),
        ]
        object["communityId"] = user.identity.communityID.map { .string($0.id18) } ?? .null
        object["communityUrl"] = credentials.communityURL.map { .string($0.absoluteString) } ?? .null
        return .object(object)
    }
}
