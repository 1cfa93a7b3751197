/// One line of a command's readable output: an indented label in a fixed column, then the value.
enum TextField {
    /// The label column's width, wide enough for the longest label (`redirectURL`).
    static let labelWidth = 12

    /// `  label       value`
    static func line(_ label: String, _ value: String) -> String {
        "  " + label + String(repeating: " ", count: max(labelWidth - label.count, 1)) + value
    }
}
