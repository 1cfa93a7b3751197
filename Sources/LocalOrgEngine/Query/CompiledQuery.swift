import SOQL
import SQLiteBinding

/// A SOQL statement turned into SQL for this org's tables, with what it needs to build records.
struct CompiledQuery: Sendable {
    /// The queried type, or `AggregateResult` for aggregate queries.
    var typeName: String
    /// The SELECT, without LIMIT and OFFSET (paging adds them).
    var sql: String
    /// Counts the rows the SELECT yields, before LIMIT and OFFSET.
    var countSQL: String
    /// The values of the `?` placeholders of both statements.
    var arguments: [FieldValue]
    /// How a row becomes a record.
    var shape: RecordShape
    /// The statement's LIMIT.
    var limit: Int?
    /// The statement's OFFSET.
    var offset: Int
    /// Whether the statement is `SELECT COUNT() ...`.
    var countOnly: Bool
    /// The child subqueries, in SELECT order.
    var children: [ChildPlan]
    /// The row ids of the result in order, honouring LIMIT and OFFSET (`?`, `?` after the
    /// arguments); nil for aggregate results, which have no rows of their own.
    ///
    /// A result longer than one page keeps these ids behind its query locator, and later pages
    /// read those rows: like Salesforce's cursor, the pages are the result as it was when the
    /// query ran, so a write between pages neither repeats nor skips a record.
    var snapshotSQL: String?
    /// The SELECT's columns then the row id, for rows whose ids follow as `(?, ?, ...)`.
    var rowsByIDSQL: String
    /// `FOR VIEW`, `FOR REFERENCE`: what running the query marks its records as.
    var marks: [RecordMark] = []
}

/// A child subquery, run once per page of parent records.
struct ChildPlan: Sendable {
    /// The relationship name, the key in the parent record: `Contacts`.
    var relationshipName: String
    /// `SELECT ... FROM ... JOIN ...`, the child's columns then the parent id column last.
    var selectAndFrom: String
    /// The child's own WHERE condition, if any, with its arguments.
    var condition: String?
    var arguments: [FieldValue]
    /// The column holding the parent's id: `t0."AccountId"`.
    var parentColumn: String
    /// The index of that column in a row.
    var parentColumnIndex: Int
    /// `ORDER BY ...` or empty.
    var orderBy: String
    /// At most this many children per parent.
    var limit: Int?
    /// How a child row becomes a record.
    var shape: RecordShape
    /// The child type's name.
    var typeName: String

    /// The statement for `count` parent ids.
    func sql(parentCount count: Int) -> String {
        let placeholders = SQLPlaceholders.list(count)
        var sql = selectAndFrom + " WHERE \(parentColumn) IN (\(placeholders))"
        if let condition { sql += " AND (\(condition))" }
        return sql + orderBy
    }
}
