import Foundation
import SalesforceCore
import SalesforceREST

/// Rows of a CSV file as records of one object, as Bulk API 2.0 reads them: a header of field
/// names (`Account.External_Id__c` for a parent by its external id), an empty value leaves the
/// field unset and `#N/A` sets it to null. Values are typed for their fields from the describe.
struct CSVImport {
    /// A record and the file line it came from.
    struct Row {
        var line: Int
        var fields: [String: JSON]
    }

    /// The object's records, in file order.
    let rows: [Row]

    /// Reads `path`; `types` maps lower-cased field names to describe types.
    init(path: String, types: [String: String]) throws {
        let data: Data
        do {
            data = try UserFiles.contents(of: path)
        } catch {
            throw CLIInputError(error.description)
        }
        let table: [[String?]]
        do {
            table = try BulkCSV.rows(Array(data))
        } catch {
            throw CLIInputError("\(path) is not CSV: line \(error.line), \(error.reason)")
        }
        guard let header = table.first?.map({ ($0 ?? "").trimmingCharacters(in: .whitespaces) }), !header.allSatisfy(\.isEmpty)
        else {
            throw CLIInputError("\(path) has no header row: its first line names the fields, such as Name,Industry")
        }
        if let blank = header.firstIndex(where: \.isEmpty) {
            throw CLIInputError("\(path)'s header has no name in column \(blank + 1)")
        }
        rows = try table.dropFirst().enumerated().compactMap { offset, cells -> Row? in
            let line = offset + 2
            // A blank line (an editor's last newline) is no record.
            if cells.allSatisfy({ ($0 ?? "").isEmpty }) { return nil }
            guard cells.count == header.count else {
                throw CLIInputError("\(path) line \(line) has \(cells.count) values for the header's \(header.count) fields")
            }
            var fields: [String: JSON] = [:]
            for (name, cell) in zip(header, cells) {
                guard let text = cell, !text.isEmpty else { continue }
                let value: JSON = text == "#N/A" ? .null : FieldText.json(text, fieldType: types[name.lowercased()] ?? "string")
                if let dot = name.firstIndex(of: ".") {
                    // A parent by its external id: {"Account": {"External_Id__c": "A-1"}}.
                    let relationship = String(name[..<dot])
                    var parent = fields[relationship]?.objectValue ?? [:]
                    parent[String(name[name.index(after: dot)...])] = value
                    fields[relationship] = .object(parent)
                } else {
                    fields[name] = value
                }
            }
            return Row(line: line, fields: fields)
        }
    }
}
