package import Foundation
import GRDB
import SOQL
import SQLiteBinding
package import SalesforceCore

/// What an upsert by external id did.
package enum UpsertOutcome: Sendable, Equatable {
    /// No record matched; one was created with this id.
    case created(id: String)
    /// One record matched and was updated.
    case updated(id: String)
    /// Several records matched; nothing changed. Their REST paths below the API version.
    case multipleMatches(paths: [String])
}

extension OrgStore {
    /// Creates a record from a JSON object of field values, as `POST sobjects/T` does.
    /// - Returns: The new record's 18-character id.
    package func create(_ typeName: String, fields body: JSON, as userID: String) async throws(APIError) -> String {
        try await write { db in try self.create(typeName, fields: body, as: userID, db: db) }
    }

    /// Creates several records of one type in one transaction: all of them, or none when one
    /// fails (its error is thrown).
    /// - Returns: The new ids, in the order of `records`.
    package func create(_ typeName: String, records bodies: [JSON], as userID: String) async throws(APIError) -> [String] {
        try await write { db in try bodies.map { body in try self.create(typeName, fields: body, as: userID, db: db) } }
    }

    /// Changes fields of a record, as `PATCH sobjects/T/id` does.
    /// - Parameters:
    ///   - typeName: The record's type, such as `Account`.
    ///   - rawID: The record's id, 15 or 18 characters.
    ///   - body: A JSON object of the fields to change.
    ///   - ifUnmodifiedSince: When given, a record modified after it is not changed and the call
    ///     fails with 412.
    ///   - userID: The user making the change, who becomes its `LastModifiedById`.
    package func update(_ typeName: String, id rawID: String, fields body: JSON, ifUnmodifiedSince: Date? = nil, as userID: String)
        async throws(APIError)
    {
        try await write { db in
            try self.update(typeName, id: rawID, fields: body, ifUnmodifiedSince: ifUnmodifiedSince, as: userID, db: db)
        }
    }

    /// Deletes a record (it moves to the recycle bin: `queryAll` still sees it).
    package func delete(_ typeName: String, id rawID: String, as userID: String) async throws(APIError) {
        try await write { db in try self.delete(typeName, id: rawID, as: userID, db: db) }
    }

    /// Creates or updates the record whose external id field `fieldName` is `value`, as
    /// `PATCH sobjects/T/Field/value` does.
    package func upsert(
        _ typeName: String, externalIdField fieldName: String, value: String, fields body: JSON, as userID: String
    ) async throws(APIError) -> UpsertOutcome {
        try await write { db in
            try self.upsert(typeName, externalIdField: fieldName, value: value, fields: body, as: userID, db: db)
        }
    }

    // MARK: - Inside a transaction (composite requests run several in one)

    func create(_ typeName: String, fields body: JSON, as userID: String, db: Database) throws -> String {
        let type = try type(named: typeName)
        try TypeOperations.check(.create, on: type)
        let given = try fieldValues(from: body, type: type, creating: true)
        try UserManagement.check(type, id: nil, changing: Set(given.keys), by: userID, db: db)
        let id = try insert(type, given: given, userID: userID, now: now.description, db: db)
        try RecentItems.mark(id, type: type.name, by: userID, db: db)
        return id
    }

    func update(_ typeName: String, id rawID: String, fields body: JSON, ifUnmodifiedSince: Date? = nil, as userID: String, db: Database)
        throws
    {
        let type = try type(named: typeName)
        try TypeOperations.check(.update, on: type)
        let id = try recordID(rawID, of: type)
        let given = try fieldValues(from: body, type: type, creating: false)
        try UserManagement.check(type, id: id, changing: Set(given.keys), by: userID, db: db)
        let existing = try liveRow(type, id: id, fields: Self.fieldsReadByChanges(of: type), db: db)
        try Self.checkUnmodified(existing, since: ifUnmodifiedSince)
        try change(type, id: id, given: given, existing: existing, userID: userID, now: now.description, db: db)
        try RecentItems.mark(id, type: type.name, by: userID, db: db)
    }

    /// Refuses (412) a conditional write to a record modified after `since`.
    ///
    /// HTTP dates have whole seconds: a change later in the same second still passes.
    static func checkUnmodified(_ row: [String: FieldValue], since: Date?) throws {
        guard let since, case .text(let modified) = row["LastModifiedDate"], let modifiedAt = SOQLDateTime(parsing: modified),
            modifiedAt.millisecondsSinceEpoch / 1000 > Int64(since.timeIntervalSince1970.rounded(.down))
        else { return }
        throw APIError(
            status: 412, errorCode: "PRECONDITION_FAILED", message: "The record was modified after \(since); it was not changed.")
    }

