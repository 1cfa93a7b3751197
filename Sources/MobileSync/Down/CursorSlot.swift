/// Where in a sync's state a sync down keeps its cursor: the state's own (``SyncState/maxTimeStamp``
/// and ``SyncState/cursorId``, as the SDK keeps it), or one of a tree's objects'.
enum CursorSlot: Sendable {
    /// The sync's cursor; for a tree, its root object's.
    case sync
    /// The cursor of a tree's object, by its path from the root (`Account/Contact`).
    case related(String)

    func read(from state: SyncState) -> SyncCursor? {
        switch self {
        case .sync: state.maxTimeStamp >= 0 ? SyncCursor(stamp: state.maxTimeStamp, id: state.cursorId) : nil
        case .related(let path): state.relatedCursors[path]
        }
    }

    func write(_ cursor: SyncCursor, to state: inout SyncState) {
        switch self {
        case .sync:
            state.maxTimeStamp = cursor.stamp
            state.cursorId = cursor.id
        case .related(let path): state.relatedCursors[path] = cursor
        }
    }
}
