import GRDB

/// Who may manage users, as Salesforce has it: a System Administrator creates, changes and
/// deactivates users and sets their federation IDs; any other user may change only their own
/// record's ordinary fields; nobody
/// deletes a user (they are deactivated). An org's first user may be made by anyone and is an
/// administrator. Profiles are the org's own: none is created or deleted
/// through the API.
enum UserManagement {
    /// The profile whose users manage users.
    static let administrator = "System Administrator"
    /// The profile of every other user.
    static let standardUser = "Standard User"
    /// The fields of a user that only an administrator changes.
    static let administeredFields: Set<String> = ["IsActive", "ProfileId", "Username"]
    /// The fields only a user with Manage Users sees as editable, on any user's record their own
    /// included: the federation ID names who a certificate or SAML login signs in, so a user who
    /// set their own could take another person's login.
    static let managedIdentityFields: Set<String> = ["FederationIdentifier"]

    /// Refuses a write to a user or a profile that `actor` may not make; writes to other types pass.
    /// - Parameter id: The record changed, or nil for a create.
    static func check(_ type: SObjectType, id: String?, changing fields: Set<String>, by actor: String, db: Database) throws {
        switch type.name {
        case "User":
            if try isAdministrator(actor, db: db) { return }
            // An org's first user is made by whoever sets the org up, and manages the users after.
            if id == nil, try !hasUsers(db: db) { return }
            let identityFields = fields.intersection(managedIdentityFields)
            guard identityFields.isEmpty else { throw notEditable(identityFields) }
            if let id, id == actor, fields.isDisjoint(with: administeredFields) { return }
            throw insufficientAccess(
                "only a System Administrator creates users or changes another user, and only they change IsActive, ProfileId or Username")
        case "Profile":
            guard id != nil else { throw cannotBe("created") }
            if try isAdministrator(actor, db: db) { return }
            throw insufficientAccess("only a System Administrator changes profiles")
        default:
            return
        }
    }

    /// Refuses deleting a user or a profile: Salesforce deactivates users and never deletes them.
    static func checkDeletable(_ type: SObjectType) throws {
        if type.name == "User" || type.name == "Profile" { throw cannotBe("deleted") }
    }

    /// Whether `userID` has the System Administrator profile.
    static func isAdministrator(_ userID: String, db: Database) throws -> Bool {
        try String.fetchOne(
            CachedSQL.statement(
                #"SELECT p."Name" FROM "User" u JOIN "Profile" p ON p."Id" = u."ProfileId" WHERE u."Id" = ? AND u."IsActive" = 1"#, db),
            arguments: [userID]) == administrator
    }

    /// Whether the org has any user yet.
    static func hasUsers(db: Database) throws -> Bool {
        try Bool.fetchOne(CachedSQL.statement(#"SELECT EXISTS (SELECT 1 FROM "User")"#, db)) ?? false
    }

    /// The profile of a new user who names none: the first user administers the org.
    static func defaultProfile(db: Database) throws -> String? {
        try profile(named: hasUsers(db: db) ? standardUser : administrator, db: db)
    }

    /// The id of the profile named `name`.
    static func profile(named name: String, db: Database) throws -> String? {
        try String.fetchOne(CachedSQL.statement(#"SELECT "Id" FROM "Profile" WHERE "Name" = ? AND "IsDeleted" = 0"#, db), arguments: [name])
    }

    private static func insufficientAccess(_ reason: String) -> APIError {
        APIError(status: 400, errorCode: "INSUFFICIENT_ACCESS_OR_READONLY", message: "insufficient access rights: \(reason).")
    }

    /// Salesforce's answer to a write of a field the user's profile cannot edit.
    private static func notEditable(_ fields: Set<String>) -> APIError {
        let names = fields.sorted()
        return APIError(
            status: 400, errorCode: "INVALID_FIELD_FOR_INSERT_UPDATE",
            message: """
                Unable to create/update fields: \(names.joined(separator: ", ")). Please check the security settings of this field \
                and verify that it is read/write for your profile or permission set.
                """, fields: names)
    }

    private static func cannotBe(_ action: String) -> APIError {
        APIError(status: 400, errorCode: "INVALID_TYPE_FOR_OPERATION", message: "entity type cannot be \(action)")
    }
}
