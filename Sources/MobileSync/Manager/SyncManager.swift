import SalesforceAuth
public import SalesforceCore
public import SalesforceREST
public import SmartStore

/// Runs the syncs of one store for one user: creates them, runs and re-runs them, stops and
/// restarts them, and keeps their states in the store's `syncs_soup`.
///
/// Each run method returns when the sync has ended, with its final state; a sync that fails or
/// stops returns that state rather than throwing, and throws only when it cannot start (see
/// ``SyncError``). Several syncs run at once, one at a time per soup. Updates go to the
/// `onUpdate` closure as the run goes.
///
/// ```swift
/// let manager = try await SyncManager(store: store, client: client)
/// let target = try SoqlSyncDownTarget(query: "SELECT Name, Industry FROM Account")
/// let state = try await manager.syncDown(target: target, soupName: "accounts", name: "accounts")
/// print(state.status, state.recordsSynced)
/// let again = try await manager.reSync(named: "accounts")  // only what changed since
/// ```
public actor SyncManager {
    /// The store the syncs live in and write to.
    public nonisolated let store: SmartStore
    /// The client the syncs talk to the server with.
    public nonisolated let client: RestClient
    private let states: SyncStateStore
    /// The user the client is signed in as; nil for a client with no user.
    private let account: UserIdentity?
    /// Whether this manager claimed a store that had no owner, at its creation.
    public nonisolated let claimedUnownedStore: Bool
    private var running: Set<Int64> = []
    private var busySoups: Set<String> = []
    private var soupWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var stopRequested = false
    private let outcomeHub = Broadcaster<RecordOutcome>(buffer: 10_000)
    private let endHub = Broadcaster<SyncState>(buffer: 1_000)

    /// What becomes of records in every run from now on, as runs save them: for sync up each
    /// record synced, failed (with the server's answer) or conflicted; for sync down the records
    /// that failed or were kept because they changed on both sides (a sync down of 100,000
    /// records does not publish 100,000 successes). The stream ends when the manager goes away;
    /// a listener that falls more than 10,000 outcomes behind loses the oldest.
    public nonisolated func recordOutcomes() -> AsyncStream<RecordOutcome> {
        outcomeHub.stream()
    }

    /// The final state of every run from now on, once it is saved: for instrumentation and logs
    /// that follow every sync, whoever started it. The stream ends when the manager goes away; a
    /// listener that falls more than 1,000 runs behind loses the oldest.
    public nonisolated func finishedRuns() -> AsyncStream<SyncState> {
        endHub.stream()
    }

    /// A manager for `store`, talking to the server through `client`.
    ///
    /// Syncs the store says are RUNNING were cut short by the process ending: they become
    /// STOPPED, and ``restart(restartStoppedSyncs:onUpdate:)`` or a re-sync resumes them where
    /// their last saved page left off.
    ///
    /// A user's store belongs to the user of the org it was first synced for (``StoreOwnership/user``):
    /// a store with no owner is claimed for the client's user (``claimedUnownedStore`` says so),
    /// and a store of another user or org is refused with ``SyncError/wrongAccount(owner:account:sync:)``.
    /// A global store (``StoreOwnership/shared``) belongs to no one; either way each sync runs
    /// only as the user it was made for.
    public init(store: SmartStore, client: RestClient, ownership: StoreOwnership = .user) async throws(SyncError) {
        self.store = store
        self.client = client
        states = SyncStateStore(store: store)
        let account = await client.credentials?.identity.withoutCommunity
        self.account = account
        var claimed = false
        if ownership == .user, let account {
            let (before, owner): (UserIdentity?, UserIdentity)
            do {
                // The owner claim answers with wins, also when another manager claimed it meanwhile.
                before = try await store.owner()
                owner = try await store.claim(for: account)
            } catch {
                throw .store(error)
            }
            guard owner == account else { throw .wrongAccount(owner: owner, account: account, sync: nil) }
            claimed = before == nil
        }
        claimedUnownedStore = claimed
        do {
            try await states.prepare()
            for var state in try await states.states(withStatus: .running) {
                state.status = .stopped
                try await states.save(state)
            }
        } catch {
            throw .store(error)
        }
    }

    // MARK: - Creating

    /// Creates a sync down without running it; it is NEW until its first run.
    /// - Throws: ``SyncError/duplicateName(_:)`` when the name is taken,
    ///   ``SyncError/invalidConfiguration(_:)`` when the target's JSON does not read back (a
    ///   custom target that is not registered).
    public func createSyncDown(
        target: any SyncDownTarget, options: SyncOptions = .syncDown(), soupName: String, name: String? = nil
    ) async throws(SyncError) -> SyncState {
        _ = try SyncTargetRegistry.downTarget(from: target.json)
        return try await create(.syncDown, target: target.json, options: options, soupName: soupName, name: name)
    }

    /// Creates a sync down and runs it.
    /// - Throws: ``SyncError/duplicateName(_:)``, ``SyncError/managerStopped``.
    public func syncDown(
        target: any SyncDownTarget, options: SyncOptions = .syncDown(), soupName: String, name: String? = nil,
        onUpdate: (@Sendable (SyncState) -> Void)? = nil
    ) async throws(SyncError) -> SyncState {
        guard !stopRequested else { throw .managerStopped }
        let state = try await createSyncDown(target: target, options: options, soupName: soupName, name: name)
        return try await run(state, onUpdate: onUpdate)
    }

    /// Creates a sync up without running it.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when neither the target nor the options
    ///   list fields to send (the SDK would send empty bodies) or a custom target is not
    ///   registered, ``SyncError/duplicateName(_:)``.
    public func createSyncUp(
        target: SyncUpTarget = SyncUpTarget(), options: SyncOptions, soupName: String, name: String? = nil
    ) async throws(SyncError) -> SyncState {
        try Self.validate(target, options: options)
        return try await create(.syncUp, target: target.json, options: options, soupName: soupName, name: name)
    }

    /// Creates a sync from its target's JSON, as the hybrid API gives it, without running it.
    /// The target is kept as given, keys ForceKit does not read included, once it reads back
    /// as a target of `type`; runs read it as the typed API's targets would. (The typed
    /// `createSyncDown` and `createSyncUp`, and `usersyncs.json`, keep the target as ForceKit
    /// writes it, with the fields and order a resumable run needs spelled out.)
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the target does not read back (an
    ///   unknown type, a custom target not registered, a sync up with no fields to send),
    ///   ``SyncError/duplicateName(_:)``.
    public func createSync(
        _ type: SyncType, target: JSON, options: SyncOptions, soupName: String, name: String? = nil
    ) async throws(SyncError) -> SyncState {
        switch type {
        case .syncDown:
            _ = try SyncTargetRegistry.downTarget(from: target)
        case .syncUp where ParentChildrenSyncUpTarget.describes(target):
            return try await createSyncUp(target: try ParentChildrenSyncUpTarget(json: target), options: options, name: name)
        case .syncUp:
            try Self.validate(try SyncUpTarget(json: target), options: options)
        }
        return try await create(type, target: target, options: options, soupName: soupName, name: name)
    }

    /// A sync up must say which fields to send, and a custom target must be registered.
    private static func validate(_ target: SyncUpTarget, options: SyncOptions) throws(SyncError) {
        if target.kind == .custom { _ = try SyncTargetRegistry.upTarget(for: target) }
        guard options.fieldlist != nil || target.createFieldlist != nil || target.updateFieldlist != nil else {
            throw .invalidConfiguration(
                "a sync up needs the fields to send: options.fieldlist, or the target's createFieldlist and updateFieldlist")
        }
    }

    /// Creates a sync up and runs it: the soup's local creates, updates and deletes go to the
    /// server, and the records come back clean with their server ids.
    /// - Throws: ``SyncError/invalidConfiguration(_:)``, ``SyncError/duplicateName(_:)``, ``SyncError/managerStopped``.
    public func syncUp(
        target: SyncUpTarget = SyncUpTarget(), options: SyncOptions, soupName: String, name: String? = nil,
        onUpdate: (@Sendable (SyncState) -> Void)? = nil
    ) async throws(SyncError) -> SyncState {
        guard !stopRequested else { throw .managerStopped }
        let state = try await createSyncUp(target: target, options: options, soupName: soupName, name: name)
        return try await run(state, onUpdate: onUpdate)
    }

    /// Creates a sync up of a tree of related records without running it; `soupName` is the
    /// root object's soup.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when an object has no fields to send
    ///   (neither its own lists nor `options.fieldlist`), ``SyncError/duplicateName(_:)``.
    public func createSyncUp(
        target: ParentChildrenSyncUpTarget, options: SyncOptions, name: String? = nil
    ) async throws(SyncError) -> SyncState {
        for level in target.tree.levels {
            let object = level.object
            guard options.fieldlist != nil || object.createFieldlist != nil || object.updateFieldlist != nil || !object.fieldlist.isEmpty
            else {
                throw .invalidConfiguration(
                    "the \(object.objectType) of the tree has no fields to send: give its createFieldlist and updateFieldlist")
            }
        }
        return try await create(.syncUp, target: target.json, options: options, soupName: target.tree.soupName, name: name)
    }

    /// Creates a sync up of a tree of related records and runs it: local creates, updates and
    /// deletes in every soup of the tree go to the server, parents before children.
    /// - Throws: ``SyncError/invalidConfiguration(_:)``, ``SyncError/duplicateName(_:)``, ``SyncError/managerStopped``.
    public func syncUp(
        target: ParentChildrenSyncUpTarget, options: SyncOptions, name: String? = nil, onUpdate: (@Sendable (SyncState) -> Void)? = nil
    ) async throws(SyncError) -> SyncState {
        guard !stopRequested else { throw .managerStopped }
        let state = try await createSyncUp(target: target, options: options, name: name)
        return try await run(state, onUpdate: onUpdate)
    }

    // MARK: - Re-running

    /// Runs an existing sync again: a sync down fetches what changed since its last saved page,
    /// a sync up sends what is dirty now.
    /// - Throws: ``SyncError/syncNotFound(_:)``, ``SyncError/alreadyRunning(_:)``, ``SyncError/managerStopped``.
    public func reSync(id: Int64, onUpdate: (@Sendable (SyncState) -> Void)? = nil) async throws(SyncError) -> SyncState {
        guard let state = try await syncStatus(id: id) else { throw .syncNotFound("\(id)") }
        return try await run(state, onUpdate: onUpdate)
    }

    /// Runs the sync named `name` again.
    /// - Throws: ``SyncError/syncNotFound(_:)``, ``SyncError/alreadyRunning(_:)``, ``SyncError/managerStopped``.
    public func reSync(named name: String, onUpdate: (@Sendable (SyncState) -> Void)? = nil) async throws(SyncError) -> SyncState {
        guard let state = try await syncStatus(named: name) else { throw .syncNotFound("\"\(name)\"") }
        return try await run(state, onUpdate: onUpdate)
    }

    // MARK: - Looking up

    /// The sync with this id, or nil.
    public func syncStatus(id: Int64) async throws(SyncError) -> SyncState? {
        try await storeCall { try await states.state(id: id) }
    }

    /// The sync with this name, or nil.
    public func syncStatus(named name: String) async throws(SyncError) -> SyncState? {
        try await storeCall { try await states.state(named: name) }
    }

    /// Whether a sync has this name.
    public func hasSync(named name: String) async throws(SyncError) -> Bool {
        try await syncStatus(named: name) != nil
    }

    /// The syncs with `status`, by id.
    public func syncs(withStatus status: SyncStatus) async throws(SyncError) -> [SyncState] {
        try await storeCall { try await states.states(withStatus: status) }
    }

    /// Every sync of the store, by id.
    public func allSyncs() async throws(SyncError) -> [SyncState] {
        var all: [SyncState] = []
        for status in SyncStatus.allCases { all += try await syncs(withStatus: status) }
        return all.sorted { $0.id < $1.id }
    }

    // MARK: - Deleting

    /// Deletes the sync's state; the records it synced stay. A missing sync is not an error.
    /// - Throws: ``SyncError/alreadyRunning(_:)`` for a running sync (the SDK allows it and loses the run's state).
    public func deleteSync(id: Int64) async throws(SyncError) {
        guard !running.contains(id) else { throw .alreadyRunning("\(id)") }
        try await storeCall { try await states.delete(id: id) }
    }

    /// Deletes the sync named `name`; a missing name is not an error.
    public func deleteSync(named name: String) async throws(SyncError) {
        guard let state = try await syncStatus(named: name) else { return }
        try await deleteSync(id: state.id)
    }

    // MARK: - Stopping

    /// Asks every running sync to stop after the page or batch it is on; they end STOPPED, and
    /// no sync starts until ``restart(restartStoppedSyncs:onUpdate:)``.
    public func stop() {
        stopRequested = true
    }

    /// Whether a stop was asked for and syncs are still ending.
    public var isStopping: Bool { stopRequested && !running.isEmpty }

    /// Whether a stop was asked for and every sync has ended.
    public var isStopped: Bool { stopRequested && running.isEmpty }

    /// Accepts syncs again; with `restartStoppedSyncs`, re-runs every STOPPED sync (each resumes
    /// where it stopped) and returns their final states.
    /// - Throws: ``SyncError/cannotRestart`` when the manager was not stopped.
    @discardableResult
    public func restart(restartStoppedSyncs: Bool, onUpdate: (@Sendable (SyncState) -> Void)? = nil) async throws(SyncError) -> [SyncState]
    {
        guard stopRequested else { throw .cannotRestart }
        stopRequested = false
        guard restartStoppedSyncs else { return [] }
        var finals: [SyncState] = []
        for state in try await syncs(withStatus: .stopped) {
            finals.append(try await run(state, onUpdate: onUpdate))
        }
        return finals
    }

    // MARK: - Ghosts

    /// Removes the records of a sync down's soup that the server no longer has for it (deleted,
    /// or no longer matching the query), and returns how many. Only clean records that this
    /// sync saved are candidates: records with local changes and records of other syncs stay.
    /// - Throws: ``SyncError/syncNotFound(_:)``, ``SyncError/wrongSyncType(_:expected:)``,
    ///   ``SyncError/alreadyRunning(_:)``, ``SyncError/managerStopped``, or the failure that stopped it.
    public func cleanResyncGhosts(id: Int64) async throws(SyncError) -> Int {
        guard !stopRequested else { throw .managerStopped }
        guard var state = try await syncStatus(id: id) else { throw .syncNotFound("\(id)") }
        if try adoptOrCheckOwner(of: &state) { try await storeCall { try await states.save(state) } }
        guard state.type == .syncDown else { throw .wrongSyncType("\(id)", expected: .syncDown) }
        guard !running.contains(id) else { throw .alreadyRunning("\(id)") }
        let target = try RunnableSyncs.target(of: state)
        let soups = target.soupsWritten(by: state)
        running.insert(id)
        await acquire(soups)
        defer {
            running.remove(id)
            release(soups)
        }
        return try await target.removeGhosts(of: state, store: store, client: client)
    }

    /// Cleans the ghosts of the sync named `name`; see ``cleanResyncGhosts(id:)``.
    public func cleanResyncGhosts(named name: String) async throws(SyncError) -> Int {
        guard let state = try await syncStatus(named: name) else { throw .syncNotFound("\"\(name)\"") }
        return try await cleanResyncGhosts(id: state.id)
    }

    // MARK: - Running

    private func create(_ type: SyncType, target: JSON, options: SyncOptions, soupName: String, name: String?) async throws(SyncError)
        -> SyncState
    {
        try await storeCall {
            try await states.create(type: type, name: name, target: target, options: options, soupName: soupName, owner: account)
        }
    }

    /// Runs a created or finished sync to its end.
    func run(_ state: SyncState, onUpdate: (@Sendable (SyncState) -> Void)?) async throws(SyncError) -> SyncState {
        guard !stopRequested else { throw .managerStopped }
        guard !running.contains(state.id) else { throw .alreadyRunning(state.name.map { "\"\($0)\"" } ?? "\(state.id)") }
        let target = try RunnableSyncs.target(of: state)
        var started = state
        _ = try adoptOrCheckOwner(of: &started)
        running.insert(state.id)
        defer { running.remove(state.id) }
        started.status = .running
        started.startTime = SyncClock.now()
        started.endTime = 0
        started.progress = 0
        started.totalSize = -1
        started.error = ""
        started.recordsSynced = 0
        started.recordsFailed = 0
        started.recordsConflicted = 0
        started.recordsReconciled = 0
        let reporter = SyncReporter(states: states, observer: onUpdate, outcomes: outcomeHub, ends: endHub)
        try await storeCall { try await states.save(started) }
        await reporter.update(started)
        let soups = target.soupsWritten(by: state)
        await acquire(soups)
        defer { release(soups) }
        let shouldStop: @Sendable () async -> Bool = { [weak self] in
            guard let self else { return true }
            return await self.stopRequested || Task.isCancelled
        }
        let context = SyncRunContext(store: store, client: client, report: reporter, shouldStop: shouldStop)
        return await target.run(started, in: context)
    }

    /// Holds every soup of `soups`, in their order.
    /// Refuses a sync another account made; a sync with no owner (an SDK's, or an earlier
    /// ForceKit's) becomes this account's. Returns whether the state changed.
    private func adoptOrCheckOwner(of state: inout SyncState) throws(SyncError) -> Bool {
        guard let account else { return false }
        guard let owner = state.owner else {
            state.owner = account
            return true
        }
        guard owner.withoutCommunity == account else {
            throw .wrongAccount(owner: owner, account: account, sync: state.name.map { "\"\($0)\"" } ?? "\(state.id)")
        }
        return false
    }

    private func acquire(_ soups: [String]) async {
        for soup in soups { await acquire(soup) }
    }

    /// Frees every soup of `soups`.
    private func release(_ soups: [String]) {
        for soup in soups { release(soup) }
    }

    /// Waits until no other sync works on `soup`, then holds it.
    private func acquire(_ soup: String) async {
        guard busySoups.contains(soup) else {
            busySoups.insert(soup)
            return
        }
        await withCheckedContinuation { soupWaiters[soup, default: []].append($0) }
    }

    /// Hands `soup` to the next waiting sync, or frees it.
    private func release(_ soup: String) {
        if var waiters = soupWaiters[soup], !waiters.isEmpty {
            let next = waiters.removeFirst()
            soupWaiters[soup] = waiters.isEmpty ? nil : waiters
            next.resume()
        } else {
            busySoups.remove(soup)
        }
    }

    private func storeCall<T>(_ body: () async throws -> T) async throws(SyncError) -> T {
        do {
            return try await body()
        } catch let error as SyncError {
            throw error
        } catch {
            throw .store(error)
        }
    }
}