    func delete(_ typeName: String, id rawID: String, ifUnmodifiedSince: Date? = nil, as userID: String, db: Database) throws {
        let type = try type(named: typeName)
        try UserManagement.checkDeletable(type)
        try TypeOperations.check(.delete, on: type)
        let id = try recordID(rawID, of: type)
        let now = now.description
        try Self.checkUnmodified(try liveRow(type, id: id, fields: Self.fieldsReadByChanges(of: type), db: db), since: ifUnmodifiedSince)
        try db.executeCached(
            sql: """
                UPDATE \(OrgDatabase.quoted(type.name)) SET "IsDeleted" = 1, "LastModifiedDate" = ?, "SystemModstamp" = ?, "LastModifiedById" = ?
                WHERE "Id" = ?
                """, arguments: [now, now, userID, id])
        try RecentItems.forget(id, db: db)
    }

    func upsert(
        _ typeName: String, externalIdField fieldName: String, value: String, fields body: JSON, as userID: String, db: Database
    ) throws -> UpsertOutcome {
        let type = try type(named: typeName)
        guard let field = type.field(named: fieldName), field.idLookup else {
            throw APIError(
                status: 404, errorCode: "NOT_FOUND",
                message: "Provided external ID field does not exist or is not accessible: \(fieldName)")
        }
        if field.type == .id {
            // The Id names the record; it is not a field to write.
            let fields = JSON.object((body.objectValue ?? [:]).filter { $0.key.lowercased() != "id" })
            if value.isEmpty { return .created(id: try create(typeName, fields: fields, as: userID, db: db)) }
            try update(typeName, id: value, fields: fields, as: userID, db: db)
            return .updated(id: try recordID(value, of: type))
        }
        var members = body.objectValue ?? [:]
        members = members.filter { $0.key.lowercased() != field.name.lowercased() }
        let updates = try fieldValues(from: .object(members), type: type, creating: false)
        members[field.name] = .string(value)
        let creation = try fieldValues(from: .object(members), type: type, creating: true)
        if type.name == "User" || type.name == "Profile" {
            // Upserting users by an external id is an administrator's work, like every other change to users.
            try UserManagement.check(type, id: nil, changing: Set(creation.keys), by: userID, db: db)
        }
        let now = now.description
        let ids = try liveIDs(of: type, where: field, equals: value, db: db)
        switch ids.count {
        case 0:
            try TypeOperations.check(.create, on: type)
            let id = try insert(type, given: creation, userID: userID, now: now, db: db)
            try RecentItems.mark(id, type: type.name, by: userID, db: db)
            return .created(id: id)
        case 1:
            try TypeOperations.check(.update, on: type)
            let existing = try liveRow(type, id: ids[0], fields: Self.fieldsReadByChanges(of: type), db: db)
            try change(type, id: ids[0], given: updates, existing: existing, userID: userID, now: now, db: db)
            try RecentItems.mark(ids[0], type: type.name, by: userID, db: db)
            return .updated(id: ids[0])
        default:
            return .multipleMatches(paths: ids.map { "\(type.resourcePath)/\($0)" })
        }
    }

