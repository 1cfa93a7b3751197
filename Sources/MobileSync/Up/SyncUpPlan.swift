import Foundation
import SOQL
import SalesforceCore

/// What sync up does with one dirty record, decided from its flags and fields.
struct SyncUpItem: Sendable {
    /// What goes to the server.
    enum Action: Sendable {
        /// Create with these fields.
        case create([String: JSON])
        /// Update the record with these fields (only those changed since its base, when the base is known).
        case update(id: String, fields: [String: JSON])
        /// Delete the record.
        case delete(id: String)
        /// Nothing to send, the record is clean again: created and deleted before any sync, or
        /// updated back to what the server has.
        case settle
        /// It cannot be sent; the message goes to `__last_error__`.
        case invalid(String)
    }

    let entryId: Int64
    /// The record as read, compared at write-back to tell whether the app changed it meanwhile.
    let read: JSON
    let objectType: String
    var action: Action
    /// The server stamp the record was based on: writes are conditional on it under LEAVE_IF_CHANGED.
    let baseStamp: Date?
    /// The record's name in a composite request; unique within a run (a tree's soups share entry ids).
    var referenceId: String
    /// The target's external id field: a create with a value there is an upsert by it.
    let externalIdFieldName: String?

    /// The external id a create is upserted by: its value at ``externalIdFieldName``, when the
    /// target names one and the fields have a value there.
    var externalId: (field: String, value: String)? {
        guard case .create(let fields) = action, let field = externalIdFieldName, let value = fields[field], !value.isNull else {
            return nil
        }
        let text = value.stringValue ?? value.serialized()
        return text.isEmpty ? nil : (field, text)
    }

    /// The plan for `record` under `target` and `options`.
    init(record: JSON, target: SyncUpTarget, options: SyncOptions) {
        let flags = RecordFlags(record)
        entryId = record["_soupEntryId"]?.integerValue ?? 0
        referenceId = "r\(entryId)"
        externalIdFieldName = target.externalIdFieldName
        read = record
        objectType = record["attributes"]?["type"]?.stringValue ?? ""
        let base = record[SyncField.base]?.objectValue
        let stampText = (base?[target.modificationDateFieldName] ?? record[target.modificationDateFieldName])?.stringValue
        baseStamp = stampText.flatMap(SOQLDateTime.init(parsing:)).map {
            Date(millisecondsSince1970: $0.millisecondsSinceEpoch)
        }
        let id = record[target.idFieldName]?.stringValue
        if flags.isCreated && flags.isDeleted {
            action = .settle
        } else if objectType.isEmpty {
            action = .invalid("The record has no attributes.type, so its object type is unknown; set it (createLocally does).")
        } else if flags.isDeleted {
            action = id.map { .delete(id: $0) } ?? .settle
        } else if flags.isCreated {
            action = .create(Self.createFields(of: record, target: target, options: options))
        } else if flags.isUpdated, let id {
            let fields = Self.fields(target.updateFieldlist ?? options.fieldlist, of: record, target: target, base: base)
            action = fields.isEmpty ? .settle : .update(id: id, fields: fields)
        } else if flags.isUpdated {
            action = .invalid("The record is flagged as updated but has no \(target.idFieldName).")
        } else {
            action = .settle
        }
    }

    /// The listed fields the record has, without the id and stamp fields (D13: a missing field
    /// is left out rather than sent as null, which would blank it on the server); with a base,
    /// only those whose value differs from it, so other users' edits of other fields survive.
    /// Mobile Sync's and SmartStore's own fields (`__local__`, `_soupCreatedDate`…) are never
    /// sent, even when an app's field list names them (a list copied from a stored record's keys):
    /// no Salesforce field has such a name, so the server would refuse the whole record.
    static func fields(_ list: [String]?, of record: JSON, target: SyncUpTarget, base: [String: JSON]?) -> [String: JSON] {
        var fields: [String: JSON] = [:]
        for name in list ?? []
        where name != target.idFieldName && name != target.modificationDateFieldName && !SyncField.bookkeeping.contains(name) {
            guard let value = Self.value(at: name, in: record) else { continue }
            if let base, let before = Self.value(at: name, in: JSON.object(base)), before == value { continue }
            fields[name] = value
        }
        return fields
    }

    /// The fields a create sends: the create field list's, and the external id the target
    /// upserts by, when the record has one, whether the list names it or not.
    static func createFields(of record: JSON, target: SyncUpTarget, options: SyncOptions) -> [String: JSON] {
        var fields = fields(target.createFieldlist ?? options.fieldlist, of: record, target: target, base: nil)
        if let name = target.externalIdFieldName, fields[name] == nil, let value = value(at: name, in: record), !value.isNull {
            fields[name] = value
        }
        return fields
    }

    /// The value at a dotted path.
    static func value(at path: String, in record: JSON) -> JSON? {
        var current: JSON? = record
        for component in path.split(atScalars: ["."]) { current = current?[String(component)] }
        return current
    }
}

/// How the server answered for one record.
enum SyncUpOutcome: Sendable {
    /// Created under this id.
    case created(String)
    /// Updated.
    case written
    /// Deleted, or already gone.
    case deleted
    /// The update found no record: it was deleted on the server.
    case notFound
    /// The record changed on the server since its base (412): nothing was written.
    case conflict
    /// Refused; the server's answer.
    case failed(String)

    /// Salesforce's codes for a record that is gone.
    static let goneCodes: Set<String> = ["ENTITY_IS_DELETED", "NOT_FOUND", "INVALID_CROSS_REFERENCE_KEY"]

    /// The outcome of an answer with `status` and `body` to `action`.
    static func of(status: Int, body: JSON, for action: SyncUpItem.Action) -> SyncUpOutcome {
        let codes = Set((body.arrayValue ?? [body]).compactMap { $0["errorCode"]?.stringValue ?? $0["statusCode"]?.stringValue })
        switch (status, action) {
        case (200..<300, .create):
            guard let id = body["id"]?.stringValue else {
                return .failed("The server created the record but sent no id: \(body.serialized())")
            }
            return .created(id)
        case (200..<300, .delete): return .deleted
        case (200..<300, _): return .written
        case (412, _): return .conflict
        case (_, .delete) where status == 404 || !codes.isDisjoint(with: goneCodes): return .deleted
        case (_, .update) where status == 404 || !codes.isDisjoint(with: goneCodes): return .notFound
        default: return .failed(body.isNull ? "HTTP \(status)" : body.serialized())
        }
    }
}
