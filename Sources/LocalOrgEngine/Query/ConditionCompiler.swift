import Foundation
import SOQL
import SQLiteBinding
import SalesforceCore

extension QueryPlanner {
    /// A condition as SQL that is never NULL, its values appended to `arguments`. In HAVING,
    /// `grouping` lets it use the GROUP BY items and aggregates.
    func compileCondition(
        _ condition: Condition, level: QueryLevel, grouping: GroupingScope? = nil, arguments: inout [FieldValue]
    ) throws(APIError) -> String {
        switch condition {
        case .and(let parts), .or(let parts):
            var compiled: [String] = []
            for part in parts { compiled.append(try compileCondition(part, level: level, grouping: grouping, arguments: &arguments)) }
            let connective: String
            if case .and = condition { connective = " AND " } else { connective = " OR " }
            return Self.balanced(compiled[...], connective: connective)
        case .not(let inner):
            return "NOT " + (try compileCondition(inner, level: level, grouping: grouping, arguments: &arguments))
        case .comparison(let expression, let comparison, let literal):
            let (sql, field, position) = try subject(expression, level: level, grouping: grouping)
            if case .function(let call) = expression, call.function == .distance {
                guard comparison == .less || comparison == .greater else {
                    throw errors.malformed("DISTANCE can be compared only with < or >", at: position)
                }
            }
            return try compileComparison(sql, field: field, comparison, literal, at: position, arguments: &arguments)
        case .like(let expression, let pattern):
            let (sql, field, position) = try subject(expression, level: level, grouping: grouping)
            guard field.type.isText, field.type != .id, field.type != .reference else {
                throw errors.error(
                    "INVALID_QUERY_FILTER_OPERATOR", "invalid operator on \(field.type.rawValue) field: \(field.name)", at: position)
            }
            arguments.append(.text(pattern))
            return "(\(sql) IS NOT NULL AND \(sql) LIKE ? ESCAPE '\\')"
        case .isIn(let expression, let literals, let negated):
            let (sql, field, position) = try subject(expression, level: level, grouping: grouping)
            var values: [FieldValue] = []
            var includesNull = false
            for literal in literals {
                if literal == .null {
                    includesNull = true
                } else {
                    values.append(try value(of: literal, for: field, at: position))
                }
            }
            let placeholders = SQLPlaceholders.list(values.count)
            arguments += values
            let membership = values.isEmpty ? "0" : "\(sql) IN (\(placeholders))"
            if negated {
                return includesNull ? "(\(sql) IS NOT NULL AND NOT (\(membership)))" : "(\(sql) IS NULL OR NOT (\(membership)))"
            }
            return includesNull ? "(\(sql) IS NULL OR \(membership))" : "(\(sql) IS NOT NULL AND \(membership))"
        case .inSubquery(let expression, let subquery, let negated):
            let (sql, field, position) = try subject(expression, level: level, grouping: grouping)
            guard field.type == .id || field.type == .reference else {
                throw errors.malformed("Only id or reference fields can be used in a semi-join: \(field.name)", at: position)
            }
            let inner = try compileSemiJoin(subquery, arguments: &arguments)
            return negated ? "(\(sql) IS NULL OR \(sql) NOT IN (\(inner)))" : "(\(sql) IS NOT NULL AND \(sql) IN (\(inner)))"
        case .includes(let expression, let values, let excludes):
            let (sql, field, position) = try subject(expression, level: level, grouping: grouping)
            guard field.type == .multipicklist else {
                throw errors.error(
                    "INVALID_QUERY_FILTER_OPERATOR", "includes or excludes operator only valid on multipicklist field: \(field.name)",
                    at: position)
            }
            // Each string is a set of values that must all be there (`'AMER;EMEA'`); any one set will do.
            let wrapped = "(';' || lower(\(sql)) || ';')"
            var sets: [String] = []
            for text in values {
                let members = text.split(atScalars: [";"]).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter {
                    !$0.isEmpty
                }
                guard !members.isEmpty else { continue }
                arguments += members.map { FieldValue.text(";\($0);") }
                sets.append("(" + members.map { _ in "instr(\(wrapped), ?) > 0" }.joined(separator: " AND ") + ")")
            }
            let any = sets.isEmpty ? "0" : "(" + sets.joined(separator: " OR ") + ")"
            return excludes ? "(\(sql) IS NULL OR NOT \(any))" : "(\(sql) IS NOT NULL AND \(any))"
        }
    }

