package import Foundation
import GRDB
import SOQL
import SalesforceCore

/// Opening an org's data directory: its settings, schema, store and users.
extension Org {
    /// The org's database in its data directory.
    package static let databaseFileName = "org.sqlite"

    /// Removes the org's records, files and tokens from `directory`, keeping its settings (the org
    /// id, the default user's credentials, the connected apps): the next open starts the org anew.
    /// The caller holds the directory, so no server has the database open.
    package static func removeData(in directory: URL) throws(LocalOrgError) {
        for suffix in ["", "-wal", "-shm"] {
            let file = directory.appendingPathComponent(databaseFileName + suffix)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                try FileManager.default.removeItem(at: file)
            } catch {
                throw .dataDirectoryUnusable(
                    path: directory.path, reason: "cannot remove \(file.lastPathComponent): \(error.localizedDescription)")
            }
        }
    }

    /// Opens the org kept in `directory` (a new one when it is empty): `localorg.json`, the
    /// store, the default user with the password the settings name, and, for a new org, the
    /// sample data when `seedsSampleData` is set and the records of `volumeSeed`. Expired tokens
    /// are forgotten.
    /// - Parameters:
    ///   - schemaFile: Custom objects and fields to add to the standard schema.
    ///   - volumeSeed: Generated Accounts and Contacts a new org gets; an org that exists keeps
    ///     its records.
    ///   - clock: The time source; tests move it to expire tokens.
    ///   - rotatesRefreshTokens: Whether every connected app rotates refresh tokens (each app
    ///     can also say so in `localorg.json`).
    package static func open(
        in directory: URL, schemaFile: URL?, seedsSampleData: Bool, tokenLifetime: TimeInterval,
        clock: @escaping @Sendable () -> Date, pushEnabled: Bool, apexRoutes: [ApexRoute], rotatesRefreshTokens: Bool = false,
        volumeSeed: VolumeSeed? = nil
    ) async throws(LocalOrgError) -> Org {
        let settings = try OrgSettings.loadOrCreate(in: directory)
        var schema = try DefaultSchema.schema()
        if let schemaFile { try apply(schemaFile, to: &schema) }
        let store = try OrgStore(
            file: directory.appendingPathComponent(databaseFileName), schema: schema, organizationID: settings.organizationID, clock: clock)
        let oauth = OAuthService(
            store: store, settings: settings, tokenLifetime: tokenLifetime, rotatesAllRefreshTokens: rotatesRefreshTokens)
        let (defaultUser, isNew) = try await prepareUsers(store: store, oauth: oauth, settings: settings, seed: seedsSampleData)
        do {
            if isNew, let volumeSeed { try await store.write(volumeSeed, ownerID: defaultUser.userID.id18) }
            try await oauth.purgeExpired()
        } catch {
            throw .storage(reason: error.description)
        }
        return Org(
            store: store, oauth: oauth, settings: settings, defaultUser: defaultUser, pushEnabled: pushEnabled, apexRoutes: apexRoutes)
    }

    private static func apply(_ file: URL, to schema: inout OrgSchema) throws(LocalOrgError) {
        let data: Data
        do {
            data = try UserFiles.contents(of: file.path)
        } catch {
            throw .unreadableFile(path: file.path, reason: error.reason)
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
    /// - Returns: The default user, and whether the store was new.
    private static func prepareUsers(
        store: OrgStore, oauth: OAuthService, settings: OrgSettings, seed: Bool
    ) async throws(LocalOrgError) -> (UserIdentity, isNew: Bool) {
        let defaultUserID: String?
        let isNew: Bool
        do {
            let existing = try await store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"User\"") ?? 0 }
            isNew = existing == 0
            if isNew {
                if seed {
                    _ = try await SeedData.populate(store, settings: settings)
                } else {
                    let admin = try await store.write { db in
                        guard let type = store.schema.type(named: "User") else { throw APIError.invalidType("User") }
                        // The first user creates itself: there is nobody yet to do it.
                        return try store.insert(
                            type,
                            given: [
                                "Username": .text(settings.username), "FirstName": .text("Local"), "LastName": .text("Admin"),
                                "Alias": .text("ladmin"), "Email": .text(settings.username),
                            ], userID: store.firstUserID, now: store.now.description, db: db)
                    }
                    try await oauth.setPassword(settings.password, userID: admin)
                }
            }
            defaultUserID = try await store.write { db in try recoverDefaultUser(settings: settings, store: store, db: db) }
            if let defaultUserID, await oauth.checkPassword(username: settings.username, password: settings.password) == nil {
                // localorg.json was edited, or the user was renamed or deactivated: its password wins.
                try await oauth.setPassword(settings.password, userID: defaultUserID)
            }
        } catch {
            throw .storage(reason: error.description)
        }
        guard let defaultUserID, let user = try? UserIdentity(orgID: settings.organizationID, userID: defaultUserID) else {
            throw .invalidConfiguration(
                file: OrgSettings.fileName, reason: "the default user \(settings.username) is not a user of the org's data")
        }
        return (user, isNew)
    }

    /// The org's profiles and standard list views made if missing, and the default user made whole again: found by the
    /// username `localorg.json` gives (or, renamed, as the org's first user), active, a System
    /// Administrator with that username. So `forcekit login --local` works after any change the
    /// API allowed, once the server restarts. Users with no profile (data from before profiles)
    /// become Standard Users.
    /// - Returns: The default user's id, or nil when the org has no user at all.
    private static func recoverDefaultUser(settings: OrgSettings, store: OrgStore, db: Database) throws -> String? {
        guard
            let userID = try String.fetchOne(
                db, sql: #"SELECT "Id" FROM "User" WHERE "Username" = ? COLLATE NOCASE AND "IsDeleted" = 0"#, arguments: [settings.username]
            )
                // The first user made is the admin (its id depends on when the org was made).
                ?? String.fetchOne(db, sql: #"SELECT "Id" FROM "User" ORDER BY rowid LIMIT 1"#)
        else { return nil }
        guard let profileType = store.schema.type(named: "Profile") else { return userID }
        var profiles: [String: String] = [:]
        for name in [UserManagement.administrator, UserManagement.standardUser] {
            profiles[name] =
                try UserManagement.profile(named: name, db: db)
                ?? store.insert(profileType, given: ["Name": .text(name)], userID: userID, now: store.now.description, db: db)
        }
        try db.execute(
            sql: #"UPDATE "User" SET "ProfileId" = ? WHERE "ProfileId" IS NULL AND "Id" != ?"#,
            arguments: [profiles[UserManagement.standardUser], userID])
        try db.execute(
            sql: #"UPDATE "User" SET "ProfileId" = ?, "IsActive" = 1, "IsDeleted" = 0, "Username" = ? WHERE "Id" = ?"#,
            arguments: [profiles[UserManagement.administrator], settings.username, userID])
        try OrganizationRecord.ensure(settings: settings, store: store, userID: userID, db: db)
        let listViews = try StandardListViews.ensure(store: store, userID: userID, db: db)
        // Setting up the org is not the user's own work: it starts with no recent items.
        try RecentItems.forget(profiles.values.map { $0 } + listViews, db: db)
        return userID
    }
}
