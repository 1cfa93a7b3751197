extension StringProtocol {
    /// The parts of the text between any of `separators`, empty parts dropped, split at Unicode
    /// scalars: a Swift `Character` joins a separator with a combining mark after it, and such
    /// a separator would not split (a scope list `api,\u{33E}web` would read as one scope).
    package func split(atScalars separators: Set<Unicode.Scalar>) -> [String] {
        unicodeScalars.split(whereSeparator: separators.contains).map { String(String.UnicodeScalarView($0)) }
    }
}
