import Foundation
import SOQL
import SalesforceCore
import SalesforceREST

/// Sends a batch through an app's custom target, one record at a time, and reads each
/// outcome as the other targets' answers are read.
struct CustomTargetWriter: Sendable {
    let target: any CustomSyncUpTarget
    let settings: SyncUpTarget
    let client: RestClient
    /// LEAVE_IF_CHANGED: updates and deletes go only when the server has not changed the record.
    let conditional: Bool

    /// Adds each sent item's outcome to `outcomes` by entry id, as it comes: a network failure
    /// halfway leaves the outcomes of the records already written.
    func send(_ items: [SyncUpItem], into outcomes: inout [Int64: SyncUpOutcome]) async throws {
        let context = SyncUpContext(client: client, target: settings)
        let serverStamps = try await conditional ? stamps(of: items) : [:]
        for item in items {
            if conditional, let gone = Self.leftAlone(item, serverStamps: serverStamps) {
                outcomes[item.entryId] = gone
                continue
            }
            outcomes[item.entryId] = try await write(item, context: context)
        }
    }

    /// The server's modification stamps of the records `ids` holds by object type, by id.
    func modificationDates(of ids: [String: [String]]) async throws -> [String: JSON] {
        let context = SyncUpContext(client: client, target: settings)
        var stamps: [String: JSON] = [:]
        for (type, ids) in ids.sorted(by: { $0.key < $1.key }) where !ids.isEmpty {
            stamps.merge(try await target.modificationDates(type, ids: ids, context: context)) { $1 }
        }
        return stamps
    }

    private func write(_ item: SyncUpItem, context: SyncUpContext) async throws -> SyncUpOutcome {
        do {
            switch item.action {
            case .create(let fields):
                return .created(try await target.createOnServer(item.objectType, fields: fields, context: context))
            case .update(let id, let fields):
                try await target.updateOnServer(item.objectType, id: id, fields: fields, context: context)
                return .written
            case .delete(let id):
                try await target.deleteOnServer(item.objectType, id: id, context: context)
                return .deleted
            case .settle, .invalid:
                return .written
            }
        } catch let error as RestError {
            guard error.code == .http, let answer = error.response else { throw error }
            return .of(status: answer.status, body: (try? JSON(parsing: answer.body)) ?? .null, for: item.action)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .failed(SyncFailure.describe(error))
        }
    }

    /// The server's stamps of the records a conditional batch updates or deletes.
    private func stamps(of items: [SyncUpItem]) async throws -> [String: JSON] {
        var idsByType: [String: [String]] = [:]
        for item in items where item.baseStamp != nil {
            switch item.action {
            case .update(let id, _), .delete(let id): idsByType[item.objectType, default: []].append(id)
            default: break
            }
        }
        return try await modificationDates(of: idsByType)
    }

    /// The outcome of an update or delete LEAVE_IF_CHANGED does not send: the record changed
    /// on the server since its base, or is gone; nil when it goes.
    private static func leftAlone(_ item: SyncUpItem, serverStamps: [String: JSON]) -> SyncUpOutcome? {
        guard let base = item.baseStamp else { return nil }
        let id: String
        switch item.action {
        case .update(let updated, _): id = updated
        case .delete(let deleted): id = deleted
        default: return nil
        }
        guard let stamp = serverStamps[id] else {
            if case .delete = item.action { return .deleted }
            return .notFound
        }
        guard let text = stamp.stringValue, let server = SOQLDateTime(parsing: text) else { return nil }
        let baseMilliseconds = base.millisecondsSince1970
        return server.millisecondsSinceEpoch > baseMilliseconds ? .conflict : nil
    }
}
