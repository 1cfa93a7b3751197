/// Quoting and escaping for SOQL and SOSL text: the one place ForceKit escapes what goes into
/// a statement, so that user input can never end a literal or a search term early.
///
/// Each works on Unicode scalars, as Salesforce's parser reads a statement: `'` followed by a
/// combining mark (or after a prepended mark) is one Swift `Character` that never equals `'`,
/// yet it still ends a literal there.
public enum SOQLString {
    /// `text` as a SOQL string literal, quotes included: `'O\'Brien'`.
    public static func quoted(_ text: String) -> String { "'\(escaped(text))'" }

    /// `text` escaped for the inside of a SOQL string literal: backslash, quotes and the control
    /// characters SOQL has escapes for.
    public static func escaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { append(scalar, escapedTo: &escaped) }
        return String(escaped)
    }

    private static func append(_ scalar: Unicode.Scalar, escapedTo escaped: inout String.UnicodeScalarView) {
        switch scalar {
        case "\\": escaped.append(contentsOf: #"\\"#.unicodeScalars)
        case "'": escaped.append(contentsOf: #"\'"#.unicodeScalars)
        case "\"": escaped.append(contentsOf: #"\""#.unicodeScalars)
        case "\n": escaped.append(contentsOf: #"\n"#.unicodeScalars)
        case "\r": escaped.append(contentsOf: #"\r"#.unicodeScalars)
        case "\t": escaped.append(contentsOf: #"\t"#.unicodeScalars)
        case "\u{8}": escaped.append(contentsOf: #"\b"#.unicodeScalars)
        case "\u{c}": escaped.append(contentsOf: #"\f"#.unicodeScalars)
        default: escaped.append(scalar)
        }
    }

    /// A LIKE pattern (with `\%`, `\_` and `\\` kept escaped) as a string literal, quotes included.
    /// Any other backslash is a backslash: it is escaped with what follows it, so no backslash can
    /// let a quote through.
    public static func quoted(likePattern pattern: String) -> String {
        var text = String.UnicodeScalarView(["'"])
        var scalars = pattern.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                append(scalar, escapedTo: &text)
                continue
            }
            guard let next = scalars.next() else {
                // A lone trailing backslash is doubled.
                append("\\", escapedTo: &text)
                continue
            }
            if patternEscapes.contains(next) {
                text.append(contentsOf: ["\\", next])
            } else {
                append("\\", escapedTo: &text)
                append(next, escapedTo: &text)
            }
        }
        text.append("'")
        return String(text)
    }

    /// The escapes a LIKE pattern keeps as written: `\%`, `\_` and `\\`.
    private static let patternEscapes: Set<Unicode.Scalar> = ["%", "_", "\\"]

    /// The characters SOSL reserves in a search term.
    public static let reservedInSearchTerms: Set<Unicode.Scalar> = [
        "\\", "?", "&", "|", "!", "{", "}", "[", "]", "(", ")", "^", "~", "*", ":", "\"", "'", "+", "-",
    ]

    /// A search term with each reserved character (`\ ? & | ! { } [ ] ( ) ^ ~ * : " ' + -`)
    /// escaped with a backslash, so it is searched as typed.
    public static func escapedSearchTerm(_ term: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in term.unicodeScalars {
            if reservedInSearchTerms.contains(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }
}
