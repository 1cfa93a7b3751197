import Foundation
import GRDB
import SalesforceCore

/// `sobjects/...`: describe, records, upsert by external id and blob fields.
extension DataAPI {
    func sobjects(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let path = call.segments
        if path.count == 1 {
            guard call.method == "GET" else { throw APIError.methodNotAllowed(call.method, allowed: ["GET"]) }
            return .constant(.json(DescribeDocument.global(of: store.schema, version: call.version)))
        }
        if path[1] == "Global", store.schema.type(named: "Global") == nil { return .constant(try globalPublisherLayout(call)) }
        let type = try store.type(named: path[1])
        if path.count >= 3, path[2] == "listviews" { return try listViews(of: type, call) }
        if path.count >= 3, path[2] == "quickActions" { return try quickActions(call, context: type, path: Array(path.dropFirst(3))) }
        switch (call.method, path.count) {
        case ("GET", 2): return .read { db in try typeInfo(type, version: call.version, db: db) }
        case ("POST", 2):
            if type.name == "MobilePushServiceDevice", !pushEnabled {
                throw APIError(status: 404, errorCode: "NOT_FOUND", message: "Push notifications are not enabled for this org.")
            }
            let fields = try call.requiredJSON()
            return .write { db in
                created(id: try store.create(type.name, fields: fields, as: userID, db: db), type: type, version: call.version)
            }
        case ("GET", 3) where path[2] == "describe":
            return .constant(.json(DescribeDocument.full(of: type, schema: store.schema, version: call.version, instanceURL: instanceURL)))
        case ("GET", 4...) where path[2] == "describe":
            return .constant(try describeLayouts(type, path: Array(path.dropFirst(3)), version: call.version))
        case ("GET", 3) where path[2] == "updated" || path[2] == "deleted":
            return try replication(path[2] == "updated" ? .updated : .deleted, of: type, call: call)
        case ("GET", 3):
            // A view joins the user's recent items, so reading a record writes.
            let fields = call.listParameter("fields")
            return .write { db in
                let record = try store.retrieve(type.name, id: path[2], fields: fields, db: db)
                try RecentItems.mark(record["Id"]?.stringValue ?? path[2], type: type.name, by: userID, db: db)
                return .written { record.write(to: &$0, version: call.version) }
            }
        case ("PATCH", 3):
            let since = try unmodifiedSince(call)
            let fields = try call.requiredJSON()
            return .write { [since] db in
                try store.update(type.name, id: path[2], fields: fields, ifUnmodifiedSince: since, as: userID, db: db)
                return .noContent
            }
        case ("DELETE", 3):
            let since = try unmodifiedSince(call)
            return .write { [since] db in
                try store.delete(type.name, id: path[2], ifUnmodifiedSince: since, as: userID, db: db)
                return .noContent
            }
        case (_, 4) where type.name == "User" && path[3] == "password":
            return try userPassword(call, userID: path[2])
        case ("GET", 4) where RecordID.normalized(path[2]) != nil && type.field(named: path[3])?.type == .base64:
            return .read { db in try blob(of: type, id: path[2], field: path[3], db: db) }
        case ("GET", 4) where RecordID.normalized(path[2]) != nil && isRelationship(path[3], of: type):
            return .read { db in try related(type, id: path[2], relationship: path[3], call: call, db: db) }
        case ("GET", 4):
            return .read { db in try retrieveByExternalID(type, field: path[2], value: path[3], call: call, db: db) }
        case ("PATCH", 4), ("POST", 4), ("POST", 3):
            // POST .../Field/ with no value creates, as the SDK's upsert with a nil external id does.
            let fields = try call.requiredJSON()
            return .write { db in
                try upsert(type, field: path[2], value: path.count == 4 ? path[3] : "", fields: fields, version: call.version, db: db)
            }
        case (_, 2...4):
            throw APIError.methodNotAllowed(call.method, allowed: path.count == 2 ? ["GET", "POST"] : ["GET", "PATCH", "DELETE"])
        default:
            throw APIError.notFound
        }
    }

