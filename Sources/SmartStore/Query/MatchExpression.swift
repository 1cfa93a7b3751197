import SalesforceCore

/// A match key made ready for the soup's FTS5 table: `{soup:path}` references replaced by the
/// full-text column names, and the whole key limited to one column when the spec names a path.
struct MatchExpression {
    let text: String

    init(_ key: String, path: String?, soup descriptor: SoupDescriptor) throws(SmartStoreError) {
        let columns = descriptor.fullTextIndexes
        guard !columns.isEmpty else {
            throw .invalidQuerySpec("the soup \"\(descriptor.name)\" has no full_text index to match against")
        }
        var expression = try Self.replacingReferences(in: key, soup: descriptor)
        if let path {
            guard let index = descriptor.index(forPath: path), index.spec.type == .fullText, let column = index.columnName else {
                throw .invalidQuerySpec("\"\(path)\" is not a full_text index of the soup \"\(descriptor.name)\"")
            }
            // FTS5 applies a column filter to every phrase of a parenthesised expression.
            expression = "\(column) : (\(expression))"
        }
        text = expression
    }

    private static func replacingReferences(in key: String, soup descriptor: SoupDescriptor) throws(SmartStoreError) -> String {
        // Scalars, as the braces are read by the SDK: a `}` a combining mark follows still closes.
        var result = ""
        var rest = Substring(key).unicodeScalars
        while let open = rest.firstIndex(of: "{") {
            result += Substring(rest[..<open])
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .invalidMatchQuery(matchKey: key, reason: "a '{' is not closed")
            }
            let reference = Substring(rest[rest.index(after: open)..<close])
            let parts = reference.split(atScalars: [":"], omittingEmptyParts: false)
            guard parts.count == 2, parts[0] == descriptor.name,
                let index = descriptor.index(forPath: String(parts[1])), index.spec.type == .fullText,
                let column = index.columnName
            else {
                throw .invalidMatchQuery(
                    matchKey: key, reason: "{\(reference)} is not a full_text index of the soup \"\(descriptor.name)\"")
            }
            result += column
            rest = rest[rest.index(after: close)...]
        }
        return result + Substring(rest)
    }
}
