/// Text made safe inside HTML and XML: the login pages and the SOAP envelopes write values with it.
package enum MarkupEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    package static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
