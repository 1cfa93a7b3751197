import ArgumentParser
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// The store and account a `forcekit sync` subcommand works with.
struct SyncPlace: ParsableArguments {
    @OptionGroup var store: StoreOptions
    @OptionGroup var account: AccountOptions

    /// Opens the store (creating it when `use` says so) and a manager for the account, and runs `body`.
    ///
    /// A store belongs to the account that first synced it: another account's store, or a sync
    /// another account made, is refused before anything reaches the server, naming both accounts
    /// and the flag that picks the store's. A store from before stores kept their owner becomes the
    /// account's, and the command says so.
    func withManager(_ use: StoreOptions.Use, _ body: @escaping (SyncManager) async throws -> Void) async throws {
        // Before choosing the account: a mistyped --path is a usage error whoever is signed in.
        try store.requireStore(for: use)
        let (chosen, accounts) = try await account.account()
        let client = RestClient(account: chosen, accounts: accounts, transport: try account.transport(for: chosen))
        try await store.withStore(use) { smartStore in
            do {
                let hadData = try await !smartStore.allSoupNames().isEmpty
                let manager = try await SyncManager(store: smartStore, client: client)
                if manager.claimedUnownedStore, hadData {
                    Console.printError(
                        "note: \(store.path) had no owner; it now belongs to \(AccountChoice.describe(chosen)), and other accounts are refused."
                    )
                }
                try await body(manager)
            } catch let error as SyncError where error.code == .wrongAccount {
                throw await Self.wrongAccount(error, store: store.path, chosen: chosen, accounts: accounts, smartStore: smartStore)
            }
        }
    }

    /// The refusal of a store or sync another account made, naming both accounts and the flag.
    private static func wrongAccount(
        _ error: SyncError, store path: String, chosen: UserAccount, accounts: UserAccountManager, smartStore: SmartStore
    ) async -> ExitCode {
        // The store is this account's and one of its syncs is not (a store from before owners were kept).
        let storeOwner = try? await smartStore.owner()
        let owner = storeOwner == chosen.identity.withoutCommunity ? nil : storeOwner
        let ownerAccount = owner == nil ? nil : await accounts.accounts.first { $0.identity.withoutCommunity == owner }
        let ownerName = ownerAccount.map(AccountChoice.describe) ?? owner.map { "\($0.orgID)/\($0.userID) (not signed in here)" }
        let flag = ownerAccount.map {
            "--target-org \(AccountChoice.alias(of: $0) ?? "\($0.identity.orgID.id18)/\($0.identity.userID.id18)")"
        }
        Console.printError(
            """
            Error: \(ownerName.map { "\(path) belongs to \($0)" } ?? error.message)
              and this command runs as \(AccountChoice.describe(chosen)).
              Syncing it as another account would mix two orgs' records, and cleaning its ghosts would delete the other org's.
              \(flag.map { "Run it as the store's account: \($0), or give a store of this account (--path)." } ?? "Give a store of this account (--path).")
            """)
        return ExitCode(1)
    }
}

/// `--merge overwrite|leave-if-changed`.
enum MergeArgument: String, ExpressibleByArgument, CaseIterable {
    case overwrite
    case leaveIfChanged = "leave-if-changed"

    var mode: MergeMode { self == .overwrite ? .overwrite : .leaveIfChanged }
}

/// A sync named by its name or its numeric id.
enum SyncReference {
    static func state(_ reference: String, _ manager: SyncManager) async throws -> SyncState {
        if let id = Int64(reference), let state = try await manager.syncStatus(id: id) { return state }
        if let state = try await manager.syncStatus(named: reference) { return state }
        throw CLIInputError("no sync is named or numbered \(reference); forcekit sync list shows them")
    }
}

