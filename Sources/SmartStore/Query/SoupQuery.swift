import GRDB
import SalesforceCore

/// The SQL of a non-smart query spec over one soup: what it selects, filters and orders by.
struct SoupQuery {
    let descriptor: SoupDescriptor
    /// The selected expressions: the entry, or one per select path.
    let selection: [String]
    let selectsPaths: Bool
    /// Which selected columns hold whole entries (`_soup` among the select paths).
    let entryColumns: [Bool]
    /// `WHERE ...` or empty.
    let filter: String
    let arguments: [DatabaseValue]
    /// `ORDER BY ...` or empty.
    let ordering: String

    init(_ spec: QuerySpec, soup descriptor: SoupDescriptor) throws(SmartStoreError) {
        self.descriptor = descriptor
        let table = descriptor.tableName
        if let paths = spec.selectPaths, !paths.isEmpty {
            var expressions: [String] = []
            for path in paths { expressions.append(try descriptor.expression(forPath: path, allowUnindexed: true)) }
            selection = expressions
            selectsPaths = true
            entryColumns = paths.map { $0 == "_soup" }
        } else {
            selection = [descriptor.entryExpression()]
            selectsPaths = false
            entryColumns = [true]
        }
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        switch spec.kind {
        case .all:
            break
        case .exact(_, let path, let key):
            let (column, type) = try Self.indexed(path, in: descriptor)
            // Nothing equals null, as in SQL: an exact query for null matches no entry.
            conditions.append("\(column) = ?")
            arguments.append(IndexValue(key: key, as: type)?.databaseValue ?? .null)
        case .range(_, let path, let beginKey, let endKey):
            let (column, type) = try Self.indexed(path, in: descriptor)
            if let begin = beginKey.flatMap({ IndexValue(key: $0, as: type) }) {
                conditions.append("\(column) >= ?")
                arguments.append(begin.databaseValue)
            }
            if let end = endKey.flatMap({ IndexValue(key: $0, as: type) }) {
                conditions.append("\(column) <= ?")
                arguments.append(end.databaseValue)
            }
        case .like(_, let path, let pattern):
            let (column, _) = try Self.indexed(path, in: descriptor)
            conditions.append("\(column) LIKE ?")
            arguments.append(pattern.databaseValue)
        case .match(_, let path, let key):
            let expression = try MatchExpression(key, path: path, soup: descriptor)
            conditions.append("\(table).id IN (SELECT rowid FROM \(descriptor.ftsTableName) WHERE \(descriptor.ftsTableName) MATCH ?)")
            arguments.append(expression.text.databaseValue)
        case .smart:
            throw .invalidQuerySpec("a smart query has no soup of its own; run it with its Smart SQL")
        }
        filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        self.arguments = arguments
        if let orderPath = spec.orderPath {
            let column = try descriptor.expression(forPath: orderPath, allowUnindexed: true)
            ordering = "ORDER BY \(column) \(spec.order == .ascending ? "ASC" : "DESC")"
        } else {
            ordering = ""
        }
    }

    /// The column of an indexed path, and the type its keys are compared as.
    private static func indexed(_ path: String, in descriptor: SoupDescriptor) throws(SmartStoreError) -> (String, IndexType) {
        (try descriptor.expression(forPath: path), descriptor.keyType(forPath: path))
    }

    /// One page of results.
    var pageSQL: String {
        "SELECT \(selection.joined(separator: ", ")) FROM \(descriptor.tableName) \(filter) \(ordering) LIMIT ? OFFSET ?"
    }

    /// The number of matches.
    var countSQL: String {
        "SELECT count(*) FROM \(descriptor.tableName) \(filter)"
    }

    /// The soup entry ids of every match.
    var idsSQL: String {
        "SELECT \(descriptor.tableName).id FROM \(descriptor.tableName) \(filter)"
    }
}

extension IndexValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .text(let text): text.databaseValue
        case .integer(let number): number.databaseValue
        case .real(let number): number.databaseValue
        }
    }
}
