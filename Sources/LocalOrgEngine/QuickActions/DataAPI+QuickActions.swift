import GRDB
import SalesforceCore

/// `quickActions` and `sobjects/T/quickActions`: the actions, each one's describe and default
/// values, and a record made through one (`POST` with `{"record": {…}}`).
extension DataAPI {
    /// - Parameters:
    ///   - context: The object whose actions these are, for `sobjects/T/quickActions`.
    ///   - path: The segments after `quickActions`.
    func quickActions(_ call: RestCall, context: SObjectType?, path: [String]) throws(APIError) -> ResolvedCall {
        let actions = QuickAction.available(in: store.schema)
        func document(_ action: QuickAction) -> QuickActionDocument {
            QuickActionDocument(action: action, context: context, schema: store.schema, version: call.version, instanceURL: instanceURL)
        }
        guard let name = path.first else {
            guard call.method == "GET" else { throw APIError.methodNotAllowed(call.method, allowed: ["GET"]) }
            return .constant(.json(.array(actions.map { document($0).entry })))
        }
        guard let action = actions.first(where: { $0.name == name }) else { throw APIError.notFound }
        let doc = document(action)
        switch (call.method, path.count) {
        case ("GET", 1):
            return .constant(.json(doc.describe))
        case ("GET", 2) where path[1] == "describe":
            return .constant(.json(doc.describe))
        case ("GET", 2...3) where path[1] == "defaultValues" && !action.isPost:
            let contextID = path.count == 3 ? path[2] : nil
            return .read { db in .json(doc.defaultValues(userID: userID, contextRecord: try contextRecord(contextID, db: db))) }
        case ("POST", 1):
            guard let target = action.target else {
                throw APIError(
                    status: 400, errorCode: "INVALID_TYPE", message: "\(action.label) posts to a feed, which this org does not have.")
            }
            let body = try call.requiredJSON()
            guard let given = body["record"]?.objectValue else {
                throw APIError.jsonParser("A quick action needs the new record: {\"record\": {\"Field\": \"value\"}}.")
            }
            let contextID = body["contextId"]?.stringValue
            return .write { db in
                var record = given
                if let context = try contextRecord(contextID, db: db),
                    let parentField = QuickActionDocument.contextField(of: action, for: context.type, schema: store.schema),
                    record[parentField] == nil
                {
                    record[parentField] = .string(context.id)
                }
                let id = try store.create(target, fields: .object(record), as: userID, db: db)
                return .json([
                    "contextId": contextID.map(JSON.string) ?? .null, "created": true, "errors": [], "feedItemIds": [], "id": .string(id),
                    "success": true,
                ])
            }
        case (_, 1):
            throw APIError.methodNotAllowed(call.method, allowed: ["GET", "POST"])
        default:
            throw APIError.notFound
        }
    }

    /// The record an action opens from, with its type: a live record, or NOT_FOUND.
    private func contextRecord(_ rawID: String?, db: Database) throws -> (id: String, type: String)? {
        guard let rawID else { return nil }
        guard let id = RecordID.normalized(rawID), let type = store.schema.type(withKeyPrefix: String(id.prefix(3))) else {
            throw APIError.notFound
        }
        let record = try store.retrieve(type.name, id: id, fields: ["Id"], db: db)
        return (record["Id"]?.stringValue ?? id, type.name)
    }
}
