import GRDB
import SOQL
import SalesforceCore

/// `sobjects/T/{id}/{relationship}`: the record a lookup names (`Contact/{id}/Account`), or the
/// records of a child relationship as a query result (`Account/{id}/Contacts`), with `fields`.
extension DataAPI {
    /// Whether `name` is a relationship of `type`, a lookup's or a child relationship's.
    func isRelationship(_ name: String, of type: SObjectType) -> Bool {
        type.referenceField(forRelationship: name) != nil || store.schema.childRelationship(name, of: type.name) != nil
    }

    func related(_ type: SObjectType, id rawID: String, relationship name: String, call: RestCall, db: Database) throws -> RestReply {
        let fields = call.listParameter("fields")
        if let lookup = type.referenceField(forRelationship: name) {
            let record = try store.retrieve(type.name, id: rawID, fields: [lookup.name], db: db)
            // An empty lookup has no record to answer with.
            guard let target = record[lookup.name]?.stringValue,
                let targetType = lookup.referenceTo.compactMap({ store.schema.type(named: $0) }).first(where: {
                    target.hasPrefix($0.keyPrefix)
                })
            else { throw APIError.notFound }
            let parent = try store.retrieve(targetType.name, id: target, fields: fields, db: db)
            return .written { parent.write(to: &$0, version: call.version) }
        }
        guard let children = store.schema.childRelationship(name, of: type.name),
            let childType = store.schema.type(named: children.childObject)
        else { throw APIError.notFound }
        let id = try store.recordID(rawID, of: type)
        _ = try store.retrieve(type.name, id: id, fields: ["Id"], db: db)
        let selected = fields ?? childType.fields.map(\.name)
        // Field names only: the list goes into a statement.
        let nameScalars = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.".unicodeScalars)
        if let bad = selected.first(where: { $0.unicodeScalars.contains { !nameScalars.contains($0) } }) {
            throw APIError.noSuchField(bad, on: childType.name)
        }
        let soql = "SELECT \(selected.joined(separator: ", ")) FROM \(childType.name) WHERE \(children.field) = \(SOQLString.quoted(id))"
        let result = try store.query(OrgStore.parse(soql), source: soql, userID: userID, db: db)
        return .written { result.write(to: &$0, version: call.version) }
    }
}
