import Foundation
import SOQL

extension QueryPlanner {
    /// An aggregate query: grouped values and aggregates as `AggregateResult` rows, named by
    /// alias, by field, or `expr0`, `expr1`, … as Salesforce names them.
    ///
    /// `GROUP BY ROLLUP(a, b)` and `CUBE(a, b)` (which SQLite lacks) run as one SELECT per
    /// grouping set, joined with UNION ALL: a subtotal row has NULL for the items it adds up, and
    /// `GROUPING(item)` is 1 there. Without an ORDER BY, rows come in group order with each
    /// subtotal after its group and the grand total last.
    func compileAggregate(_ query: SOQLQuery, level: QueryLevel, whereParts: [String], arguments whereArguments: [FieldValue])
        throws(APIError) -> CompiledQuery
    {
        let items = query.grouping?.items ?? []
        let kind = query.grouping?.kind ?? .plain
        if kind != .plain, items.count > 3 {
            throw errors.malformed("GROUP BY \(kind.rawValue) takes at most three fields", at: query.objectPosition)
        }
        var compiledItems: [CompiledExpression] = []
        for item in items {
            let compiled = try compileExpression(item, in: level, use: .grouping)
            if let field = compiled.field, [.textarea, .base64, .multipicklist].contains(field.type) {
                throw errors.malformed("field '\(field.name)' can not be grouped in a query call", at: item.position)
            }
            compiledItems.append(compiled)
        }
        let scope = GroupingScope(kind: kind, keys: items.map { $0.description.lowercased() }, compiled: compiledItems)

        var shape = RecordShape(typeName: "AggregateResult", idColumn: nil)
        var expressionNumber = 0
        for item in query.selection {
            guard case .expression(let expression, let alias) = item else {
                let what: String
                switch item {
                case .subquery: what = "Subqueries are"
                case .typeOf: what = "TYPEOF is"
                default: what = "FIELDS() is"
                }
                throw errors.malformed("\(what) not allowed in aggregate queries", at: query.objectPosition)
            }
            let compiled = try compileExpression(expression, in: level, use: .select, grouping: scope)
            guard compiled.compound == nil else {
                throw errors.malformed("field '\(expression)' can not be grouped in a query call", at: expression.position)
            }
            let name: String
            if let alias {
                name = alias
            } else if !compiled.isAggregate, case .field(let path) = expression {
                name = compiled.field?.name ?? path.components.last ?? path.description
            } else if !compiled.isAggregate, let natural = compiled.naturalName, case .function(let call) = expression,
                call.function == .toLabel || call.function == .format || call.function == .convertCurrency
            {
                name = natural
            } else {
                name = "expr\(expressionNumber)"
                expressionNumber += 1
            }
            let index = level.column(compiled.sql)
            let entry: RecordShape.Item =
                compiled.presentation.map { .presented(name: name, index: index, presentation: $0) }
                ?? .computed(name: name, index: index, type: compiled.type)
            guard shape.add(entry, through: []) else { throw errors.duplicateField(name) }
        }
        var havingArguments: [FieldValue] = []
        let having = try query.having.map { condition throws(APIError) in
            try compileCondition(condition, level: level, grouping: scope, arguments: &havingArguments)
        }
        var orderColumns: [(index: Int, item: OrderItem)] = []
        for item in query.ordering {
            let compiled = try compileExpression(item.expression, in: level, use: .ordering, grouping: scope)
            orderColumns.append((level.column(compiled.sql), item))
        }
        if kind != .plain {
            // Group order, each subtotal after its group: by GROUPING(item), then the item, for each item.
            for index in items.indices {
                orderColumns.append((level.column(Self.groupingFlagMarker(index)), OrderItem(expression: items[index])))
                orderColumns.append((level.column(Self.groupedMarker(index)), OrderItem(expression: items[index], nullsFirst: true)))
            }
        }

        let whereClause = whereParts.isEmpty ? "" : " WHERE " + whereParts.joined(separator: " AND ")
        let columns = level.columns
        func select(_ set: Set<Int>, named: Bool) -> String {
            func render(_ sql: String) -> String { Self.render(sql, grouped: set, items: compiledItems) }
            let list = columns.enumerated().map { named ? "\(render($1)) AS c\($0)" : render($1) }.joined(separator: ", ")
            var sql = "SELECT \(list) \(level.from)\(whereClause)"
            if !set.isEmpty { sql += " GROUP BY " + set.sorted().map { compiledItems[$0].sql }.joined(separator: ", ") }
            if let having { sql += " HAVING " + render(having) }
            return sql
        }
        let sql: String
        let arguments: [FieldValue]
        let sets = Self.groupingSets(kind, count: items.count)
        if kind == .plain {
            let all = Set(items.indices)
            let order = orderColumns.map { Self.orderText(Self.render(columns[$0.index], grouped: all, items: compiledItems), $0.item) }
            sql = select(all, named: false) + (order.isEmpty ? "" : " ORDER BY " + order.joined(separator: ", "))
            arguments = whereArguments + havingArguments
        } else {
            let order = orderColumns.map { Self.orderText("c\($0.index)", $0.item) }
            sql =
                "SELECT * FROM (" + sets.map { select($0, named: true) }.joined(separator: " UNION ALL ") + ") ORDER BY "
                + order.joined(separator: ", ")
            arguments = sets.flatMap { _ in whereArguments + havingArguments }
        }
        return CompiledQuery(
            typeName: shape.typeName, sql: sql, countSQL: "SELECT COUNT(*) FROM (\(sql))", arguments: arguments, shape: shape,
            limit: query.limit, offset: query.offset ?? 0, countOnly: false, children: [], snapshotSQL: nil, rowsByIDSQL: "")
    }

    /// The grouping sets: every item; for ROLLUP each prefix down to none; for CUBE every subset.
    static func groupingSets(_ kind: Grouping.Kind, count: Int) -> [Set<Int>] {
        switch kind {
        case .plain: return [Set(0..<count)]
        case .rollup: return (0...count).reversed().map { Set(0..<$0) }
        case .cube:
            return (0..<(1 << count)).reversed().map { mask in Set((0..<count).filter { mask & (1 << $0) != 0 }) }
        }
    }

    /// A column's SQL for one grouping set: each item grouped there as itself, the others NULL.
    static func render(_ sql: String, grouped set: Set<Int>, items: [CompiledExpression]) -> String {
        guard sql.contains("\u{1}") else { return sql }
        var rendered = sql
        for index in items.indices {
            rendered = rendered.replacingOccurrences(of: groupedMarker(index), with: set.contains(index) ? "(\(items[index].sql))" : "NULL")
            rendered = rendered.replacingOccurrences(of: groupingFlagMarker(index), with: set.contains(index) ? "0" : "1")
        }
        return rendered
    }
}
