import Foundation
import SOQL
import SalesforceCore

/// Records as a text table: one column per field, in the order the query's SELECT names them
/// (records are JSON objects, which keep no order), nested parents flattened to `Parent.Field`.
struct RecordTable {
    let records: [JSON]
    /// The SELECT list's field paths as written: the header when no record came.
    var selectedColumns: [String] = []
    /// The SELECT list's field paths, lower-cased: the columns' order.
    var columnOrder: [String] { selectedColumns.map { $0.lowercased() } }

    /// A table for the records of `soql`, its columns in the SELECT's order.
    init(records: [JSON], soql: String? = nil) {
        self.records = records
        guard let soql, let query = try? SOQLQuery(parsing: soql) else { return }
        selectedColumns = query.selection.compactMap { item in
            switch item {
            case .expression(let expression, let alias):
                if let alias { return alias }
                // toLabel(Industry), FORMAT(Amount): the field's column.
                var inner = expression
                while case .function(let call) = inner, call.arguments.count == 1, call.function?.isAggregate == false {
                    inner = call.arguments[0]
                }
                return inner.fieldPath?.components.joined(separator: ".")
            case .subquery(let subquery): return subquery.object
            case .typeOf(let typeOf): return typeOf.field.description
            case .fields: return nil
            }
        }
    }

    /// A record without its `attributes` objects, at any depth.
    static func withoutAttributes(_ record: JSON) -> JSON {
        switch record {
        case .object(let fields):
            return .object(fields.filter { $0.key != "attributes" }.mapValues(withoutAttributes))
        case .array(let items):
            return .array(items.map(withoutAttributes))
        default:
            return record
        }
    }

    /// A child subquery's answer (`Contacts: {totalSize, done, records}`): its records, or nil
    /// for any other value.
    static func childRecords(_ value: JSON) -> [JSON]? {
        guard case .object(let fields) = value, let records = fields["records"]?.arrayValue, fields["done"] != nil,
            fields["totalSize"] != nil
        else { return nil }
        return records
    }

    private static func flatten(_ value: JSON, prefix: String, into row: inout [(String, String)]) {
        // A subquery's rows are one cell: their records as JSON (the table shows them as rows of their own).
        if let children = childRecords(value) {
            row.append((prefix, JSON.array(children.map(withoutAttributes)).serialized()))
            return
        }
        switch value {
        case .object(let fields):
            for key in fields.keys.sorted() where key != "attributes" {
                flatten(fields[key]!, prefix: prefix.isEmpty ? key : "\(prefix).\(key)", into: &row)
            }
        case .null: row.append((prefix, ""))
        case .string(let text): row.append((prefix, text))
        case .array(let items): row.append((prefix, "[\(items.count)]"))
        default: row.append((prefix, value.serialized()))
        }
    }

    /// The columns, in order, and each record's values under them.
    private func grid() -> (columns: [String], cells: [[String]]) {
        // No record: the columns the query selects, so a CSV of nothing still has its header.
        if records.isEmpty { return (selectedColumns, []) }
        let rows: [[(String, String)]] = records.map { record in
            var row: [(String, String)] = []
            Self.flatten(record, prefix: "", into: &row)
            return row
        }
        var columns: [String] = []
        for row in rows { for (name, _) in row where !columns.contains(name) { columns.append(name) } }
        // Stable: columns the SELECT names come in its order, any others after, as they came.
        // A compound or parent's columns (`BillingAddress.city`, `What.Name`) go where it is selected.
        let order = columnOrder
        func rank(_ column: String) -> Int {
            let lowered = column.lowercased()
            return order.firstIndex { lowered == $0 || lowered.hasPrefix($0 + ".") } ?? order.count
        }
        columns = columns.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        return (columns, rows.map { row in columns.map { column in row.first { $0.0 == column }?.1 ?? "" } })
    }

    /// The records as a text table, a header and a rule above them.
    func render() -> String {
        let (columns, cells) = grid()
        guard !columns.isEmpty else { return "" }
        let widths = columns.indices.map { index in min(40, max(columns[index].count, cells.map { $0[index].count }.max() ?? 0)) }
        func line(_ values: [String]) -> String {
            zip(values, widths).map { value, width in
                let clipped = value.count > width ? String(value.prefix(width - 1)) + "…" : value
                return clipped + String(repeating: " ", count: width - clipped.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        // Under each record, its subqueries' records as nested rows: `  Contacts: LastName=Ito, Email=…`.
        let subqueryColumns = columns.indices.filter { index in
            records.contains { Self.childRecords(Self.value(at: columns[index], in: $0)) != nil }
        }
        var lines = [line(columns), line(widths.map { String(repeating: "-", count: $0) })]
        for (record, row) in zip(records, cells) {
            lines.append(
                line(
                    subqueryColumns.isEmpty
                        ? row
                        : row.enumerated().map { index, cell in
                            guard subqueryColumns.contains(index) else { return cell }
                            let count = Self.childRecords(Self.value(at: columns[index], in: record))?.count ?? 0
                            return count == 1 ? "1 record" : "\(count) records"
                        }))
            for index in subqueryColumns {
                for child in Self.childRecords(Self.value(at: columns[index], in: record)) ?? [] {
                    var fields: [(String, String)] = []
                    Self.flatten(child, prefix: "", into: &fields)
                    lines.append("  \(columns[index]): " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: ", "))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The value at a column's dotted path in a record (`Account.Name`), null when absent.
    private static func value(at path: String, in record: JSON) -> JSON {
        var current = record
        for key in path.split(atScalars: ["."]) { current = current[key] ?? .null }
        return current
    }

    /// The records as CSV (RFC 4180, with Unix line ends): a header row, then one row per record; a value with a
    /// comma, a quote or a line break in double quotes, its quotes doubled.
    func csv() -> String {
        let (columns, cells) = grid()
        // Scalar by scalar, as a CSV reader reads it: a comma or quote a combining mark follows
        // is still a comma or a quote.
        func field(_ value: String) -> String {
            guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
            return "\"" + value.replacingScalars(["\"": "\"\""]) + "\""
        }
        return ([columns] + cells).map { $0.map(field).joined(separator: ",") }.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
