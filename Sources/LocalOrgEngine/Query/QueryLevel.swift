import Foundation
import SalesforceCore

/// The tables, joins and output columns of one SELECT being compiled.
final class QueryLevel {
    let type: SObjectType
    let soqlAlias: String?
    let tableAlias: String
    /// `FROM Contact c, c.Account a`: each relationship alias and the relationships it stands for.
    var relationshipAliases: [String: [String]] = [:]
    private(set) var joins: [String] = []
    private var joinAliases: [String: String] = [:]
    var columns: [String] = []
    private var columnIndex: [String: Int] = [:]

    init(type: SObjectType, soqlAlias: String?, tableAlias: String) {
        self.type = type
        self.soqlAlias = soqlAlias
        self.tableAlias = tableAlias
    }

    /// The index of an output column, added once.
    func column(_ sql: String) -> Int {
        if let index = columnIndex[sql] { return index }
        columns.append(sql)
        columnIndex[sql] = columns.count - 1
        return columns.count - 1
    }

    /// The alias of the parent table reached by `key`, joined once.
    func join(key: String, table: String, on foreignKey: String) -> String {
        if let alias = joinAliases[key] { return alias }
        let alias = "\(tableAlias)j\(joins.count + 1)"
        joins.append("LEFT JOIN \(OrgDatabase.quoted(table)) AS \(alias) ON \(alias).\"Id\" = \(foreignKey)")
        joinAliases[key] = alias
        return alias
    }

    /// `FROM "Account" AS t0 LEFT JOIN …`, with every join made so far.
    var from: String { "FROM \(OrgDatabase.quoted(type.name)) AS \(tableAlias)" + joins.map { " " + $0 }.joined() }
}

/// Text as an SQL string literal, for values LocalOrg writes into its own SQL (labels, type
/// names): user input goes through arguments, never through this. Scalar by scalar, as SQLite
/// reads it: a quote a combining mark follows still ends a literal.
func sqlLiteral(_ text: String) -> String { "'" + text.replacingScalars(["'": "''"]) + "'" }
