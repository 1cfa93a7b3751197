/// Quoting and escaping for SOQL and SOSL text: the one place ForceKit escapes what goes into
/// a statement, so that user input can never end a literal or a search term early.
public enum SOQLString {
    /// `text` as a SOQL string literal, quotes included: `'O\'Brien'`.
    public static func quoted(_ text: String) -> String { "'\(escaped(text))'" }

    /// `text` escaped for the inside of a SOQL string literal: backslash, quotes and the control
    /// characters SOQL has escapes for.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "'": escaped += "\\'"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{8}": escaped += "\\b"
            case "\u{c}": escaped += "\\f"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A LIKE pattern (with `\%`, `\_` and `\\` kept escaped) as a string literal, quotes included.
    public static func quoted(likePattern pattern: String) -> String {
        var text = "'"
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            if character == "\\" {
                // The pattern's own escapes stay as they are; a lone trailing backslash is doubled.
                if let next = characters.next() {
                    text += "\\" + String(next)
                } else {
                    text += "\\\\"
                }
                continue
            }
            text += escaped(String(character))
        }
        return text + "'"
    }

    /// The characters SOSL reserves in a search term.
    public static let reservedInSearchTerms: Set<Character> = [
        "\\", "?", "&", "|", "!", "{", "}", "[", "]", "(", ")", "^", "~", "*", ":", "\"", "'", "+", "-",
    ]

    /// A search term with each reserved character (`\ ? & | ! { } [ ] ( ) ^ ~ * : " ' + -`)
    /// escaped with a backslash, so it is searched as typed.
    public static func escapedSearchTerm(_ term: String) -> String {
        var escaped = ""
        for character in term {
            if reservedInSearchTerms.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
