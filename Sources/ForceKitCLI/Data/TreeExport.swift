import Foundation
import SalesforceCore

/// A query's records in the sObject tree format `forcekit data import tree` and
/// `sf data import tree` read: each record with its type and a reference (`AccountRef1`), its
/// subqueries' records nested under their relationship, without ids. A field that held the id
/// of another exported record holds `@` and that record's reference; a child's field that
/// pointed to its own parent goes, as its nesting says it.
struct TreeExport {
    /// The records, ready for the file's `records`.
    private(set) var records: [JSON] = []
    /// How many records of each type, in the order the types came.
    private(set) var counts: [(type: String, count: Int)] = []
    /// Object values left out (a parent's fields, `Owner.Name`, or a compound field,
    /// `BillingAddress`): a tree file sets a record's own writable fields only.
    private(set) var leftOut: Set<String> = []
    /// Child lists the query answered only in part (more than its page): the rest is not exported.
    private(set) var truncated: Set<String> = []

    /// The tree of `queried` (records as the query API answers them).
    init(_ queried: [JSON]) {
        var references: [String: String] = [:]
        var inOrder: [String] = []
        var numbers: [String: Int] = [:]
        // First every record's reference, so a field can name a record that comes later.
        func name(_ record: JSON) {
            let type = record["attributes"]?["type"]?.stringValue ?? "Unknown"
            numbers[type, default: 0] += 1
            if numbers[type] == 1 { counts.append((type, 0)) }
            let reference = "\(type)Ref\(numbers[type] ?? 0)"
            inOrder.append(reference)
            if let id = record["Id"]?.stringValue { references[id] = reference }
            for (_, value) in (record.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) { value["records"]?.arrayValue?.forEach(name) }
        }
        queried.forEach(name)
        counts = counts.map { ($0.type, numbers[$0.type] ?? 0) }
        var next = 0
        func convert(_ record: JSON, parentID: String?) -> JSON {
            let type = record["attributes"]?["type"]?.stringValue ?? "Unknown"
            let id = record["Id"]?.stringValue
            // Visited in the naming pass's order, so the nth record has the nth reference.
            let reference = next < inOrder.count ? inOrder[next] : "\(type)Ref\(next + 1)"
            next += 1
            var out: [String: JSON] = ["attributes": ["type": .string(type), "referenceId": .string(reference)]]
            for (key, value) in (record.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) where key != "attributes" && key != "Id" {
                if let children = value["records"]?.arrayValue {
                    if value["done"]?.boolValue == false { truncated.insert(key) }
                    out[key] = ["records": .array(children.map { convert($0, parentID: id) })]
                } else if value.objectValue != nil {
                    leftOut.insert(key)
                } else if let text = value.stringValue, let parentID, text == parentID {
                    continue
                } else if let text = value.stringValue, let other = references[text] {
                    out[key] = .string("@" + other)
                } else if !value.isNull {
                    out[key] = value
                }
            }
            return .object(out)
        }
        records = queried.map { convert($0, parentID: nil) }
    }

    /// `Account-Contact.json`: the types, in order, as sf names its files.
    var fileName: String { counts.map(\.type).joined(separator: "-") + ".json" }

    /// The file's JSON.
    var json: JSON { ["records": .array(records)] }
}
