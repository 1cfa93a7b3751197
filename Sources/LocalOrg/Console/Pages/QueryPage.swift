import Foundation
import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// A SOQL box whose results show as a table: the query runs through the REST API's `query`
/// (or `queryAll`), so what it accepts and refuses is what an app meets.
struct QueryPage {
    let api: ConsoleAPI

    func page(soql: String?, all: Bool) async throws -> Response {
        let soql = soql?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var result: HTML = .empty
        if !soql.isEmpty {
            do {
                let answer = try await api.call("GET", [all ? "queryAll" : "query"], parameters: [("q", soql)])
                result = Self.table(answer, soql: soql)
            } catch {
                result =
                    "<div class=\"errors\" role=\"alert\"><strong>\(error.errorCode)</strong>: <span class=\"mono\">\(error.message)</span></div>"
            }
        }
        let example = "SELECT Id, Name, Industry, (SELECT LastName FROM Contacts) FROM Account ORDER BY Name LIMIT 10"
        let body: HTML = """
            <h1>SOQL</h1>
            <form class="card" method="get" action="\(ConsolePaths.query)">
            <label for="q">Query</label><textarea id="q" name="q" class="mono" rows="4" placeholder="\(example)">\(soql)</textarea>
            <div class="toolbar"><button class="primary" type="submit">Run</button>\
            <label><input type="checkbox" name="all"\(all ? " checked" : "" as HTML)> Include deleted and archived records (queryAll)</label></div></form>
            \(result)
            """
        return ConsoleLayout.response(ConsoleLayout.page("SOQL", user: api.user, orgName: api.org.settings.organizationName, body: body))
    }

    /// The answer's records as rows; nested objects become `Account.Name` columns, child
    /// records a count. Columns follow the order the query names them in.
    static func table(_ answer: JSON, soql: String) -> HTML {
        let records = answer["records"]?.arrayValue ?? []
        let total = answer["totalSize"]?.integerValue ?? Int64(records.count)
        let rows = records.map { flattened($0) }
        var columns: [String] = []
        for row in rows { for (column, _) in row where !columns.contains(column) { columns.append(column) } }
        let text = soql.lowercased()
        columns.sort { lhs, rhs in
            let (left, right) = (position(of: lhs, in: text), position(of: rhs, in: text))
            return left != right ? left < right : lhs < rhs
        }
        let cells: [[HTML]] = rows.map { row in
            let values = Dictionary(row, uniquingKeysWith: { first, _ in first })
            return columns.map { column in
                guard let value = values[column] else { return .empty }
                if column.hasSuffix("Id") || column == "Id", let id = value.stringValue, id.count == 18 {
                    return HTML.link(id, to: ConsolePaths.record(id: id))
                }
                return FieldDisplay.html(value, field: nil)
            }
        }
        let more = answer["done"]?.boolValue == false ? " (the first \(records.count) shown)" : ""
        let summary: HTML = "<p class=\"muted\">\(total == 1 ? "1 row" : "\(total) rows")\(more)</p>"
        guard !records.isEmpty else { return summary }
        return "\(summary)\(HTML.table(headers: columns, rows: cells))"
    }

    /// A record's values by dotted path: `attributes` left out, parents' fields flattened, a
    /// subquery's records counted.
    static func flattened(_ record: JSON, prefix: String = "") -> [(String, JSON)] {
        guard let members = record.objectValue else { return [] }
        var values: [(String, JSON)] = []
        for (key, value) in members.sorted(by: { $0.key < $1.key }) where key != "attributes" {
            if case .object(let nested) = value, nested["records"] == nil {
                values += flattened(value, prefix: prefix + key + ".")
            } else {
                values.append((prefix + key, value))
            }
        }
        return values
    }

    /// Where a column's path first appears in the query (an alias or `expr0` last).
    private static func position(of column: String, in soql: String) -> Int {
        guard let range = soql.range(of: column.lowercased()) else { return Int.max }
        return soql.distance(from: soql.startIndex, to: range.lowerBound)
    }
}
