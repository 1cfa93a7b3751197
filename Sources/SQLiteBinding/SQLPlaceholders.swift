/// The `?` markers of a statement's arguments, for the stores' generated SQL.
package enum SQLPlaceholders {
    /// `?, ?, ?`: `count` markers for a VALUES row or an IN list.
    package static func list(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}
