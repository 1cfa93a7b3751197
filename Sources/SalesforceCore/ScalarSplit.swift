extension StringProtocol {
    /// The parts of the text between any of `separators`, split at Unicode scalars: a Swift
    /// `Character` joins a separator with a combining mark after it (or a prepended mark before
    /// it), and such a separator would not split (a scope list `api,\u{33E}web` would read as one
    /// scope). Empty parts are dropped unless `omittingEmptyParts` is false (fields of a
    /// tab-separated line); at most `maxSplits` splits are made, the rest staying in the last part.
    package func split(atScalars separators: Set<Unicode.Scalar>, maxSplits: Int = .max, omittingEmptyParts: Bool = true) -> [String] {
        unicodeScalars.split(maxSplits: maxSplits, omittingEmptySubsequences: omittingEmptyParts, whereSeparator: separators.contains)
            .map { String(String.UnicodeScalarView($0)) }
    }

    /// The text with each scalar that `replacements` names written as its replacement, scalar by
    /// scalar: an escaper built on it sees every quote, also one a combining mark follows.
    package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                result.append(contentsOf: replacement.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether the text holds `scalar` anywhere, also inside a larger `Character`.
    package func containsScalar(_ scalar: Unicode.Scalar) -> Bool {
        unicodeScalars.contains(scalar)
    }
}