    /// Ids of live records whose external id `field` is `value` (up to 10: enough to tell one
    /// match from several).
    func liveIDs(of type: SObjectType, where field: SObjectField, equals value: String, db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT "Id" FROM \(OrgDatabase.quoted(type.name)) WHERE \(OrgDatabase.quoted(field.name)) = ? AND "IsDeleted" = 0 LIMIT 10
                """, arguments: [value])
    }

    // MARK: - Checks

    /// The stored values of the fields in `body`, checked against the type.
    func fieldValues(from body: JSON, type: SObjectType, creating: Bool) throws(APIError) -> [String: FieldValue] {
        guard let members = body.objectValue else {
            throw APIError.jsonParser("The request body must be a JSON object of field names and values.")
        }
        var values: [String: FieldValue] = [:]
        var readOnly: [String] = []
        for (name, json) in members.sorted(by: { $0.key < $1.key }) where name != "attributes" {
            guard let field = type.field(named: name) else { throw APIError.noSuchField(name, on: type.name) }
            guard creating ? field.createable : field.updateable else {
                readOnly.append(field.name)
                continue
            }
            values[field.name] = try FieldConversion.storedValue(of: json, for: field)
        }
        if !readOnly.isEmpty {
            throw APIError(
                status: 400, errorCode: "INVALID_FIELD_FOR_INSERT_UPDATE",
                message:
                    "Unable to create/update fields: \(readOnly.joined(separator: ", ")). Please check the security settings of this field and verify that it is read/write for your profile or permission set.",
                fields: readOnly)
        }
        return values
    }

    /// The 18-character id of a record of `type`, or NOT_FOUND / MALFORMED_ID.
    func recordID(_ text: String, of type: SObjectType) throws(APIError) -> String {
        guard let id = RecordID.normalized(text) else { throw APIError.malformedID(text) }
        guard id.hasPrefix(type.keyPrefix) else { throw APIError.notFound }
        return id
    }

    /// The fields a change reads from the stored record: whether it is deleted, when it was
    /// modified (for conditional writes), the required fields it checks, and what derived fields
    /// are computed from. Reading every column of an Account instead was most of an update's cost.
    static func fieldsReadByChanges(of type: SObjectType) -> [SObjectField] {
        type.fields.filter { field in
            field.required || field.name == "IsDeleted" || field.name == "LastModifiedDate" || DerivedFields.inputs.contains(field.name)
        }
    }

    /// The stored values of a record that exists and is not deleted: of `fields` when given
    /// (which must include `IsDeleted`), of every field otherwise.
    func liveRow(_ type: SObjectType, id: String, fields: [SObjectField]? = nil, db: Database) throws -> [String: FieldValue] {
        let fields = fields ?? type.fields
        // Columns by name: a field a schema file added later sits at the table's end, wherever
        // it stands in the type.
        let columns = fields.map { OrgDatabase.quoted($0.name) }.joined(separator: ", ")
        guard
            let row = try Row.fetchOne(
                CachedSQL.statement("SELECT \(columns) FROM \(OrgDatabase.quoted(type.name)) WHERE \"Id\" = ?", db), arguments: [id])
        else {
            throw APIError.notFound
        }
        var values: [String: FieldValue] = [:]
        values.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() {
            values[field.name] = FieldValue(row: row, column: index, type: field.type)
        }
        if values["IsDeleted"] == .bool(true) { throw APIError.entityIsDeleted }
        return values
    }

    // MARK: - Writes inside a transaction

    func insert(_ type: SObjectType, given: [String: FieldValue], userID: String, now: String, db: Database) throws -> String {
        var values = given
        for field in type.fields where values[field.name] == nil {
            if let defaultValue = field.valueOnCreate {
                values[field.name] = field.type == .boolean ? .bool(defaultValue == "true") : .text(defaultValue)
            } else if field.type == .boolean {
                // A checkbox is never empty in Salesforce: unset, it is false.
                values[field.name] = .bool(false)
            }
        }
        let id = try OrgDatabase.nextID(prefix: type.keyPrefix, base: idBase, in: db)
        values["Id"] = .text(id)
        values["IsDeleted"] = .bool(false)
        values["CreatedDate"] = .text(now)
        values["LastModifiedDate"] = .text(now)
        values["SystemModstamp"] = .text(now)
        values["CreatedById"] = .text(userID)
        values["LastModifiedById"] = .text(userID)
        if type.field(named: "OwnerId") != nil, values["OwnerId"] == nil || values["OwnerId"] == .null {
            values["OwnerId"] = .text(userID)
        }
        try DerivedFields.apply(to: &values, type: type, existing: nil, db: db)
        try checkRequired(type, values: values)
        try checkReferencesAndUniqueness(type, values: values, id: id, db: db)
        let fields = type.fields.filter { values[$0.name] != nil }
        let columns = fields.map { OrgDatabase.quoted($0.name) }.joined(separator: ", ")
        let placeholders = SQLPlaceholders.list(fields.count)
        var insert = RowStatement(
            try CachedSQL.statement("INSERT INTO \(OrgDatabase.quoted(type.name)) (\(columns)) VALUES (\(placeholders))", db))
        for field in fields { try insert.bind((values[field.name] ?? .null).databaseValue) }
        try insert.execute()
        if type.name == "ContentVersion" { try linkDocument(versionID: id, values: values, userID: userID, now: now, db: db) }
        return id
    }

    func change(
        _ type: SObjectType, id: String, given: [String: FieldValue], existing: [String: FieldValue], userID: String, now: String,
        db: Database
    ) throws {
        var values = given
        values["LastModifiedDate"] = .text(now)
        values["SystemModstamp"] = .text(now)
        values["LastModifiedById"] = .text(userID)
        try DerivedFields.apply(to: &values, type: type, existing: existing, db: db)
        try checkRequired(type, values: existing.merging(values) { $1 }, cleared: values)
        try checkReferencesAndUniqueness(type, values: values, id: id, db: db)
        let fields = type.fields.filter { values[$0.name] != nil }
        let assignments = fields.map { "\(OrgDatabase.quoted($0.name)) = ?" }.joined(separator: ", ")
        var update = RowStatement(
            try CachedSQL.statement("UPDATE \(OrgDatabase.quoted(type.name)) SET \(assignments) WHERE \"Id\" = ?", db))
        for field in fields { try update.bind((values[field.name] ?? .null).databaseValue) }
        try update.bind(text: id.utf8)
        try update.execute()
    }

    /// Refuses a record without a value a create must give, or a change that empties a field
    /// that cannot be empty (a lead's `Status`, which a create may leave to its default).
    private func checkRequired(_ type: SObjectType, values: [String: FieldValue], cleared: [String: FieldValue] = [:]) throws {
        let missing = type.fields.filter { field in
            (field.required && (values[field.name] ?? .null) == .null)
                || (!field.nillable && field.updateable && cleared[field.name] == .null)
        }.map(\.name)
        guard missing.isEmpty else {
            throw APIError(
                status: 400, errorCode: "REQUIRED_FIELD_MISSING",
                message: "Required fields are missing: [\(missing.joined(separator: ", "))]", fields: missing)
        }
    }

    private func checkReferencesAndUniqueness(_ type: SObjectType, values: [String: FieldValue], id: String, db: Database) throws {
        // The audit fields are the server's own; only references a client can set are checked.
        for field in type.fields where field.name != "CreatedById" && field.name != "LastModifiedById" {
            guard case .text(let value) = values[field.name] else { continue }
            if field.type == .reference {
                let targets = field.referenceTo.compactMap { schema.type(named: $0) }
                guard let target = targets.first(where: { value.hasPrefix($0.keyPrefix) }) else {
                    throw APIError(
                        status: 400, errorCode: "FIELD_INTEGRITY_EXCEPTION",
                        message: "\(field.label): id value of incorrect type: \(value)", fields: [field.name])
                }
                let exists =
                    try Bool.fetchOne(
                        CachedSQL.statement(
                            "SELECT EXISTS(SELECT 1 FROM \(OrgDatabase.quoted(target.name)) WHERE \"Id\" = ? AND \"IsDeleted\" = 0)", db),
                        arguments: [value]) ?? false
                guard exists else {
                    // A record in the recycle bin is named as deleted, as Salesforce does (and as
                    // Mobile Sync reads it: the parent is gone, make it again or leave the child).
                    let deleted =
                        try Bool.fetchOne(
                            CachedSQL.statement("SELECT EXISTS(SELECT 1 FROM \(OrgDatabase.quoted(target.name)) WHERE \"Id\" = ?)", db),
                            arguments: [value]) ?? false
                    if deleted {
                        throw APIError(status: 400, errorCode: "ENTITY_IS_DELETED", message: "entity is deleted", fields: [field.name])
                    }
                    throw APIError(
                        status: 400, errorCode: "INVALID_CROSS_REFERENCE_KEY",
                        message: "invalid cross reference id", fields: [field.name])
                }
            }
            if field.unique {
                let other = try String.fetchOne(
                    CachedSQL.statement(
                        """
                        SELECT "Id" FROM \(OrgDatabase.quoted(type.name)) WHERE \(OrgDatabase.quoted(field.name)) = ? COLLATE NOCASE AND "Id" != ? AND "IsDeleted" = 0 LIMIT 1
                        """, db), arguments: [value, id])
                if let other {
                    throw APIError(
                        status: 400, errorCode: "DUPLICATE_VALUE",
                        message: "duplicate value found: \(field.name) duplicates value on record with id: \(other)", fields: [field.name])
                }
            }
        }
    }

    /// A new file version belongs to a ContentDocument: a new one for a first version, whose
    /// latest version it becomes either way.
    private func linkDocument(versionID: String, values: [String: FieldValue], userID: String, now: String, db: Database) throws {
        guard let documentType = schema.type(named: "ContentDocument") else { return }
        var documentID: String
        if case .text(let existing) = values["ContentDocumentId"] {
            documentID = existing
        } else {
            var document: [String: FieldValue] = [:]
            for name in ["Title", "Description", "FileType", "FileExtension"] { document[name] = values[name] }
            documentID = try insert(documentType, given: document, userID: userID, now: now, db: db)
            try db.execute(
                sql: "UPDATE \"ContentVersion\" SET \"ContentDocumentId\" = ? WHERE \"Id\" = ?", arguments: [documentID, versionID])
        }
        try db.execute(
            sql: """
                UPDATE "ContentDocument" SET "LatestPublishedVersionId" = ?, "ContentSize" = ?, "Title" = ?, "LastModifiedDate" = ?, "SystemModstamp" = ?
                WHERE "Id" = ?
                """, arguments: [versionID, values["ContentSize"] ?? .null, values["Title"] ?? .null, now, now, documentID])
    }
}
