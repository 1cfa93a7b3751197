import Foundation
import GRDB
import SalesforceCore

extension OrgStore {
    /// A record, as `GET sobjects/T/id[?fields=A,B]` returns it: all fields in describe order,
    /// or `Id` and the named ones. (Over HTTP the read is also a view, which joins the user's
    /// recent items; this read is not.)
    package func retrieve(_ typeName: String, id rawID: String, fields names: [String]? = nil) async throws(APIError)
        -> SObjectRecord
    {
        try await read { db in try self.retrieve(typeName, id: rawID, fields: names, db: db) }
    }

    func retrieve(_ typeName: String, id rawID: String, fields names: [String]?, db: Database) throws -> SObjectRecord {
        let type = try type(named: typeName)
        let id = try recordID(rawID, of: type)
        var selected = type.fields
        if let names, !names.isEmpty {
            selected = [type.fields[0]]
            for name in names {
                guard let field = type.field(named: name) else {
                    throw APIError(
                        status: 400, errorCode: "INVALID_FIELD",
                        message:
                            "No such column '\(name)' on entity '\(type.name)'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.",
                        fields: [name])
                }
                if !selected.contains(where: { $0.name == field.name }) { selected.append(field) }
            }
        }
        let columns = selected.map { OrgDatabase.quoted($0.name) }.joined(separator: ", ")
        let sql = "SELECT \(columns), \"IsDeleted\" FROM \(OrgDatabase.quoted(type.name)) WHERE \"Id\" = ?"
        // Prepared once per connection: preparing it again (and GRDB's authorizer visiting each
        // column) was a tenth of the server's time for a single-record GET.
        guard let row = try Row.fetchOne(CachedSQL.statement(sql, db), arguments: [id]) else { throw APIError.notFound }
        // A deleted record is not found, as a real org answers a retrieve of one (upstream's React
        // Native suite matches the message); changing or deleting it again is ENTITY_IS_DELETED.
        if (row[selected.count] as Int64? ?? 0) != 0 { throw APIError.notFound }
        var fields: [(name: String, value: RecordValue)] = selected.enumerated().map { index, field in
            (field.name, RecordValue(FieldValue(row: row, column: index, type: field.type)))
        }
        // A whole record carries its addresses as objects too, built from their components.
        if names?.isEmpty ?? true {
            for compound in type.compoundFields {
                let members = compound.components.map { component in
                    (component.key, fields.first { $0.name == component.field }?.value ?? .null)
                }
                fields.append((compound.name, RecordValue.compound(members)))
            }
        }
        return SObjectRecord(type: type.name, path: "\(type.resourcePath)/\(id)", fields: fields)
    }

    /// The user's recently viewed or edited records, most recent first, each with `Id` and
    /// its name field: `GET recent` (all types) and `GET sobjects/T`'s `recentItems` (one).
    package func recentItems(of userID: String, type typeName: String? = nil, limit: Int = 200) async throws(APIError)
        -> [SObjectRecord]
    {
        try await read { db in try self.recentItems(of: userID, type: typeName, limit: limit, db: db) }
    }

    func recentItems(of userID: String, type typeName: String? = nil, limit: Int, db: Database) throws -> [SObjectRecord] {
        let type = try typeName.map { name throws(APIError) in try self.type(named: name) }
        return try RecentItems.list(for: userID, type: type?.name, limit: max(0, min(limit, RecentItems.capacity)), db: db)
            .compactMap { entry in try self.summary(of: entry.type, id: entry.id, db: db) }
    }

    /// `Id` and the name field of a live record, or nil when it is gone.
    private func summary(of typeName: String, id: String, db: Database) throws -> SObjectRecord? {
        guard let type = schema.type(named: typeName) else { return nil }
        let nameField = type.nameField
        let columns = nameField.map { "\"Id\", \(OrgDatabase.quoted($0.name))" } ?? "\"Id\""
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(columns) FROM \(OrgDatabase.quoted(type.name)) WHERE \"Id\" = ? AND \"IsDeleted\" = 0",
                arguments: [id])
        else { return nil }
        var fields: [(name: String, value: RecordValue)] = [("Id", .string(id))]
        if let nameField { fields.append((nameField.name, RecordValue(FieldValue(row: row, column: 1, type: nameField.type)))) }
        return SObjectRecord(type: type.name, path: "\(type.resourcePath)/\(id)", fields: fields)
    }
}
