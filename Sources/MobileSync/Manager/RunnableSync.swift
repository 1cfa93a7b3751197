import SalesforceCore
import SalesforceREST
import SmartStore

/// What a run needs from the manager: the store, the server, the reporter and the stop check.
struct SyncRunContext: Sendable {
    let store: SmartStore
    let client: RestClient
    let report: SyncReporter
    let shouldStop: @Sendable () async -> Bool
}

/// What ``SyncManager`` asks of a target to run it: the soups it writes (held while it runs,
/// so that two syncs never write one soup at once) and the run itself. Each kind of target
/// answers for itself, so the manager runs any of them the same way.
protocol RunnableSync: Sendable {
    /// The soups a run of `state` writes, sorted: two syncs holding several never wait for each other.
    func soupsWritten(by state: SyncState) -> [String]
    /// Runs `state` to its end and returns the final state, saved.
    func run(_ state: SyncState, in context: SyncRunContext) async -> SyncState
    /// Removes the records `state` brought down that the server no longer has; the number removed.
    func removeGhosts(of state: SyncState, store: SmartStore, client: RestClient) async throws(SyncError) -> Int
}

extension RunnableSync {
    func soupsWritten(by state: SyncState) -> [String] { [state.soupName] }

    /// A sync up brings nothing down, so it has no ghosts to clean.
    func removeGhosts(of state: SyncState, store: SmartStore, client: RestClient) async throws(SyncError) -> Int {
        throw .wrongSyncType("\(state.id)", expected: .syncDown)
    }
}

/// The runnable form of a sync's saved target.
enum RunnableSyncs {
    /// The target `state` saved, ready to run.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when it does not read back (an unknown
    ///   type, a custom target not registered).
    static func target(of state: SyncState) throws(SyncError) -> any RunnableSync {
        switch state.type {
        case .syncDown:
            let target = try SyncTargetRegistry.downTarget(from: state.target)
            return (target as? any RunnableSync) ?? DownSync(target: target)
        case .syncUp where ParentChildrenSyncUpTarget.describes(state.target):
            return try ParentChildrenSyncUpTarget(json: state.target)
        case .syncUp:
            let target = try SyncUpTarget(json: state.target)
            return UpSync(target: target, custom: target.kind == .custom ? try SyncTargetRegistry.upTarget(for: target) : nil)
        }
    }
}

/// A one-soup sync down of any target, the app's own included.
struct DownSync: RunnableSync {
    let target: any SyncDownTarget

    func run(_ state: SyncState, in context: SyncRunContext) async -> SyncState {
        if target is any OwnsItsSoup {
            // A target whose soup is the SDK's own makes it, also for a sync from a configuration file.
            do {
                try await CachedRecord.prepareSoup(state.soupName, in: context.store)
            } catch {
                var failed = state
                failed.error = SyncFailure.describe(error)
                return await context.report.end(failed, .failed)
            }
        }
        return await SyncDownRun(
            store: context.store, client: context.client, target: target, report: context.report, shouldStop: context.shouldStop,
            soupName: state.soupName
        ).run(state)
    }

    func removeGhosts(of state: SyncState, store: SmartStore, client: RestClient) async throws(SyncError) -> Int {
        try await GhostCleaning(store: store, client: client, target: target, state: state).run()
    }
}

/// A one-soup sync up, through ForceKit's APIs or the app's custom target.
struct UpSync: RunnableSync {
    let target: SyncUpTarget
    let custom: (any CustomSyncUpTarget)?

    func run(_ state: SyncState, in context: SyncRunContext) async -> SyncState {
        await SyncUpRun(
            store: context.store, client: context.client, target: target, custom: custom, report: context.report,
            shouldStop: context.shouldStop
        ).run(state)
    }
}

/// A sync of a tree of related records: its runs write every soup of the tree.
protocol TreeSync: RunnableSync {
    var tree: RelatedObject { get }
}

extension TreeSync {
    func soupsWritten(by state: SyncState) -> [String] { tree.soupNames.sorted() }
}

extension ParentChildrenSyncDownTarget: TreeSync {
    func run(_ state: SyncState, in context: SyncRunContext) async -> SyncState {
        await TreeSyncDownRun(
            store: context.store, client: context.client, target: self, report: context.report, shouldStop: context.shouldStop
        ).run(state)
    }

    /// Each object of the tree on its own: its query decides which of its records are still there.
    func removeGhosts(of state: SyncState, store: SmartStore, client: RestClient) async throws(SyncError) -> Int {
        var removed = 0
        for (level, levelTarget) in zip(levels, levelTargets) {
            var levelState = state
            levelState.soupName = level.object.soupName
            removed += try await GhostCleaning(store: store, client: client, target: levelTarget, state: levelState).run()
        }
        return removed
    }
}

extension ParentChildrenSyncUpTarget: TreeSync {
    func run(_ state: SyncState, in context: SyncRunContext) async -> SyncState {
        await TreeSyncUpRun(
            store: context.store, client: context.client, target: self, report: context.report, shouldStop: context.shouldStop
        ).run(state)
    }
}
