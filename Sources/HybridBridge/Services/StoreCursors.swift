import SalesforceCore
import SmartStore

/// The cursors the page holds open: a query spec and the page it is on, by the id the page
/// knows. A cursor reads its page when it moves, so it sees the store as it is then.
final class StoreCursors: Sendable {
    struct Cursor: Sendable {
        var store: StoreSelector
        var spec: QuerySpec
        var totalEntries: Int
        var currentPageIndex: Int

        var totalPages: Int { spec.pageSize > 0 ? (totalEntries + spec.pageSize - 1) / spec.pageSize : 0 }
    }

    private let open = Locked<[String: Cursor]>([:])
    private let lastID = Locked(0)

    /// Opens a cursor on the first page; its id.
    func open(_ cursor: Cursor) -> String {
        let id = lastID.withLock { last in
            last += 1
            return String(last)
        }
        open.withLock { $0[Self.key(id, cursor.store)] = cursor }
        return id
    }

    func cursor(_ id: String, in store: StoreSelector) throws -> Cursor {
        guard let cursor = open.current[Self.key(id, store)] else {
            throw BridgeFailure("There is no open cursor \(id) on the store \(store.name); it was closed, or never opened there.")
        }
        return cursor
    }

    func update(_ id: String, _ cursor: Cursor) {
        open.withLock { $0[Self.key(id, cursor.store)] = cursor }
    }

    func close(_ id: String, in store: StoreSelector) {
        open.withLock { _ = $0.removeValue(forKey: Self.key(id, store)) }
    }

    /// Closes every cursor on the stores `matches` selects (a store removed).
    func closeAll(where matches: (StoreSelector) -> Bool) {
        open.withLock { cursors in cursors = cursors.filter { !matches($0.value.store) } }
    }

    /// Cursor ids are the page's within one store, as the SDK keys them.
    private static func key(_ id: String, _ store: StoreSelector) -> String {
        "\(store.name)_\(id)_\(store.isGlobal)"
    }
}
