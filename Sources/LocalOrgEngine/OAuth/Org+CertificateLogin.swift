import GRDB

/// Certificate-based login: the user a valid client certificate names.
extension Org {
    /// The active user whose username (in any case) or federation id is one of `names`, tried in
    /// order, as Salesforce maps a user authentication certificate to a user.
    func certificateUser(names: [String]) async -> (id: String, username: String)? {
        for name in names where !name.isEmpty {
            let found = try? await store.read { db -> (String, String)? in
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT "Id", "Username" FROM "User" WHERE "IsDeleted" = 0 AND "IsActive" = 1
                            AND ("Username" = ? COLLATE NOCASE OR "FederationIdentifier" = ?) ORDER BY "Username" = ? COLLATE NOCASE DESC LIMIT 1
                            """, arguments: [name, name, name])
                else { return nil }
                return (row[0], row[1])
            }
            if let user = found ?? nil { return user }
        }
        return nil
    }

    /// The login page's message when a certificate-based login fails.
    static func certificateRefusal(_ presented: PresentedCertificate) -> String {
        switch presented {
        case .none:
            "No certificate was presented. Choose your user authentication certificate when the browser asks, or log in with your username and password."
        case .refused(let reason):
            "Your certificate can't be used to log in: \(reason). Ask your Salesforce admin for a new user authentication certificate."
        case .valid(let names):
            "No active user matches your certificate (it names \(names.isEmpty ? "no username" : names.joined(separator: ", "))). Ask your Salesforce admin to set your username or federation ID to match it."
        }
    }

    /// The login page's message when a password arrives where a certificate is required by
    /// `requirer` (the app's name, or "This org").
    static func certificateRequired(_ requirer: String) -> String {
        "\(requirer) requires certificate-based login: choose Certificate-Based Login and your user authentication certificate."
    }
}
