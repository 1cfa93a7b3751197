/// Prints syntax trees as SOQL: clauses in the grammar's order, keywords upper-case, names as
/// written, strings escaped, nested AND and OR in parentheses. What it prints parses back to
/// the same tree. Conditions print iteratively where they chain (`a AND b AND …` is one list),
/// and their nesting is bounded by the parser's, so printing never recurses on input size.
enum SOQLPrinter {
    static func text(of query: SOQLQuery) -> String {
        var parts = ["SELECT " + query.selection.map(text(of:)).joined(separator: ", "), "FROM " + text(of: query.from)]
        if let scope = query.scope { parts.append("USING SCOPE \(scope)") }
        if let condition = query.condition { parts.append("WHERE " + text(of: condition)) }
        if let filter = query.filter { parts.append(text(of: filter)) }
        if let grouping = query.grouping {
            let items = grouping.items.map(\.description).joined(separator: ", ")
            parts.append(grouping.kind == .plain ? "GROUP BY \(items)" : "GROUP BY \(grouping.kind.rawValue)(\(items))")
        }
        if let having = query.having { parts.append("HAVING " + text(of: having)) }
        if !query.ordering.isEmpty { parts.append("ORDER BY " + query.ordering.map(text(of:)).joined(separator: ", ")) }
        parts += clausesAfterOrdering(of: query)
        return parts.joined(separator: " ")
    }

    /// LIMIT, OFFSET, FOR VIEW|REFERENCE, UPDATE and FOR UPDATE, as the grammar orders them.
    static func clausesAfterOrdering(of query: SOQLQuery) -> [String] {
        var parts: [String] = []
        if let limit = query.limit { parts.append("LIMIT \(limit)") }
        if let offset = query.offset { parts.append("OFFSET \(offset)") }
        if !query.marks.isEmpty { parts.append("FOR " + query.marks.map(\.rawValue).joined(separator: ", ")) }
        if !query.updates.isEmpty { parts.append("UPDATE " + query.updates.map(\.rawValue).joined(separator: ", ")) }
        if query.locksRecords { parts.append("FOR UPDATE") }
        return parts
    }

    static func text(of from: FromClause) -> String {
        var text = from.object
        if let alias = from.alias { text += " \(alias)" }
        for relationship in from.relationshipAliases { text += ", \(relationship.path) \(relationship.alias)" }
        return text
    }

    static func text(of item: SelectItem) -> String {
        switch item {
        case .expression(let expression, let alias):
            return alias.map { "\(expression) \($0)" } ?? expression.description
        case .subquery(let query):
            return "(\(text(of: query)))"
        case .typeOf(let typeOf):
            var text = "TYPEOF \(typeOf.field)"
            for branch in typeOf.branches {
                text += " WHEN \(branch.objectType) THEN " + branch.fields.map(\.description).joined(separator: ", ")
            }
            if let elseFields = typeOf.elseFields { text += " ELSE " + elseFields.map(\.description).joined(separator: ", ") }
            return text + " END"
        case .fields(let group):
            return "FIELDS(\(group.rawValue))"
        }
    }

    static func text(of item: OrderItem) -> String {
        var text = item.expression.description
        if item.descending { text += " DESC" }
        if let nullsFirst = item.nullsFirst { text += nullsFirst ? " NULLS FIRST" : " NULLS LAST" }
        return text
    }

    static func text(of filter: QueryFilter) -> String {
        switch filter {
        case .securityEnforced: return "WITH SECURITY_ENFORCED"
        case .userMode: return "WITH USER_MODE"
        case .systemMode: return "WITH SYSTEM_MODE"
        case .dataCategory(let filters): return "WITH DATA CATEGORY " + text(of: filters)
        case .recordVisibilityContext(let parameters):
            return "WITH RecordVisibilityContext (" + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") + ")"
        case .condition(let condition): return "WITH " + text(of: condition)
        }
    }

    static func text(of filters: [DataCategoryFilter]) -> String {
        filters.map { filter in
            let categories = filter.categories.count == 1 ? filter.categories[0] : "(" + filter.categories.joined(separator: ", ") + ")"
            return "\(filter.group) \(filter.selector.rawValue) \(categories)"
        }.joined(separator: " AND ")
    }

    static func text(of condition: Condition) -> String {
        switch condition {
        case .and(let parts): return parts.map(operand).joined(separator: " AND ")
        case .or(let parts): return parts.map(operand).joined(separator: " OR ")
        case .not(let inner): return "NOT (\(text(of: inner)))"
        case .comparison(let subject, let comparison, let literal): return "\(subject) \(comparison.rawValue) \(literal)"
        case .like(let subject, let pattern): return "\(subject) LIKE \(SOQLString.quoted(likePattern: pattern))"
        case .isIn(let subject, let values, let negated):
            return "\(subject) \(negated ? "NOT IN" : "IN") (" + values.map(\.description).joined(separator: ", ") + ")"
        case .inSubquery(let subject, let query, let negated):
            return "\(subject) \(negated ? "NOT IN" : "IN") (\(text(of: query)))"
        case .includes(let subject, let values, let excludes):
            return "\(subject) \(excludes ? "EXCLUDES" : "INCLUDES") (" + values.map { SOQLString.quoted($0) }.joined(separator: ", ") + ")"
        }
    }

    /// A part of an AND or OR: parenthesized when it is itself an AND or OR.
    private static func operand(_ condition: Condition) -> String {
        switch condition {
        case .and, .or: return "(\(text(of: condition)))"
        default: return text(of: condition)
        }
    }
}