    /// The request's `If-Unmodified-Since`, which PATCH and DELETE honour with a 412.
    private func unmodifiedSince(_ call: RestCall) throws(APIError) -> Date? {
        guard let header = call.headers["if-unmodified-since"] else { return nil }
        guard let date = HTTPHeaderDate.parse(header) else {
            throw APIError(status: 400, errorCode: "INVALID_HEADER_TYPE", message: "If-Unmodified-Since must be an HTTP date: \(header)")
        }
        return date
    }

    /// `201 {"id","success","errors"}` with the new record's Location.
    func created(id: String, type: SObjectType, version: String) -> RestReply {
        var reply = RestReply.json(["id": .string(id), "success": true, "errors": []], status: 201)
        reply.headers = [("Location", "\(type.path(version: version))/\(id)")]
        return reply
    }

    /// `GET sobjects/T`: the type's summary and the user's recent records of it.
    private func typeInfo(_ type: SObjectType, version: String, db: Database) throws -> RestReply {
        let recent = try store.recentItems(of: userID, type: type.name, limit: 25, db: db)
        return .written { writer in
            writer.beginObject()
            writer.key("objectDescribe")
            writer.value(DescribeDocument.summary(of: type, version: version))
            writer.key("recentItems")
            writer.beginArray()
            for record in recent { record.write(to: &writer, version: version) }
            writer.endArray()
            writer.endObject()
        }
    }

    private func upsert(_ type: SObjectType, field: String, value: String, fields: JSON, version: String, db: Database) throws -> RestReply
    {
        let outcome = try store.upsert(
            type.name, externalIdField: field, value: value, fields: fields, as: userID, db: db)
        switch outcome {
        case .created(let id):
            var reply = created(id: id, type: type, version: version)
            reply.body = JSON.object(["id": .string(id), "success": true, "errors": [], "created": true]).serializedBytes()
            return reply
        case .updated(let id):
            // Upsert answers 204 before API v46 and a body with created=false from v46.
            guard let number = APIVersion(version), number.major >= 46 else { return .noContent }
            return .json(["id": .string(id), "success": true, "errors": [], "created": false])
        case .multipleMatches(let paths):
            return .json(.array(paths.map { JSON.string(APIPath.url($0, version: version)) }), status: 300)
        }
    }

    /// `GET sobjects/T/Field/value`: the record whose external id is `value`.
    private func retrieveByExternalID(_ type: SObjectType, field name: String, value: String, call: RestCall, db: Database) throws
        -> RestReply
    {
        guard let field = type.field(named: name), field.idLookup, field.type != .id else {
            throw APIError(
                status: 404, errorCode: "NOT_FOUND", message: "Provided external ID field does not exist or is not accessible: \(name)")
        }
        let ids = try store.liveIDs(of: type, where: field, equals: value, db: db)
        switch ids.count {
        case 0: throw APIError.notFound
        case 1:
            let record = try store.retrieve(type.name, id: ids[0], fields: call.listParameter("fields"), db: db)
            return .written { record.write(to: &$0, version: call.version) }
        default:
            return .json(.array(ids.map { .string("\(type.path(version: call.version))/\($0)") }), status: 300)
        }
    }

    /// `GET sobjects/ContentVersion/068.../VersionData`: the field's bytes.
    private func blob(of type: SObjectType, id rawID: String, field name: String, db: Database) throws -> RestReply {
        let id = try store.recordID(rawID, of: type)
        guard let field = type.field(named: name) else { throw APIError.notFound }
        let value = try store.liveRow(type, id: id, db: db)[field.name] ?? .null
        guard case .blob(let bytes) = value else { throw APIError.notFound }
        return RestReply(status: 200, body: bytes, contentType: "application/octetstream")
    }
}
