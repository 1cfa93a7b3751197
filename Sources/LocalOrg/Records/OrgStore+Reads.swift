import Foundation
import GRDB
import SalesforceCore

extension OrgStore {
    /// A record, as `GET sobjects/T/id[?fields=A,B]` returns it: all fields in describe order,
    /// or `Id` and the named ones.
    public func retrieve(_ typeName: String, id rawID: String, fields names: [String]? = nil, version: String) async throws(APIError) -> SObjectRecord {
        let type = try type(named: typeName)
        let id = try recordID(rawID, of: type)
        var selected = type.fields
        if let names, !names.isEmpty {
            selected = [type.fields[0]]
            for name in names {
                guard let field = type.field(named: name) else {
                    throw APIError(status: 400, errorCode: "INVALID_FIELD",
                                   message: "No such column '\(name)' on entity '\(type.name)'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.",
                                   fields: [name])
                }
                if !selected.contains(where: { $0.name == field.name }) { selected.append(field) }
            }
        }
        let columns = selected.map { OrgDatabase.quoted($0.name) }.joined(separator: ", ")
        let fields = selected
        let stored = try await read { db -> (values: [FieldValue], deleted: Bool)? in
            let sql = "SELECT \(columns), \"IsDeleted\" FROM \(OrgDatabase.quoted(type.name)) WHERE \"Id\" = ?"
            guard let row = try Row.fetchOne(db, sql: sql, arguments: [id]) else { return nil }
            let values = fields.enumerated().map { index, field in FieldValue(row: row, column: index, type: field.type) }
            return (values, (row[fields.count] as Int64? ?? 0) != 0)
        }
        guard let stored else { throw APIError.notFound }
        if stored.deleted { throw APIError.entityIsDeleted }
        return SObjectRecord(
            type: type.name, url: "\(type.path(version: version))/\(id)",
            fields: zip(fields, stored.values).map { field, value in (field.name, RecordValue(value)) })
    }

    /// The most recently changed records of a type, for `GET sobjects/T`'s `recentItems`.
    func recentItems(of type: SObjectType, version: String, limit: Int = 10) async throws(APIError) -> [SObjectRecord] {
        let nameField = type.nameField
        let columns = nameField.map { "\"Id\", \(OrgDatabase.quoted($0.name))" } ?? "\"Id\""
        let path = type.path(version: version)
        return try await read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(columns) FROM \(OrgDatabase.quoted(type.name)) WHERE "IsDeleted" = 0 ORDER BY "LastModifiedDate" DESC LIMIT ?
                """, arguments: [limit])
            return rows.map { row in
                let id: String = row[0] ?? ""
                var fields: [(name: String, value: RecordValue)] = [("Id", .string(id))]
                if let nameField { fields.append((nameField.name, RecordValue(FieldValue(row: row, column: 1, type: nameField.type)))) }
                return SObjectRecord(type: type.name, url: "\(path)/\(id)", fields: fields)
            }
        }
    }
}
