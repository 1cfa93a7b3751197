import SOQL
import SalesforceCore

/// The console's queries built as SOQL syntax trees and printed by the SOQL module, never spliced
/// together as text: names come from the org's describe, values go in as literals, so nothing a
/// user types or stores can change a query's shape.
enum ConsoleQueries {
    /// `SELECT COUNT() FROM object [WHERE condition]`.
    static func count(of object: String, where condition: Condition? = nil) -> String {
        SOQLQuery(selection: [.expression(.function(FunctionCall("COUNT")), alias: nil)], object: object, condition: condition)
            .description
    }

    /// A page of an object's list: `fields`, ordered by `sort` (then Id) or by Id, `limit` from `offset`.
    static func page(
        of object: String, fields: [String], where condition: Condition?, sort: String?, descending: Bool, limit: Int, offset: Int
    ) -> String {
        var ordering: [OrderItem] = []
        if let sort { ordering.append(OrderItem(expression: field(sort), descending: descending, nullsFirst: !descending)) }
        ordering.append(OrderItem(expression: field("Id")))
        var query = SOQLQuery(selection: fields.map(selected), object: object, condition: condition)
        query.ordering = ordering
        query.limit = limit
        query.offset = offset
        return query.description
    }

    /// `name LIKE '%text%'`, the list's search; `%` and `_` in the text are wildcards, as in
    /// Salesforce's own list search.
    static func nameContains(_ name: String, _ text: String) -> Condition {
        .like(field(name), pattern: "%" + text + "%")
    }

    /// The name field of the records with these ids.
    static func names(of object: String, nameField: String, ids: [String]) -> String {
        SOQLQuery(
            selection: [selected("Id"), selected(nameField)], object: object,
            condition: .isIn(field("Id"), ids.map(SOQLLiteral.string), negated: false)
        ).description
    }

    /// A record's latest related records through `parentField`: `fields`, newest change first.
    static func related(_ object: String, fields: [String], parentField: String, parentID: String, limit: Int) -> String {
        var query = SOQLQuery(
            selection: fields.map(selected), object: object, condition: .comparison(field(parentField), .equal, .string(parentID)))
        query.ordering = [OrderItem(expression: field("LastModifiedDate"), descending: true)]
        query.limit = limit
        return query.description
    }

    /// A field by its describe name, a relationship path split at each `.` scalar, as the SOQL
    /// lexer reads one (a `.` a combining mark follows is still a separator).
    static func field(_ name: String) -> ValueExpression {
        .field(FieldPath(name.split(atScalars: ["."], omittingEmptyParts: false)))
    }

    private static func selected(_ name: String) -> SelectItem {
        .expression(field(name), alias: nil)
    }
}
