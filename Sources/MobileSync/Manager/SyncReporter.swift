import Foundation
import Logging
import SalesforceCore

/// Tells the app how a run goes, and ends it: every update reaches the run's observer, and the
/// end is saved before it is reported.
struct SyncReporter: Sendable {
    let states: SyncStateStore
    let observer: (@Sendable (SyncState) -> Void)?
    let outcomes: Broadcaster<RecordOutcome>
    /// Told of the final state, after the run's own observer.
    let ends: Broadcaster<SyncState>

    /// Publishes what became of records, once they are saved.
    func publish(_ records: [RecordOutcome]) {
        outcomes.publish(records)
    }

    /// Reports a state the run already saved (or need not save: the store has the last page's).
    func update(_ state: SyncState) async {
        observer?(state)
    }

    /// Ends the run with `status`, saves and reports the final state.
    func end(_ state: SyncState, _ status: SyncStatus) async -> SyncState {
        var final = state
        final.status = status
        final.endTime = SyncClock.now()
        if status == .done { final.progress = 100 }
        do {
            try await states.save(final)
        } catch {
            if status != .failed { final.status = .failed }
            final.error = "The sync's state could not be saved: \(error)"
        }
        Self.logger.info(
            "Sync \(final.id)\(final.name.map { " (\($0))" } ?? "") of \(final.soupName) ended \(final.status.rawValue): \(final.recordsSynced) synced, \(final.recordsFailed) failed, \(final.recordsConflicted) conflicted"
        )
        observer?(final)
        ends.publish(final)
        return final
    }

    private static let logger = Logger.forceKit("sync")
}

/// Milliseconds since 1970, for start and end times.
enum SyncClock {
    static func now() -> Int64 { Date().millisecondsSince1970 }
}

/// How a failure that ended a run reads in its state's `error`.
enum SyncFailure {
    static func describe(_ error: any Error) -> String {
        if let error = error as? any ForceKitError { return error.description }
        return String(describing: error)
    }
}
