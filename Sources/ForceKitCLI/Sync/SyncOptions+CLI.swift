import ArgumentParser
import Foundation
import MobileSync
import SalesforceCore
import SalesforceREST
import SmartStore

/// The store and account a `forcekit sync` subcommand works with.
struct SyncPlace: ParsableArguments {
    @OptionGroup var store: StoreOptions
    @OptionGroup var account: AccountOptions

    /// Opens the store (creating it when `use` says so) and a manager for the account, and runs `body`.
    func withManager(_ use: StoreOptions.Use, _ body: @escaping (SyncManager) async throws -> Void) async throws {
        let client = try await account.restClient()
        try await store.withStore(use) { smartStore in
            let manager = try await SyncManager(store: smartStore, client: client)
            try await body(manager)
        }
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
    /// store options, so they run as printed.
    static func report(_ place: SyncPlace, _ output: SyncOutput, _ run: (@escaping @Sendable (SyncState) -> Void) async throws -> SyncState)
        async throws
    {
        @Sendable func progress(_ state: SyncState) -> String {
            let total = state.totalSize >= 0 ? " of \(state.totalSize)" : ""
            return "sync \(state.id) \(state.type.rawValue): \(state.progress)% (\(state.recordsSynced) synced\(total))"
        }
        let state = try await run { state in
            guard state.status == .running else { return }
            Console.printError(progress(state))
        }
        // The running updates stop short of 100%: the last page is saved with the DONE state.
        if state.status == .done { Console.printError(progress(state) + ", done") }
        output.print(state)
        if state.status != .done { Console.printError("error: the sync ended \(state.status.rawValue): \(state.error)") }
        if state.recordsFailed > 0 { Console.printError("\(state.recordsFailed) record(s) failed; their __last_error__ says why") }
        if state.recordsConflicted > 0 {
            Console.printError(
                "\(state.recordsConflicted) record(s) changed on both sides; forcekit sync conflicts \(state.soupName) \(place.store.arguments) lists them"
            )
        }
        guard state.isDoneWithoutFailures else { throw ExitCode(1) }
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
