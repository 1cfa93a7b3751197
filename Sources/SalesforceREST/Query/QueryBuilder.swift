import SOQL

/// SOQL and SOSL text from parts, with search terms escaped.
public enum QueryBuilder {
    /// `select f1,f2 from Object[ where …][ group by …[ having …]][ order by …][ limit N]`, or
    /// nil when there are no fields or no object. Duplicate fields are dropped, order kept.
    public static func soql(
        fields: [String], from objectType: String, where condition: String? = nil, groupBy: [String] = [],
        having: String? = nil, orderBy: [String] = [], limit: Int = 0
    ) -> String? {
        let unique = fields.reduce(into: [String]()) { list, field in if !field.isEmpty && !list.contains(field) { list.append(field) } }
        guard !unique.isEmpty, !objectType.isEmpty else { return nil }
        var text = "select \(unique.joined(separator: ",")) from \(objectType)"
        if let condition, !condition.isEmpty { text += " where \(condition)" }
        if !groupBy.isEmpty {
            text += " group by \(groupBy.joined(separator: ","))"
            if let having, !having.isEmpty { text += " having \(having)" }
        }
        if !orderBy.isEmpty { text += " order by \(orderBy.joined(separator: ","))" }
        if limit > 0 { text += " limit \(limit)" }
        return text
    }

    /// A SOQL string literal's contents: backslash, quotes and control characters escaped, so
    /// user input cannot end the literal (`SOQLString.escaped(_:)` of the SOQL module).
    public static func escapeSOQLString(_ text: String) -> String { SOQLString.escaped(text) }

    /// A search term with each reserved character (`\ ? & | ! { } [ ] ( ) ^ ~ * : " ' + -`)
    /// escaped with a backslash (`SOQLString.escapedSearchTerm(_:)` of the SOQL module).
    public static func sanitizeSOSLSearchTerm(_ term: String) -> String { SOQLString.escapedSearchTerm(term) }

    /// `FIND {term} IN NAME FIELDS[ RETURNING Obj (spec), …][ LIMIT n]`, or nil for an empty
    /// term. The term is escaped; the limit is capped at 200, as the SDK caps it.
    public static func sosl(
        searchTerm: String, fieldScope: String? = nil, objectScope: [(objectType: String, fields: String?)] = [],
        limit: Int = 0
    ) -> String? {
        guard !searchTerm.isEmpty else { return nil }
        var text = "FIND {\(sanitizeSOSLSearchTerm(searchTerm))} "
        text += fieldScope.flatMap { $0.isEmpty ? nil : $0 } ?? "IN NAME FIELDS"
        if !objectScope.isEmpty {
            text +=
                " RETURNING "
                + objectScope.map { scope in
                    scope.fields.map { "\(scope.objectType) (\($0))" } ?? scope.objectType
                }.joined(separator: ",")
        }
        if limit > 0 { text += " LIMIT \(min(limit, 200))" }
        return text
    }
}
