/// Scalars that join an ASCII special into a larger Swift `Character`, for property tests of
/// escapers, splitters and tokenizers.
///
/// A Swift `Character` is a grapheme cluster: `"` followed by a combining mark is one
/// `Character` that never equals `"`, yet a browser, SQLite or a shell still sees the quote. Code
/// that compares `Character`s with delimiters misses every special written this way; code that
/// works on Unicode scalars or UTF-8 does not.
public enum GraphemeHazards {
    /// Scalars that extend the cluster before them, one of each class the grapheme rules join:
    /// nonspacing, spacing and enclosing marks, zero-width joiner and non-joiner, a variation
    /// selector, an emoji modifier, a tag, and a Hangul vowel jamo.
    public static let extenders: [Unicode.Scalar] = [
        "\u{0338}", "\u{0308}", "\u{0301}", "\u{0345}", "\u{0903}", "\u{20DD}", "\u{200D}", "\u{200C}", "\u{FE0F}", "\u{FE20}",
        "\u{1AB0}", "\u{1F3FB}", "\u{E0020}", "\u{E0100}",
    ]

    /// Scalars that join the cluster after them (the grapheme rules' Prepend class).
    public static let prependers: [Unicode.Scalar] = ["\u{0600}", "\u{0605}", "\u{110BD}"]

    /// `special` written every way that hides it in a larger `Character`: followed by each
    /// extender, preceded by each prepender, and both at once (and a line feed after a carriage
    /// return).
    public static func disguises(of special: Unicode.Scalar) -> [String] {
        var forms = extenders.map { String(special) + String($0) }
        forms += prependers.map { String($0) + String(special) }
        forms.append(String(prependers[0]) + String(special) + String(extenders[0]))
        // CR LF is one `Character` that equals neither CR nor LF.
        if special == "\n" { forms.append("\r\n") }
        return forms
    }

    /// Whether `text` holds `special` inside a `Character` that is not `special` alone: the case
    /// `Character` comparisons miss. Used to check a test's input is the hazard it claims.
    public static func hides(_ special: Unicode.Scalar, in text: String) -> Bool {
        text.contains { character in character.unicodeScalars.contains(special) && character.unicodeScalars.count > 1 }
    }
}
