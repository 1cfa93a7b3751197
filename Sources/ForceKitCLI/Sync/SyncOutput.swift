import ArgumentParser
import MobileSync
import SalesforceCore

/// `--text`: sync commands print JSON for scripts by default, and lines for a person with it.
struct SyncOutput: ParsableArguments {
    @Flag(help: "Print readable lines instead of JSON.")
    var text = false

    /// Prints a sync's state: its JSON, or ``line(_:)``.
    func print(_ state: SyncState) {
        Console.print(text ? Self.line(state) : state.json.serialized())
    }

    /// `sync 3 accounts (down, soup accounts): DONE, 1057 synced, 0 failed, 0 conflicted`
    static func line(_ state: SyncState) -> String {
        let direction = state.type == .syncDown ? "down" : "up"
        let name = state.name.map { " \($0)" } ?? ""
        var line =
            "sync \(state.id)\(name) (\(direction), soup \(state.soupName)): \(state.status.rawValue), "
            + "\(state.recordsSynced) synced, \(state.recordsFailed) failed, \(state.recordsConflicted) conflicted"
        if state.status == .running || state.status == .new { line += ", \(state.progress)%" }
        if !state.error.isEmpty { line += "; \(state.error)" }
        return line
    }
}
