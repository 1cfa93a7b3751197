import Foundation
import GRDB
package import SalesforceCore

extension Org {
    /// Adds an active user who logs in with `username` and `password`, as an admin does in Setup:
    /// a second user for tests and demos of multi-user apps and the identity-provider handoff.
    /// - Throws: ``APIError`` when the username is taken (DUPLICATE_USERNAME) or a field is invalid.
    package func addUser(username: String, password: String, firstName: String, lastName: String) async throws(APIError) -> UserIdentity {
        let taken = try await store.read { db in
            try Int.fetchOne(db, sql: #"SELECT COUNT(*) FROM "User" WHERE "Username" = ? COLLATE NOCASE"#, arguments: [username]) ?? 0
        }
        guard taken == 0 else {
            throw APIError(status: 400, errorCode: "DUPLICATE_USERNAME", message: "Duplicate Username: \(username) is already taken.")
        }
        let alias = String((firstName.prefix(1) + lastName).lowercased().prefix(8))
        let userID = try await store.create(
            "User",
            fields: [
                "Username": .string(username), "FirstName": .string(firstName), "LastName": .string(lastName),
                "Alias": .string(alias), "Email": .string(username),
            ], as: defaultUser.userID.id18)
        try await oauth.setPassword(password, userID: userID)
        guard let identity = try? UserIdentity(orgID: settings.organizationID, userID: userID) else {
            throw APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "The new user's id \(userID) is not valid.")
        }
        return identity
    }
}
