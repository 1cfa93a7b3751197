import Foundation
import SalesforceCore
import SalesforceREST
import SmartStore

/// Sending a group of a tree sync up: dependency order, references to new parents, chunks.
extension TreeSyncUpRun {
    /// Sends the items not skipped, in dependency order, 25 subrequests a request: creates and
    /// updates parents first, deletes children first; children of a master-detail parent being
    /// deleted go with it.
    func send(_ answer: inout TreeAnswer, conditional: Bool) async throws {
        let sender = SyncUpSender(client: client, target: SyncUpTarget(kind: .batch), conditional: conditional)
        let items = answer.items
        var creatorOf: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if case .create = item.item.action, let id = item.item.read[levels[item.level].object.idFieldName]?.stringValue {
                creatorOf["\(item.level)/\(id)"] = index
            }
        }
        var deleting = Set<String>()
        for item in items {
            if case .delete(let id) = item.item.action { deleting.insert("\(item.level)/\(id)") }
        }
        var writes: [Int] = []
        var deletes: [Int] = []
        for index in items.indices where answer.skipped[index] == nil {
            let item = items[index]
            let object = levels[item.level].object
            if let parent = levels[item.level].parent, object.relationshipType == .masterDetail,
                let parentId = item.item.read[object.parentIdFieldName ?? ""]?.stringValue, deleting.contains("\(parent)/\(parentId)")
            {
                answer.withParentDelete[index] = "\(parent)/\(parentId)"
                continue
            }
            switch item.item.action {
            case .create, .update: writes.append(index)
            case .delete: deletes.append(index)
            case .settle, .invalid: break
            }
        }
        writes.sort { (levels[items[$0].level].ancestors.count, $0) < (levels[items[$1].level].ancestors.count, $1) }
        deletes.sort { (levels[items[$0].level].ancestors.count, $1) > (levels[items[$1].level].ancestors.count, $0) }
        for chunk in (writes + deletes).chunks(of: Self.requestLimit) {
            var sending: [SyncUpItem] = []
            var sent: [Int] = []
            let inChunk = Set(chunk)
            for index in chunk {
                let item = items[index]
                let object = levels[item.level].object
                var toSend = item.item
                if let field = object.parentIdFieldName, let parentLevel = levels[item.level].parent,
                    let parentId = item.item.read[field]?.stringValue,
                    LocalID.isLocal(parentId) || creatorOf["\(parentLevel)/\(parentId)"] != nil
                {
                    // The parent is new (or made again): referenced in this request, or by the id it
                    // got in an earlier one.
                    let reference: String
                    if let creator = creatorOf["\(parentLevel)/\(parentId)"], inChunk.contains(creator) {
                        reference = "@{\(items[creator].referenceId).id}"
                    } else if let creator = creatorOf["\(parentLevel)/\(parentId)"], case .created(let newId)? = answer.outcomes[creator] {
                        reference = newId
                    } else {
                        let parentType = levels[parentLevel].object.objectType
                        let why = creatorOf["\(parentLevel)/\(parentId)"].flatMap { answer.message(for: $0) }.map { ": \($0)" } ?? ""
                        answer.notSent[index] = "Not sent: its parent \(parentType) \(parentId) was not created\(why)"
                        continue
                    }
                    toSend.action = Self.action(toSend.action, setting: field, to: reference)
                }
                toSend.referenceId = item.referenceId
                sending.append(toSend)
                sent.append(index)
            }
            guard !sending.isEmpty else { continue }
            let byReference = try await sender.compositeOutcomes(sending)
            for index in sent { answer.outcomes[index] = byReference[items[index].referenceId] }
            // A child whose new parent failed in the same request failed because of it: say so.
            for index in sent {
                let item = items[index]
                guard case .failed? = answer.outcomes[index], let field = levels[item.level].object.parentIdFieldName,
                    let parentLevel = levels[item.level].parent, let parentId = item.item.read[field]?.stringValue,
                    let creator = creatorOf["\(parentLevel)/\(parentId)"], inChunk.contains(creator),
                    case .failed(let parentMessage)? = answer.outcomes[creator]
                else { continue }
                answer.outcomes[index] = .failed(
                    "Not created: its parent \(levels[parentLevel].object.objectType) \(parentId) failed: \(parentMessage)")
            }
        }
    }

    private static func action(_ action: SyncUpItem.Action, setting field: String, to value: String) -> SyncUpItem.Action {
        switch action {
        case .create(var fields):
            fields[field] = .string(value)
            return .create(fields)
        case .update(let id, var fields):
            fields[field] = .string(value)
            return .update(id: id, fields: fields)
        default: return action
        }
    }

    /// The server's new stamps of the records written, one query per object.
    func freshStamps(_ answer: TreeAnswer) async throws -> [String: JSON] {
        var stamps: [String: JSON] = [:]
        let reads = ServerReads(client: client)
        for level in levels.indices {
            let written = answer.items.indices.filter { answer.items[$0].level == level }.map {
                (answer.items[$0].item, answer.outcomes[$0])
            }
            let object = levels[level].object
            let ids = ServerReads.writtenIds(written)
            guard !ids.isEmpty else { continue }
            stamps.merge(try await reads.stamps(of: ids, idField: object.idFieldName, stampField: object.modificationDateFieldName)) { $1 }
        }
        return stamps
    }
}
