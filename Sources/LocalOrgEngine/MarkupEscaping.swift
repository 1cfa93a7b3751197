/// Text made safe inside HTML and XML: the login pages, the console and the SOAP envelopes
/// write values with it.
///
/// It works on Unicode scalars, as a browser's tokenizer does: `"` followed by a combining mark
/// is one Swift `Character` that never equals `"`, yet the browser still ends an attribute at
/// the quote.
package enum MarkupEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    package static func escaped(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