    /// `parts` joined with `connective` in nested groups of at most 32: SQLite nests a chain of
    /// ORs one level per term and refuses past 1,000, so 5,000 ORs become a tree a few levels deep.
    static func balanced(_ parts: ArraySlice<String>, connective: String) -> String {
        let group = 32
        guard parts.count > group else { return "(" + parts.joined(separator: connective) + ")" }
        let size = (parts.count + group - 1) / group
        let groups = stride(from: parts.startIndex, to: parts.endIndex, by: size).map { start in
            balanced(parts[start..<min(start + size, parts.endIndex)], connective: connective)
        }
        return balanced(groups[...], connective: connective)
    }

    /// A condition's subject as SQL, the field (or function) it is about, and where it is.
    private func subject(_ expression: ValueExpression, level: QueryLevel, grouping: GroupingScope?) throws(APIError) -> (
        String, SObjectField, SOQLPosition
    ) {
        let compiled = try compileExpression(expression, in: level, use: .condition, grouping: grouping)
        let field: SObjectField
        switch expression {
        case .field: field = compiled.field ?? SObjectField(name: expression.description, type: compiled.type ?? .string)
        case .function(let call) where call.function == .toLabel:
            field = SObjectField(name: expression.description, type: .string)
        case .function(let call) where call.function == .convertCurrency:
            field = SObjectField(name: expression.description, type: .currency)
        default:
            field = SObjectField(name: expression.description, type: compiled.type ?? .double)
        }
        return (compiled.sql, field, expression.position)
    }

    private func compileSemiJoin(_ subquery: SOQLQuery, arguments: inout [FieldValue]) throws(APIError) -> String {
        guard let type = schema.type(named: subquery.object) else { throw errors.invalidType(subquery.object, at: subquery.objectPosition) }
        guard subquery.selection.count == 1, let path = subquery.selection[0].fieldPath else {
            throw errors.malformed("A semi-join subquery selects exactly one id or reference field", at: subquery.objectPosition)
        }
        if let condition = subquery.condition, Self.containsSemiJoin(condition) {
            throw errors.malformed("Nesting of semi join sub-selects is not supported", at: subquery.objectPosition)
        }
        let level = QueryLevel(type: type, soqlAlias: subquery.alias, tableAlias: "s0")
        let selected = try resolve(path, in: level)
        guard selected.field.type == .id || selected.field.type == .reference else {
            throw errors.malformed("A semi-join subquery selects exactly one id or reference field", at: path.position)
        }
        var parts = includeDeleted ? [] : ["s0.\"IsDeleted\" = 0"]
        if let condition = subquery.condition { parts.append(try compileCondition(condition, level: level, arguments: &arguments)) }
        let from = "FROM \(OrgDatabase.quoted(type.name)) AS s0" + level.joins.map { " " + $0 }.joined()
        var sql = "SELECT \(selected.sql) \(from)"
        if !parts.isEmpty { sql += " WHERE " + parts.joined(separator: " AND ") }
        return sql
    }

    /// Whether a condition has a semi- or anti-join anywhere. Its depth is the parser's, which is bounded.
    private static func containsSemiJoin(_ condition: Condition) -> Bool {
        switch condition {
        case .inSubquery: return true
        case .and(let parts), .or(let parts): return parts.contains(where: containsSemiJoin)
        case .not(let inner): return containsSemiJoin(inner)
        default: return false
        }
    }

