import Foundation
import MobileSync
import SalesforceCore

/// How the CLI shows a conflict to a person: its fields in a column, each with the value as last
/// synced, on the device and on the server (the quickstart's view and `sync conflicts --text`).
enum ConflictText {
    /// `  Name   base "Acme"  local "Acme Inc"  server "Acme"`, one line per field that differs.
    static func fieldLines(_ fields: [ConflictField]) -> [String] {
        let width = fields.map(\.name.count).max() ?? 0
        return fields.map { field in
            "  \(field.name.padding(toLength: width, withPad: " ", startingAt: 0))  base \(quoted(field.base))  "
                + "local \(quoted(field.local))  server \(quoted(field.server))"
                + (field.changedOnBothSides ? "  (both changed)" : "")
        }
    }

    /// A heading and the field lines of one conflict.
    static func lines(_ conflict: SyncConflict) -> [String] {
        let record = conflict.id ?? "(not on the server yet)"
        let heading =
            conflict.server == nil
            ? "\(record) (soup entry \(conflict.soupEntryId)): changed here, deleted on the server"
            : "\(record) (soup entry \(conflict.soupEntryId)): changed here and on the server"
        return [heading] + fieldLines(conflict.fields)
    }

    /// A value as it reads in a line: text in quotes, "(none)" for null or absent, JSON otherwise.
    static func quoted(_ value: JSON?) -> String {
        guard let value, !value.isNull else { return "(none)" }
        return value.stringValue.map { "\"\($0)\"" } ?? value.serialized()
    }
}
