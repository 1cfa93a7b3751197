import GRDB
package import SalesforceCore

/// Experience Cloud sites: who may log in where, and the URLs a site's tokens name.
extension Org {
    /// The site served under `prefix` (any case), if any.
    package func site(pathPrefix prefix: String) -> ExperienceSite? {
        settings.sites.first { $0.urlPathPrefix.lowercased() == prefix.lowercased() }
    }

    /// The site with this network id, if any.
    package func site(networkID: String?) -> ExperienceSite? {
        guard let networkID else { return nil }
        return settings.sites.first { $0.networkID == networkID }
    }

    /// A site's URL: its API base and login host (`https://127.0.0.1:8443/partners`).
    package func url(of site: ExperienceSite) -> String {
        "\(baseURL)/\(site.urlPathPrefix)"
    }

    /// Adds an external user of `site`, who logs in there and nowhere else, as a site's
    /// self-registration or an admin's "Enable Customer User" does.
    /// - Throws: ``APIError`` when the username is taken.
    package func addSiteUser(username: String, password: String, firstName: String, lastName: String, site: ExperienceSite)
        async throws(APIError) -> UserIdentity
    {
        let identity = try await addUser(username: username, password: password, firstName: firstName, lastName: lastName)
        let userID = identity.userID.id18
        try await store.write { db in
            try db.execute(sql: #"UPDATE "User" SET "UserType" = 'CspLitePortal' WHERE "Id" = ?"#, arguments: [userID])
            try db.execute(
                sql: "INSERT OR IGNORE INTO lo_site_member(user_id, network_id) VALUES (?, ?)", arguments: [userID, site.networkID])
        }
        return identity
    }
}

extension OAuthService {
    /// Whether a user may log in at a site (`networkID`) or, for nil, at the internal org:
    /// internal users anywhere, external users at their own sites only.
    func mayLogIn(userID: String, at networkID: String?) async -> Bool {
        let allowed = try? await store.read { db -> Bool in
            let type = try String.fetchOne(db, sql: #"SELECT "UserType" FROM "User" WHERE "Id" = ?"#, arguments: [userID])
            if type == nil || type == "Standard" { return true }
            guard let networkID else { return false }
            return try Bool.fetchOne(
                db, sql: "SELECT 1 FROM lo_site_member WHERE user_id = ? AND network_id = ?", arguments: [userID, networkID]) ?? false
        }
        return allowed ?? false
    }
}