    private func compileComparison(
        _ sql: String, field: SObjectField, _ comparison: ComparisonOperator, _ literal: SOQLLiteral,
        at position: SOQLPosition, arguments: inout [FieldValue]
    ) throws(APIError) -> String {
        if literal == .null {
            switch comparison {
            case .equal: return "(\(sql) IS NULL)"
            case .notEqual: return "(\(sql) IS NOT NULL)"
            default: throw errors.malformed("null can only be compared with = or !=", at: position)
            }
        }
        if case .dateLiteral(let dateLiteral) = literal {
            let range = dateLiteral.range(today: context.today)
            guard field.type == .date || field.type == .datetime else {
                throw errors.filterType(field, expected: expectedName(field), quoted: field.type.isText, at: position)
            }
            let start = Self.boundText(range.lowerBound, dateTime: field.type == .datetime)
            let end = Self.boundText(range.upperBound, dateTime: field.type == .datetime)
            switch comparison {
            case .equal:
                arguments += [.text(start), .text(end)]
                return "(\(sql) IS NOT NULL AND \(sql) >= ? AND \(sql) < ?)"
            case .notEqual:
                arguments += [.text(start), .text(end)]
                return "(\(sql) IS NULL OR \(sql) < ? OR \(sql) >= ?)"
            case .less:
                arguments.append(.text(start))
                return "(\(sql) IS NOT NULL AND \(sql) < ?)"
            case .lessOrEqual:
                arguments.append(.text(end))
                return "(\(sql) IS NOT NULL AND \(sql) < ?)"
            case .greater:
                arguments.append(.text(end))
                return "(\(sql) IS NOT NULL AND \(sql) >= ?)"
            case .greaterOrEqual:
                arguments.append(.text(start))
                return "(\(sql) IS NOT NULL AND \(sql) >= ?)"
            }
        }
        arguments.append(try value(of: literal, for: field, at: position))
        switch comparison {
        case .equal: return "(\(sql) IS NOT NULL AND \(sql) = ?)"
        case .notEqual: return "(\(sql) IS NULL OR \(sql) <> ?)"
        default: return "(\(sql) IS NOT NULL AND \(sql) \(comparison.rawValue) ?)"
        }
    }

    private func expectedName(_ field: SObjectField) -> String {
        switch field.type.storage {
        case .text: return "string"
        case .boolean: return "boolean"
        case .integer: return "int"
        case .real: return "double"
        case .date: return "date"
        case .dateTime: return "dateTime"
        case .blob: return "base64"
        }
    }

    /// A literal as the value stored for the field, or Salesforce's type-mismatch error.
    func value(of literal: SOQLLiteral, for field: SObjectField, at position: SOQLPosition) throws(APIError) -> FieldValue {
        // Built only when thrown: the message quotes the statement, which costs its length.
        var mismatch: APIError { errors.filterType(field, expected: expectedName(field), quoted: field.type.isText, at: position) }
        switch (field.type.storage, literal) {
        case (.text, .string(let text)):
            guard field.type == .id || field.type == .reference else { return .text(text) }
            guard let id = RecordID.normalized(text) else {
                throw errors.error("INVALID_QUERY_FILTER_OPERATOR", "invalid ID field: \(text)", at: position)
            }
            return .text(id)
        case (.boolean, .boolean(let flag)): return .bool(flag)
        case (.integer, .integer(let number)), (.real, .integer(let number)):
            return field.type.storage == .integer ? .integer(number) : .double(Double(number))
        case (.real, .decimal(let text)), (.integer, .decimal(let text)):
            guard let number = Double(text) else { throw mismatch }
            return .double(number)
        case (.real, .currency(let code, let amount)) where field.type == .currency:
            guard code == context.currencyCode else {
                throw errors.malformed("Invalid currency code: \(code); this org's currency is \(context.currencyCode)", at: position)
            }
            guard let number = Double(amount) else { throw mismatch }
            return .double(number)
        case (.date, .date(let date)): return .text(date.description)
        case (.dateTime, .dateTime(let instant)): return .text(instant.description)
        default: throw mismatch
        }
    }

    /// A date literal's bound as the text stored dates compare with. Stored values have
    /// four-digit years, so a bound before year 0 sorts before all of them ("") and one after
    /// year 9999 after all of them ("~" follows every digit): `LAST_N_YEARS:2147483647` finds
    /// every dated record rather than none.
    static func boundText(_ date: CivilDate, dateTime: Bool) -> String {
        if date.year < 0 { return "" }
        if date.year > 9999 { return "~" }
        return dateTime ? SOQLDateTime(startOf: date).description : date.description
    }
}
