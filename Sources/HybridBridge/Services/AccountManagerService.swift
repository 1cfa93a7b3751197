import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceCore

/// `com.salesforce.sfaccountmanager`: the signed-in users, switching between them, logging one out.
struct AccountManagerService: BridgeService {
    static let serviceNames = ["com.salesforce.sfaccountmanager"]
    let context: BridgeContext

    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON {
        switch action {
        case "getUsers":
            return .array(await context.app.accounts.accounts.map(Self.user))
        case "getCurrentUser":
            return await context.app.currentUser.map(Self.user) ?? .null
        case "switchToUser":
            guard let identity = try await identity(arguments) else {
                throw BridgeFailure("Say which user to switch to: give the user's userId and orgId, as getUsers lists them.")
            }
            try await context.app.switchTo(identity)
            return await context.app.currentUser.map(Self.user) ?? .null
        case "logout":
            // No user named: the current one, as the SDK does.
            await context.app.logOut(try await identity(arguments))
            return .null
        default:
            throw unknown(action)
        }
    }

    /// The signed-in user `{"userId", "orgId"}` names, or nil when the arguments name none.
    private func identity(_ arguments: BridgeArguments) async throws -> UserIdentity? {
        guard let userID = arguments.string("userId"), let orgID = arguments.string("orgId") else { return nil }
        let named = await context.app.accounts.accounts.first { account in
            account.identity.userID.id15 == String(userID.prefix(15)) && account.identity.orgID.id15 == String(orgID.prefix(15))
        }
        guard let named else { throw BridgeFailure("No signed-in user has the id \(userID) in the org \(orgID).") }
        return named.identity
    }

    /// A user as the SDK's account manager plugin describes one.
    static func user(_ account: UserAccount) -> JSON {
        let credentials = account.credentials
        var object: [String: JSON] = [
            "authToken": credentials.accessToken.map(JSON.string) ?? .null,
            "refreshToken": credentials.refreshToken.map(JSON.string) ?? .null,
            "loginServer": .string(credentials.loginHost.baseURL), "idUrl": .string(credentials.identityURL.absoluteString),
            "instanceServer": .string(credentials.instanceURL.absoluteString), "orgId": .string(account.identity.orgID.id18),
            "userId": .string(account.identity.userID.id18), "username": account.username.map(JSON.string) ?? .null,
            "clientId": .string(credentials.clientID),
        ]
        if let community = account.identity.communityID { object["communityId"] = .string(community.id18) }
        if let url = credentials.communityURL { object["communityUrl"] = .string(url.absoluteString) }
        return .object(object)
    }
}
