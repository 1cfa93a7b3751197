/// A SOQL statement that cannot be read, with the place it goes wrong.
///
/// LocalOrg answers these with `MALFORMED_QUERY`; ``message`` is shaped like Salesforce's:
/// the statement, a caret under the position, `ERROR at Row:r:Column:c` and the reason.
public struct SOQLSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why the statement cannot be read, e.g. `unexpected token: FORM`.
    public var reason: String
    /// Where the problem starts.
    public var position: SOQLPosition
    /// The line of the statement the position is on, for the caret display.
    public var sourceLine: String

    /// Creates an error for `reason` at `position` in `source`.
    public init(reason: String, position: SOQLPosition, source: String) {
        self.reason = reason
        self.position = position
        // Lines end at each line feed scalar, as the lexer counts rows (a CR LF is one `Character`).
        let lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        let index = position.row - 1
        sourceLine = lines.indices.contains(index) ? String(String.UnicodeScalarView(lines[index])) : ""
    }

    /// Salesforce's multi-line MALFORMED_QUERY message.
    public var message: String {
        let caret = String(repeating: " ", count: max(0, position.column - 1)) + "^"
        return "\n\(sourceLine)\n\(caret)\nERROR at \(position)\n\(reason)"
    }

    /// `reason at Row:r:Column:c`, one line.
    public var description: String { "\(reason) at \(position)" }
}
