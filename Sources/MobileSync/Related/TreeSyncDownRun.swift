import SalesforceCore
import SalesforceREST
import SmartStore

/// One run of a tree's sync down: each object of the tree in level order (parents before their
/// children), each with its own query and cursor, into its own soup, all counted in one state.
///
/// A stop or failure between objects leaves each object's cursor where its last saved page
/// left it; the next run resumes every object from its own cursor.
struct TreeSyncDownRun: Sendable {
    let store: SmartStore
    let client: RestClient
    let target: ParentChildrenSyncDownTarget
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool

    func run(_ initial: SyncState) async -> SyncState {
        var state = initial
        var seen = 0
        let trees = RecordTrees(levels: target.levels)
        do {
            for (index, level) in target.levels.enumerated() {
                if await shouldStop() { return await report.end(state, .stopped) }
                let run = SyncDownRun(
                    store: store, client: client, target: target.levelTargets[index], report: report, shouldStop: shouldStop,
                    soupName: level.object.soupName, cursor: index == 0 ? .sync : .related(level.path),
                    localChanges: trees.localChangeCheck(forLevel: index))
                let transfer = try await run.transfer(state, seenBefore: seen)
                state = transfer.state
                seen += transfer.seen
                if transfer.stopped { return await report.end(state, .stopped) }
            }
            return await report.end(state, .done)
        } catch {
            state = error.state
            state.error = SyncFailure.describe(error.error)
            return await report.end(state, .failed)
        }
    }
}
