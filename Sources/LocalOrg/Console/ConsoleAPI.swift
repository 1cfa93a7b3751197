import Foundation
import LocalOrgEngine
import SOQL
import SalesforceCore

/// The REST API as the console's pages use it: the same calls an app makes, answered by the same
/// resources as the signed-in user, so a form shows the validation messages an app would get.
struct ConsoleAPI: Sendable {
    let org: Org
    let user: BrowserUser

    /// A call's JSON answer (null for none).
    func call(_ method: String, _ path: [String], parameters: [(name: String, value: String)] = [], body: JSON? = nil)
        async throws(APIError) -> JSON
    {
        let call = RestCall(
            method: method, version: APIVersion.current.description, segments: path, parameters: parameters,
            body: body.map { .json($0) } ?? .none, headers: [:])
        let reply = try await org.answer(call, asUser: user.userID)
        guard let bytes = reply.body, !bytes.isEmpty, reply.contentType == RestReply.jsonContentType else { return .null }
        guard let json = try? JSON(parsing: bytes) else {
            throw APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "The org answered with JSON it cannot read.")
        }
        return json
    }

    /// The records of a SOQL query's first batch, with the total.
    func query(_ soql: String) async throws(APIError) -> (records: [JSON], totalSize: Int) {
        let answer = try await call("GET", ["query"], parameters: [("q", soql)])
        return (answer["records"]?.arrayValue ?? [], Int(answer["totalSize"]?.integerValue ?? 0))
    }

    /// The org's objects, in describeGlobal's order. The console reads the engine's schema, the
    /// one model describe is written from, instead of parsing describe's JSON again.
    func objects() -> [SObjectType] { org.store.schema.types }

    /// An object's description, or nil when the org has no such object.
    func describe(_ object: String) -> SObjectType? { org.store.schema.type(named: object) }

    /// The relationships from child objects to `object`, as describe's `childRelationships` lists them.
    func childRelationships(of object: String) -> [ChildRelationship] { org.store.schema.childRelationships(of: object) }

    /// The object whose record ids start with `prefix` (`001`: Account).
    func object(withKeyPrefix prefix: String) -> String? { org.store.schema.type(withKeyPrefix: prefix)?.name }

    /// The object of a record id, by its key prefix.
    func object(ofID id: String) -> String? {
        guard id.count == 15 || id.count == 18 else { return nil }
        return object(withKeyPrefix: String(id.prefix(3)))
    }

    /// The name to show for each record that the records' reference fields point to.
    func referenceNames(in records: [JSON], fields: [SObjectField]) async -> [String: String] {
        let references = fields.filter { $0.type == .reference }
        guard !references.isEmpty else { return [:] }
        var ids: [String: String] = [:]
        for record in records {
            for field in references {
                guard let id = record[field.name]?.stringValue, id.count >= 15 else { continue }
                // The key prefix tells which object, for a field that may point to several.
                ids[id] = object(ofID: id) ?? field.referenceTo.first
            }
        }
        return await names(of: ids)
    }

    /// The display name of each record id, by the record's object: one query per object.
    private func names(of ids: [String: String]) async -> [String: String] {
        var names: [String: String] = [:]
        for (object, group) in Dictionary(grouping: ids.keys, by: { ids[$0] ?? "" }) where !object.isEmpty {
            guard let nameField = describe(object)?.nameField else { continue }
            guard let found = try? await query(ConsoleQueries.names(of: object, nameField: nameField.name, ids: group)) else {
                continue
            }
            for record in found.records {
                if let id = record["Id"]?.stringValue { names[id] = record[nameField.name]?.stringValue ?? id }
            }
        }
        return names
    }
}
