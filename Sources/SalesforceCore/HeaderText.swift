/// Text made safe for a quoted HTTP header value (`filename="…"`, `name="…"`).
package enum HeaderText {
    /// `text` with each double quote written as `'` and line breaks, other control characters
    /// and backslashes left out, so the value cannot end its quotes or its header early. It
    /// works on Unicode scalars: `"` followed by a combining mark is one Swift `Character` that
    /// never equals `"`, yet it ends the value for every HTTP parser.
    package static func quotable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result.append("'")
            case "\\": continue
            case _ where scalar.properties.generalCategory == .control: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
