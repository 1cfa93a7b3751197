import Foundation
import GRDB
import SalesforceCore

/// An ingest job's CSV header, read once: which column is the record's Id, which the upsert's
/// key, and what each other column writes, a field or a parent found by its external id
/// (`Account.External_Id__c`).
struct BulkIngestColumns {
    /// A column's meaning.
    enum Column {
        /// The record's own Id, which names it and is not written.
        case id
        /// A field of the job's object.
        case field(String)
        /// A lookup set from a parent's external id: the lookup field, the parent's type and
        /// its external id field.
        case parent(lookup: String, type: String, key: String)
    }

    let names: [String]
    let columns: [Column]
    /// The Id column's place, when there is one.
    let id: Int?
    /// The upsert key's place, when the job upserts.
    let externalID: Int?

    /// Reads `header` against the job's object.
    /// - Throws: ``CSVFormat/ReadError`` naming a column that is no field, as Salesforce fails such a job.
    init(header: [String], job: BulkIngestJob, type: SObjectType) throws(CSVFormat.ReadError) {
        names = header
        var columns: [Column] = []
        for name in header {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased() == "id" {
                columns.append(.id)
            } else if let field = type.field(named: trimmed) {
                columns.append(.field(field.name))
            } else if job.operation != .delete, job.operation != .hardDelete, let parent = Self.parent(trimmed, of: type) {
                columns.append(parent)
            } else if job.operation == .delete || job.operation == .hardDelete {
                // A deletion reads the Id alone.
                columns.append(.field(""))
            } else {
                throw CSVFormat.ReadError(message: "InvalidBatch : Field name not found : \(trimmed)")
            }
        }
        self.columns = columns
        id = columns.firstIndex { if case .id = $0 { true } else { false } }
        if job.operation == .delete || job.operation == .hardDelete, id == nil {
            throw CSVFormat.ReadError(message: "InvalidBatch : Field name not found : Id")
        }
        if let key = job.externalIdFieldName {
            externalID = header.firstIndex { $0.trimmingCharacters(in: .whitespaces).lowercased() == key.lowercased() }
            guard externalID != nil else {
                throw CSVFormat.ReadError(message: "InvalidBatch : The external id field \(key) is not in the header")
            }
        } else {
            externalID = nil
        }
    }

    /// `Account.External_Id__c`: the lookup whose relationship is `Account`, set from the parent
    /// whose external id field is given; a polymorphic lookup names the parent's type first,
    /// `Lead:Who.Email`.
    private static func parent(_ name: String, of type: SObjectType) -> Column? {
        let typed = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard typed.count <= 2, let path = typed.last else { return nil }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        guard let lookup = type.fields.first(where: { $0.relationshipName?.lowercased() == parts[0].lowercased() }) else { return nil }
        // The type is given for a polymorphic lookup, and only for one.
        if typed.count == 2 {
            guard lookup.referenceTo.count > 1, let target = lookup.referenceTo.first(where: { $0.lowercased() == typed[0].lowercased() })
            else { return nil }
            return .parent(lookup: lookup.name, type: target, key: parts[1])
        }
        guard lookup.referenceTo.count == 1 || parts[1].lowercased() == "id" else { return nil }
        return .parent(lookup: lookup.name, type: lookup.referenceTo[0], key: parts[1])
    }

    /// The record's fields from one row: an empty value is left out (unchanged, or the default
    /// on create), `#N/A` clears the field, and a parent's external id becomes its id.
    func body(of values: [String], store: OrgStore, db: Database) throws -> JSON {
        var members: [String: JSON] = [:]
        for (column, value) in zip(columns, values) where !value.isEmpty {
            switch column {
            case .id:
                continue
            case .field(let name):
                guard !name.isEmpty else { continue }
                members[name] = value == "#N/A" ? .null : .string(value)
            case .parent(let lookup, let typeName, let key):
                if value == "#N/A" {
                    members[lookup] = .null
                    continue
                }
                let parentType = try store.type(named: typeName)
                guard let keyField = parentType.field(named: key), keyField.idLookup else {
                    throw APIError(
                        status: 400, errorCode: "INVALID_FIELD", message: "The field \(key) of \(typeName) is no external id",
                        fields: [lookup])
                }
                let ids = try store.liveIDs(of: parentType, where: keyField, equals: value, db: db)
                guard ids.count == 1 else {
                    throw APIError(
                        status: 400, errorCode: "INVALID_FIELD",
                        message: ids.isEmpty
                            ? "Foreign key external ID: \(value) not found for field \(keyField.name) in entity \(typeName)"
                            : "More than 1 record found for External ID field \(keyField.name): \(value)",
                        fields: [lookup])
                }
                members[lookup] = .string(ids[0])
            }
        }
        return .object(members)
    }
}
