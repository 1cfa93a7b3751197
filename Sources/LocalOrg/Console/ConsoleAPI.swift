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

    /// The objects of the org (`GET sobjects`), by name.
    func objects() async throws(APIError) -> [ObjectSummary] {
        let answer = try await call("GET", ["sobjects"])
        return (answer["sobjects"]?.arrayValue ?? []).compactMap(ObjectSummary.init)
    }

    /// An object's describe, or nil when the org has no such object.
    func describe(_ object: String) async throws(APIError) -> ObjectDescription? {
        do {
            return ObjectDescription(try await call("GET", ["sobjects", object, "describe"]))
        } catch  where error.errorCode == "NOT_FOUND" || error.errorCode == "INVALID_TYPE" {
            return nil
        }
    }

    /// The object of a record id, by its key prefix.
    func object(ofID id: String) async throws(APIError) -> String? {
        guard id.count == 15 || id.count == 18 else { return nil }
        return try await objects().first { $0.keyPrefix == String(id.prefix(3)) }?.name
    }

    /// The name to show for each record that the records' reference fields point to.
    func referenceNames(in records: [JSON], fields: [ObjectDescription.Field]) async throws(APIError) -> [String: String] {
        let references = fields.filter { $0.type == "reference" }
        guard !references.isEmpty else { return [:] }
        let objects = try await objects()
        var ids: [String: String] = [:]
        for record in records {
            for field in references {
                guard let id = record[field.name]?.stringValue, id.count >= 15 else { continue }
                // The key prefix tells which object, for a field that may point to several.
                ids[id] = objects.first { $0.keyPrefix == String(id.prefix(3)) }?.name ?? field.referenceTo.first
            }
        }
        return await names(of: ids)
    }

    /// The display name of each record id, by the record's object: one query per object.
    private func names(of ids: [String: String]) async -> [String: String] {
        var names: [String: String] = [:]
        for (object, group) in Dictionary(grouping: ids.keys, by: { ids[$0] ?? "" }) where !object.isEmpty {
            guard let description = try? await describe(object), let nameField = description.nameField else { continue }
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

/// An object as `GET sobjects` lists it.
struct ObjectSummary: Sendable {
    var name: String
    var label: String
    var labelPlural: String
    var keyPrefix: String
    var createable: Bool

    init?(_ json: JSON) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.name = name
        label = json["label"]?.stringValue ?? name
        labelPlural = json["labelPlural"]?.stringValue ?? name
        keyPrefix = json["keyPrefix"]?.stringValue ?? ""
        createable = json["createable"]?.boolValue ?? false
    }
}

/// An object's describe, as much of it as the console's pages use.
struct ObjectDescription: Sendable {
    /// A field of the describe.
    struct Field: Sendable {
        var name: String
        var label: String
        var type: String
        var createable: Bool
        var updateable: Bool
        var nillable: Bool
        var sortable: Bool
        var nameField: Bool
        var referenceTo: [String]
        var relationshipName: String?
        /// Active picklist values with their labels, in order.
        var picklist: [(value: String, label: String)]
        var defaultedOnCreate: Bool

        /// Whether a form can edit it: compound fields (addresses, locations) are edited
        /// through their parts, and file bodies through the Files API.
        var isEditable: Bool { !["id", "address", "location", "base64"].contains(type) }
        /// The label of a picklist value, or the value.
        func label(of value: String) -> String { picklist.first { $0.value == value }?.label ?? value }
    }

    /// A relationship from a child object to this one.
    struct ChildRelationship: Sendable {
        var childObject: String
        var field: String
        var relationshipName: String
    }

    var name: String
    var label: String
    var labelPlural: String
    var createable: Bool
    var updateable: Bool
    var deletable: Bool
    var fields: [Field]
    var children: [ChildRelationship]

    init?(_ json: JSON) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.name = name
        label = json["label"]?.stringValue ?? name
        labelPlural = json["labelPlural"]?.stringValue ?? name
        createable = json["createable"]?.boolValue ?? false
        updateable = json["updateable"]?.boolValue ?? false
        deletable = json["deletable"]?.boolValue ?? false
        fields = (json["fields"]?.arrayValue ?? []).compactMap { field in
            guard let name = field["name"]?.stringValue else { return nil }
            return Field(
                name: name, label: field["label"]?.stringValue ?? name, type: field["type"]?.stringValue ?? "string",
                createable: field["createable"]?.boolValue ?? false, updateable: field["updateable"]?.boolValue ?? false,
                nillable: field["nillable"]?.boolValue ?? true, sortable: field["sortable"]?.boolValue ?? false,
                nameField: field["nameField"]?.boolValue ?? false,
                referenceTo: field["referenceTo"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                relationshipName: field["relationshipName"]?.stringValue,
                picklist: (field["picklistValues"]?.arrayValue ?? []).compactMap { entry in
                    guard entry["active"]?.boolValue != false, let value = entry["value"]?.stringValue else { return nil }
                    return (value, entry["label"]?.stringValue ?? value)
                },
                defaultedOnCreate: field["defaultedOnCreate"]?.boolValue ?? false)
        }
        children = (json["childRelationships"]?.arrayValue ?? []).compactMap { child in
            guard let object = child["childSObject"]?.stringValue, let field = child["field"]?.stringValue,
                let relationship = child["relationshipName"]?.stringValue
            else { return nil }
            return ChildRelationship(childObject: object, field: field, relationshipName: relationship)
        }
    }

    /// The field that names a record (`Name`, `CaseNumber`, `Title`), if the object has one.
    var nameField: Field? { fields.first(where: \.nameField) ?? fields.first { $0.name == "Name" } }

    func field(_ name: String) -> Field? { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame } }
}