/// Runs and reports syncs the way every `forcekit sync` run does.
enum SyncRunner {
    /// Progress on standard error, ending at 100% for a sync that finished, then the final state
    /// (JSON, or a line with `--text`); exit 1 unless it ended DONE with nothing failed or conflicted. Hints name `place`'s
    /// store options, so they run as printed. Ctrl-C (or SIGTERM) stops the sync between pages, so
    /// what it saved stays whole, says how to continue it, and exits 130 as an interrupted command does.
    static func report(
        _ place: SyncPlace, _ output: SyncOutput,
        _ run: @escaping @Sendable (@escaping @Sendable (SyncState) -> Void) async throws -> SyncState
    ) async throws {
        @Sendable func progress(_ state: SyncState) -> String {
            let total = state.totalSize >= 0 ? " of \(state.totalSize)" : ""
            return "sync \(state.id) \(state.type.rawValue): \(state.progress)% (\(state.recordsSynced) synced\(total))"
        }
        let lastSeen = Locked<SyncState?>(nil)
        let outcome = try await Interruption.run {
            try await run { state in
                lastSeen.withLock { $0 = state }
                guard state.status == .running else { return }
                Console.printError(progress(state))
            }
        }
        guard case .finished(let state) = outcome else {
            Console.printError(interrupted(lastSeen.withLock { $0 }, place: place))
            throw ExitCode(130)
        }
        // The running updates stop short of 100%: the last page is saved with the DONE state.
        if state.status == .done { Console.printError(progress(state) + ", done") }
        output.print(state)
        if state.status != .done { Console.printFailure("the sync ended \(state.status.rawValue): \(state.error)") }
        if state.recordsFailed > 0 { Console.printError("\(state.recordsFailed) record(s) failed; their __last_error__ says why") }
        if state.recordsConflicted > 0 {
            Console.printError(
                "\(state.recordsConflicted) record(s) changed on both sides; forcekit sync conflicts \(state.soupName) \(place.store.arguments) lists them"
            )
        }
        guard state.isDoneWithoutFailures else { throw ExitCode(1) }
    }

    /// What an interrupted sync says: that it stopped, what it kept, and the command that goes on.
    static func interrupted(_ state: SyncState?, place: SyncPlace) -> String {
        guard let state else { return "Stopped before the sync began: nothing was synced." }
        let what = state.type == .syncDown ? "the records it saved stay in \(state.soupName)" : "the records it sent are marked clean"
        return """
            Stopped: sync \(state.id)\(state.name.map { " (\($0))" } ?? "") was interrupted after \(state.recordsSynced) record(s); \(what).
              Run forcekit sync resync \(state.name ?? String(state.id)) \(place.store.arguments)\(place.account.user.map { " -o " + OrgDisplayCommand.quoted($0) } ?? "") to continue it.
            """
    }

    /// Registers `soup` with the indexes a synced soup needs when it does not exist, and
    /// `parentField` too for a child's soup of a tree.
    static func prepareSoup(_ soup: String, parentField: String? = nil, in store: SmartStore) async throws {
        guard try await !store.soupExists(soup) else { return }
        var indexes = [
            IndexSpec(path: "Id", type: .string), IndexSpec(path: SyncField.local, type: .string),
            IndexSpec(path: SyncField.syncId, type: .integer),
        ]
        if let parentField { indexes.append(IndexSpec(path: parentField, type: .string)) }
        try await store.registerSoup(soup, indexSpecs: indexes)
    }

    /// Registers the soups of a tree of related records that do not exist.
    static func prepareSoups(of tree: RelatedObject, in store: SmartStore) async throws {
        try await prepareSoup(tree.soupName, parentField: tree.parentIdFieldName, in: store)
        for child in tree.children { try await prepareSoups(of: child, in: store) }
    }
}

/// A parent-children target's JSON file.
enum TreeFile {
    static func read(_ path: String) throws -> JSON {
        let data: Data
        do {
            data = try UserFiles.contents(of: path)
        } catch {
            throw CLIInputError(error.description)
        }
        do {
            return try JSON(parsing: data)
        } catch {
            throw CLIInputError("\(path) is not JSON: \(error)")
        }
    }
}

/// Comma-separated field names.
func fieldList(_ text: String?) -> [String]? {
    text.map { $0.split(atScalars: [","]).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
}
