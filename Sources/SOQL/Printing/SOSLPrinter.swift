/// Prints SOSL statements: the term as written, then the clauses in the order the reference
/// lists them. What it prints parses back to the same statement.
enum SOSLPrinter {
    static func text(of query: SOSLQuery) -> String {
        var parts = ["FIND {\(query.term)}", "IN \(query.scope.rawValue) FIELDS"]
        if !query.returning.isEmpty { parts.append("RETURNING " + query.returning.map(text(of:)).joined(separator: ", ")) }
        for option in query.options { parts.append("WITH " + text(of: option)) }
        if let limit = query.limit { parts.append("LIMIT \(limit)") }
        if let offset = query.offset { parts.append("OFFSET \(offset)") }
        if !query.updates.isEmpty { parts.append("UPDATE " + query.updates.map(\.rawValue).joined(separator: ", ")) }
        return parts.joined(separator: " ")
    }

    static func text(of item: ReturningObject) -> String {
        guard let query = item.query else { return item.object }
        var parts = [query.selection.map(SOQLPrinter.text(of:)).joined(separator: ", ")]
        if let condition = query.condition { parts.append("WHERE " + SOQLPrinter.text(of: condition)) }
        if let listView = item.listView { parts.append("USING ListView = \(listView)") }
        if !query.ordering.isEmpty { parts.append("ORDER BY " + query.ordering.map(SOQLPrinter.text(of:)).joined(separator: ", ")) }
        parts += SOQLPrinter.clausesAfterOrdering(of: query)
        return "\(item.object)(\(parts.joined(separator: " ")))"
    }

    static func text(of option: SearchOption) -> String {
        switch option {
        case .division(let division): return "DIVISION = \(SOQLString.quoted(division))"
        case .dataCategory(let filters): return "DATA CATEGORY " + SOQLPrinter.text(of: filters)
        case .network(let ids):
            return ids.count == 1
                ? "NETWORK = \(SOQLString.quoted(ids[0]))"
                : "NETWORK IN (" + ids.map { SOQLString.quoted($0) }.joined(separator: ", ") + ")"
        case .snippet(let length): return length.map { "SNIPPET (target_length=\($0))" } ?? "SNIPPET"
        case .highlight: return "HIGHLIGHT"
        case .spellCorrection(let enabled): return "SPELL_CORRECTION = \(enabled)"
        case .metadata(let value): return "METADATA = \(SOQLString.quoted(value))"
        case .pricebook(let id): return "PricebookId = \(SOQLString.quoted(id))"
        case .securityEnforced: return "SECURITY_ENFORCED"
        case .userMode: return "USER_MODE"
        case .systemMode: return "SYSTEM_MODE"
        }
    }
}
