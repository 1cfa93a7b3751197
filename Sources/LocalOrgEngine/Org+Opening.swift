package import Foundation
import GRDB
import SalesforceCore

/// Opening an org's data directory: its settings, schema, store and users.
extension Org {
    /// Opens the org kept in `directory` (a new one when it is empty): `localorg.json`, the
    /// store, the default user with the password the settings name, and, for a new org, the
    /// sample data when `seedsSampleData` is set. Expired tokens are forgotten.
    /// - Parameters:
    ///   - schemaFile: Custom objects and fields to add to the standard schema.
    ///   - clock: The time source; tests move it to expire tokens.
    package static func open(
        in directory: URL, schemaFile: URL?, seedsSampleData: Bool, tokenLifetime: TimeInterval,
        clock: @escaping @Sendable () -> Date, pushEnabled: Bool, apexRoutes: [ApexRoute]
    ) async throws(LocalOrgError) -> Org {
        let settings = try OrgSettings.loadOrCreate(in: directory)
        var schema = DefaultSchema.schema()
        if let schemaFile { try apply(schemaFile, to: &schema) }
        let store = try OrgStore(
            file: directory.appendingPathComponent("org.sqlite"), schema: schema, organizationID: settings.organizationID, clock: clock)
        let oauth = OAuthService(store: store, settings: settings, tokenLifetime: tokenLifetime)
        let defaultUser = try await prepareUsers(store: store, oauth: oauth, settings: settings, seed: seedsSampleData)
        do {
            try await oauth.purgeExpired()
        } catch {
            throw .storage(reason: error.description)
        }
        return Org(
            store: store, oauth: oauth, settings: settings, defaultUser: defaultUser, pushEnabled: pushEnabled, apexRoutes: apexRoutes)
    }

    private static func apply(_ file: URL, to schema: inout OrgSchema) throws(LocalOrgError) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .invalidSchema(file: file.path, reason: "the file cannot be read")
        }
        do {
            let json = try JSON(parsing: Array(data))
            try SchemaFile.apply(json, from: file.path, to: &schema)
        } catch let error as LocalOrgError {
            throw error
        } catch {
            throw .invalidSchema(file: file.path, reason: "\(error)")
        }
    }

    /// A new store gets its users (and sample data); an existing one keeps its own.
    /// - Returns: The default user.
    private static func prepareUsers(
        store: OrgStore, oauth: OAuthService, settings: OrgSettings, seed: Bool
    ) async throws(LocalOrgError) -> UserIdentity {
        let defaultUserID: String?
        do {
            let existing = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"User\"") ?? 0 }
            if existing == 0 {
                if seed {
                    _ = try await SeedData.populate(store, settings: settings)
                } else {
                    let admin = try await store.create(
                        "User",
                        fields: [
                            "Username": .string(settings.username), "FirstName": "Local", "LastName": "Admin", "Alias": "ladmin",
                            "Email": .string(settings.username),
                        ], as: RecordID.make(prefix: "005", counter: 1))
                    try await oauth.setPassword(settings.password, userID: admin)
                    // Setting up the org is not the user's own work: it starts with no recent items.
                    try await store.write { db in try RecentItems.forget(admin, db: db) }
                }
            } else if await oauth.checkPassword(username: settings.username, password: settings.password) == nil,
                let userID = try await store.read({ db in
                    try String.fetchOne(db, sql: "SELECT \"Id\" FROM \"User\" WHERE \"Username\" = ?", arguments: [settings.username])
                })
            {
                // localorg.json was edited: its password wins.
                try await oauth.setPassword(settings.password, userID: userID)
            }
            defaultUserID = try await store.read { db in
                try String.fetchOne(db, sql: "SELECT \"Id\" FROM \"User\" WHERE \"Username\" = ?", arguments: [settings.username])
            }
        } catch {
            throw .storage(reason: error.description)
        }
        guard let defaultUserID, let user = try? UserIdentity(orgID: settings.organizationID, userID: defaultUserID) else {
            throw .invalidConfiguration(
                file: OrgSettings.fileName, reason: "the default user \(settings.username) is not a user of the org's data")
        }
        return user
    }
}
