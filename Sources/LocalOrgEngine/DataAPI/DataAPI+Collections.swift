import GRDB
import SalesforceCore

/// sObject collections, `composite/sobjects`: up to 200 records created, updated, upserted or
/// deleted in one call, and up to 2,000 retrieved.
extension DataAPI {
    static let collectionLimit = 200
    static let collectionRetrieveLimit = 2000

    func collections(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let path = call.segments
        switch (call.method, path.count) {
        case ("POST", 2):
            return .write { db in
                try writeCollection(call, db: db) { record, type in
                    if record.keys.contains(where: { $0.lowercased() == "id" }) {
                        throw APIError(
                            status: 400, errorCode: "INVALID_FIELD", message: "cannot specify Id in an insert call", fields: ["Id"])
                    }
                    return (try store.create(type.name, fields: .object(record), as: userID, db: db), nil)
                }
            }
        case ("PATCH", 2):
            return .write { db in
                try writeCollection(call, db: db) { record, type in
                    guard let id = record.first(where: { $0.key.lowercased() == "id" })?.value.stringValue else {
                        throw APIError(
                            status: 400, errorCode: "MISSING_ARGUMENT", message: "Id not specified in an update call", fields: ["Id"])
                    }
                    try store.update(type.name, id: id, fields: .object(record.filter { $0.key.lowercased() != "id" }), as: userID, db: db)
                    return (try store.recordID(id, of: type), nil)
                }
            }
        case ("PATCH", 4): return .write { db in try upsertCollection(call, typeName: path[2], field: path[3], db: db) }
        case ("DELETE", 2): return .write { db in try deleteCollection(call, db: db) }
        case ("GET", 3), ("POST", 3): return .read { db in try retrieveCollection(call, typeName: path[2], db: db) }
        default: throw APIError.notFound
        }
    }

    /// The `records` of a write, checked against the size limit, and `allOrNone`.
    private func collectionRecords(_ call: RestCall) throws(APIError) -> (records: [JSON], allOrNone: Bool) {
        // Counted before parsing: 900,000 records would otherwise be read whole (a gigabyte) only to be refused.
        if case .bytes(let bytes, _) = call.body, let count = JSON.countElements(ofArray: "records", in: bytes, upTo: Self.collectionLimit)
        {
            try Self.checkCollectionSize(count)
        }
        let body = try call.requiredJSON()
        guard let records = body["records"]?.arrayValue else {
            throw APIError.jsonParser(
                "The body must be {\"allOrNone\": false, \"records\": [{\"attributes\": {\"type\": \"Account\"}, ...}]}.")
        }
        try Self.checkCollectionSize(records.count)
        return (records, body["allOrNone"]?.boolValue ?? false)
    }

    static func checkCollectionSize(_ count: Int, limit: Int = collectionLimit) throws(APIError) {
        guard count <= limit else {
            throw APIError(
                status: 400, errorCode: "EXCEEDED_ID_LIMIT",
                message: "record limit reached. cannot submit more than \(limit) records into this call")
        }
    }

    /// Runs `write` for each record, each in its own savepoint; with `allOrNone`, one failure
    /// rolls back all and the others report ALL_OR_NONE_OPERATION_ROLLED_BACK.
    private func writeCollection(
        _ call: RestCall, db: Database,
        _ write: ([String: JSON], SObjectType) throws -> (id: String, created: Bool?)
    ) throws -> RestReply {
        let (records, allOrNone) = try collectionRecords(call)
        let outcomes = try db.collection(allOrNone: allOrNone) {
            records.map { json in
                db.attempt { () throws -> (id: String, created: Bool?) in
                    guard let record = json.objectValue else { throw APIError.jsonParser("Each record must be a JSON object.") }
                    guard let typeName = record["attributes"]?["type"]?.stringValue else {
                        throw APIError(status: 400, errorCode: "INVALID_TYPE", message: "Must send a concrete entity type.")
                    }
                    return try write(record.filter { $0.key != "attributes" }, try store.type(named: typeName))
                }
            }.map(CollectionOutcome.init)
        }
        return Self.collectionResults(outcomes, allOrNone: allOrNone, ids: records.map { $0["id"]?.stringValue ?? $0["Id"]?.stringValue })
    }

    private func upsertCollection(_ call: RestCall, typeName: String, field: String, db: Database) throws -> RestReply {
        let type = try store.type(named: typeName)
        return try writeCollection(call, db: db) { record, recordType in
            guard recordType.name == type.name else {
                throw APIError(
                    status: 400, errorCode: "INVALID_TYPE",
                    message: "The record type \(recordType.name) does not match the URL's \(type.name).")
            }
            guard let value = record.first(where: { $0.key.lowercased() == field.lowercased() })?.value else {
                throw APIError(status: 400, errorCode: "MISSING_ARGUMENT", message: "\(field) not specified", fields: [field])
            }
            // `"Id": null` in an upsert by Id is a record to create, as Salesforce takes it.
            let text =
                value == .null && field.lowercased() == "id"
                ? "" : value.stringValue ?? String(decoding: value.serializedBytes(), as: UTF8.self)
            switch try store.upsert(
                type.name, externalIdField: field, value: text, fields: .object(record), as: userID, db: db)
            {
            case .created(let id): return (id, true)
            case .updated(let id): return (id, false)
            case .multipleMatches:
                throw APIError(
                    status: 300, errorCode: "DUPLICATE_EXTERNAL_ID",
                    message: "\(field): more than one record found for external id field: \(text)", fields: [field])
            }
        }
    }

