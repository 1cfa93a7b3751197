import GRDB
import SalesforceCore

/// `POST composite/tree/T`: records with nested children, created all together or not at
/// all, answering which id each `referenceId` got.
extension DataAPI {
    static let treeRecordLimit = 200
    static let treeDepthLimit = 5

    func tree(_ body: JSON, typeName: String, version: String, db: Database) throws -> RestReply {
        let rootType = try store.type(named: typeName)
        guard let records = body["records"]?.arrayValue, !records.isEmpty else {
            throw APIError.jsonParser(
                "The body must be {\"records\": [{\"attributes\": {\"type\": \"\(rootType.name)\", \"referenceId\": \"ref1\"}, ...}]}.")
        }
        var created: [(referenceID: String, id: String)] = []
        var failures: [(referenceID: String, error: APIError)] = []
        var seen: Set<String> = []
        var count = 0

        func insert(_ json: JSON, type expected: SObjectType, parent: (field: String, id: String)?, depth: Int) throws {
            guard let record = json.objectValue, let attributes = record["attributes"],
                let referenceID = attributes["referenceId"]?.stringValue, !referenceID.isEmpty
            else {
                throw APIError(
                    status: 400, errorCode: "INVALID_INPUT", message: "Each record needs attributes with a type and a referenceId.")
            }
            count += 1
            guard count <= Self.treeRecordLimit else {
                throw APIError(
                    status: 400, errorCode: "EXCEEDED_ID_LIMIT", message: "A tree request creates at most \(Self.treeRecordLimit) records.")
            }
            guard depth <= Self.treeDepthLimit else {
                throw APIError(
                    status: 400, errorCode: "INVALID_INPUT", message: "A tree request nests at most \(Self.treeDepthLimit) levels.")
            }
            guard seen.insert(referenceID).inserted else {
                throw APIError(
                    status: 400, errorCode: "INVALID_INPUT", message: "Duplicate ReferenceId provided in the request: \(referenceID)")
            }
            var fields: [String: JSON] = [:]
            var children: [(relationship: String, records: [JSON])] = []
            for (key, value) in record where key != "attributes" {
                if let nested = value["records"]?.arrayValue { children.append((key, nested)) } else { fields[key] = value }
            }
            let declared = attributes["type"]?.stringValue ?? expected.name
            guard declared.lowercased() == expected.name.lowercased() else {
                failures.append(
                    (
                        referenceID,
                        APIError(
                            status: 400, errorCode: "INVALID_TYPE",
                            message: "The record type \(declared) does not match \(expected.name).")
                    ))
                return
            }
            if let parent { fields[parent.field] = .string(parent.id) }
            let outcome = db.attempt { try store.create(expected.name, fields: .object(fields), as: userID, db: db) }
            guard case .success(let id) = outcome else {
                if case .failure(let error) = outcome { failures.append((referenceID, error)) }
                return
            }
            created.append((referenceID, id))
            for (relationship, nested) in children.sorted(by: { $0.relationship < $1.relationship }) {
                guard
                    let link = store.schema.childRelationships(of: expected.name).first(where: {
                        $0.relationshipName.lowercased() == relationship.lowercased()
                    }),
                    let childType = store.schema.type(named: link.childObject)
                else {
                    failures.append(
                        (
                            referenceID,
                            APIError(
                                status: 400, errorCode: "INVALID_FIELD",
                                message: "No such relationship '\(relationship)' on \(expected.name)", fields: [relationship])
                        ))
                    continue
                }
                for child in nested { try insert(child, type: childType, parent: (link.field, id), depth: depth + 1) }
            }
        }

        try db.inTransaction {
            for record in records { try insert(record, type: rootType, parent: nil, depth: 1) }
            return failures.isEmpty ? .commit : .rollback
        }
        return .written(status: failures.isEmpty ? 201 : 400) { writer in
            writer.beginObject()
            writer.key("hasErrors")
            writer.bool(!failures.isEmpty)
            writer.key("results")
            writer.beginArray()
            if failures.isEmpty {
                for (referenceID, id) in created {
                    writer.beginObject()
                    writer.key("referenceId")
                    writer.string(referenceID)
                    writer.key("id")
                    writer.string(id)
                    writer.endObject()
                }
            } else {
                for (referenceID, error) in failures {
                    writer.beginObject()
                    writer.key("referenceId")
                    writer.string(referenceID)
                    writer.key("errors")
                    writer.beginArray()
                    error.write(to: &writer, codeKey: "statusCode", alwaysWriteFields: true)
                    writer.endArray()
                    writer.endObject()
                }
            }
            writer.endArray()
            writer.endObject()
        }
    }
}
