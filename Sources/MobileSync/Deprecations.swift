// The spellings this module's public API had before, kept so that code written against them
// gets a fix-it to the new one. CONTRIBUTING.md says when they go.

extension SyncManager {
    /// Replaced by ``finishedRuns()``: iterate its stream (`for await state in manager.finishedRuns()`)
    /// where the observer was called.
    @available(*, unavailable, message: "iterate finishedRuns(), an AsyncStream of each run's final state")
    public nonisolated func observeEnds(_ observer: @escaping @Sendable (SyncState) -> Void) { fatalError("unavailable") }
}
