import SalesforceCore

/// A planned record of a tree: its level, its plan, and its composite reference.
struct TreeItem: Sendable {
    let level: Int
    var item: SyncUpItem
    let referenceId: String
}

/// What became of a group's records: sent and answered, left alone, or not sent and why.
struct TreeAnswer: Sendable {
    let items: [TreeItem]
    var outcomes: [Int: SyncUpOutcome] = [:]
    /// Items of trees LEAVE_IF_CHANGED leaves alone, with why.
    var skipped: [Int: String] = [:]
    /// Items that could not be sent, with why.
    var notSent: [Int: String] = [:]
    /// Items under a master record being deleted: they go with it.
    var withParentDelete: [Int: String] = [:]
    var stamps: [String: JSON] = [:]
    /// LEAVE_IF_CHANGED: the server's copy of each record with local changes in a tree left
    /// alone, by `level/entryId` (null when the server deleted it).
    var conflictCopies: [String: JSON] = [:]
    /// LEAVE_IF_CHANGED: clean records of trees left alone that changed on the server, with the
    /// server's copy to save (nil: deleted there).
    var refreshes: [(level: Int, entryId: Int64, server: JSON?)] = []
    /// Items sent again in a second pass (made again after a delete on the server), written back with it.
    var handedOver = Set<Int>()

    init(items: [TreeItem]) {
        self.items = items
    }

    /// Whether the item has something to send and no word on it: the run failed before its
    /// answer came. Its record is left as it is.
    func isUnanswered(_ index: Int) -> Bool {
        guard outcomes[index] == nil, skipped[index] == nil, notSent[index] == nil, withParentDelete[index] == nil else { return false }
        switch items[index].item.action {
        case .create, .update, .delete: return true
        case .settle, .invalid: return false
        }
    }

    /// Why an item did not go through, if it did not.
    func message(for index: Int) -> String? {
        if let message = skipped[index] ?? notSent[index] { return message }
        if case .failed(let message)? = outcomes[index] { return message }
        return nil
    }
}