    private func deleteCollection(_ call: RestCall, db: Database) throws -> RestReply {
        let ids = call.listParameter("ids") ?? []
        guard !ids.isEmpty else {
            throw APIError(
                status: 400, errorCode: "MISSING_ARGUMENT", message: "The ids parameter is required: composite/sobjects?ids=001...,003...")
        }
        try Self.checkCollectionSize(ids.count)
        let allOrNone = call.parameter("allOrNone")?.lowercased() == "true"
        let outcomes = try db.collection(allOrNone: allOrNone) {
            ids.map { id in
                db.attempt { () throws -> (id: String, created: Bool?) in
                    guard let normalized = RecordID.normalized(id),
                        let type = store.schema.types.first(where: { normalized.hasPrefix($0.keyPrefix) })
                    else {
                        throw APIError.malformedID(id)
                    }
                    try store.delete(type.name, id: normalized, as: userID, db: db)
                    return (normalized, nil)
                }
            }.map(CollectionOutcome.init)
        }
        return Self.collectionResults(outcomes, allOrNone: allOrNone, ids: ids)
    }

    /// `GET composite/sobjects/T?ids=&fields=` or `POST` with `{"ids":[...],"fields":[...]}`:
    /// the records in the order asked, null where one does not exist.
    private func retrieveCollection(_ call: RestCall, typeName: String, db: Database) throws -> RestReply {
        let type = try store.type(named: typeName)
        let ids: [String]
        let fields: [String]
        if call.method == "POST" {
            let body = try call.requiredJSON()
            ids = body["ids"]?.arrayValue?.compactMap(\.stringValue) ?? []
            fields = body["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []
        } else {
            ids = call.listParameter("ids") ?? []
            fields = call.listParameter("fields") ?? []
        }
        guard !ids.isEmpty, !fields.isEmpty else {
            throw APIError(
                status: 400, errorCode: "MISSING_ARGUMENT",
                message: "Both ids and fields are required: composite/sobjects/\(type.name)?ids=...&fields=Id,Name")
        }
        try Self.checkCollectionSize(ids.count, limit: Self.collectionRetrieveLimit)
        var records: [SObjectRecord?] = []
        for id in ids {
            do {
                records.append(try store.retrieve(type.name, id: id, fields: fields, db: db))
            } catch let error as APIError where error.status == 404 {
                records.append(nil)
            }
        }
        return .written { writer in
            writer.beginArray()
            for record in records {
                if let record { record.write(to: &writer, version: call.version) } else { writer.null() }
            }
            writer.endArray()
        }
    }

    /// `[{"id","success","errors"[,"created"]}]`, one per record in order.
    private static func collectionResults(_ outcomes: [CollectionOutcome], allOrNone: Bool, ids: [String?]) -> RestReply {
        let rolledBack = allOrNone && outcomes.contains { !$0.succeeded }
        return .written { writer in
            writer.beginArray()
            for (index, outcome) in outcomes.enumerated() {
                writer.beginObject()
                switch outcome.result {
                case .success(let value) where !rolledBack:
                    writer.key("id")
                    writer.string(value.id)
                    writer.key("success")
                    writer.bool(true)
                    writer.key("errors")
                    writer.beginArray()
                    writer.endArray()
                    if let created = value.created {
                        writer.key("created")
                        writer.bool(created)
                    }
                default:
                    if let id = ids[index].flatMap(RecordID.normalized) {
                        writer.key("id")
                        writer.string(id)
                    }
                    writer.key("success")
                    writer.bool(false)
                    writer.key("errors")
                    writer.beginArray()
                    outcome.error.write(to: &writer, codeKey: "statusCode", alwaysWriteFields: true)
                    writer.endArray()
                }
                writer.endObject()
            }
            writer.endArray()
        }
    }
}

/// What happened to one record of a collection.
struct CollectionOutcome {
    var result: Result<(id: String, created: Bool?), APIError>

    init(_ result: Result<(id: String, created: Bool?), APIError>) { self.result = result }

    var succeeded: Bool {
        if case .success = result { return true }
        return false
    }

    /// The record's own error, or the rollback notice when it succeeded but another failed.
    var error: APIError {
        if case .failure(let error) = result { return error }
        return APIError(
            status: 400, errorCode: "ALL_OR_NONE_OPERATION_ROLLED_BACK",
            message: "Record rolled back because not all records were valid and the request was using AllOrNone header")
    }
}
