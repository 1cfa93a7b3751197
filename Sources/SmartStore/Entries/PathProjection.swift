import SalesforceCore

/// A dot-separated path, split once, that finds values in entries by SmartStore's rules.
struct EntryPath: Sendable, Hashable {
    let text: String
    let segments: [String]

    init(_ text: String) {
        self.text = text
        segments = text.split(atScalars: ["."], omittingEmptyParts: false)
    }

    /// The value at the path, or `nil` when the entry has none.
    ///
    /// An array met on the way takes the rest of the path into each of its elements; elements
    /// that yield nothing are dropped, and an empty result is no value. Nested arrays stay nested.
    func value(in entry: JSON) -> JSON? {
        Self.project(entry, segments[...])
    }

    private static func project(_ value: JSON, _ rest: ArraySlice<String>) -> JSON? {
        guard let key = rest.first else { return value.isNull ? nil : value }
        switch value {
        case .object(let members):
            guard let member = members[key] else { return nil }
            return project(member, rest.dropFirst())
        case .array(let elements):
            let results = elements.compactMap { project($0, rest) }
            return results.isEmpty ? nil : .array(results)
        default:
            return nil
        }
    }
}

/// What a JSON value becomes in an index column of a given type; `nil` is SQL NULL.
enum IndexValue {
    case text(String)
    case integer(Int64)
    case real(Double)

    /// The value to store in a column of `type` for the JSON found at an index path.
    init?(indexing value: JSON?, as type: IndexType) {
        guard let value else { return nil }
        switch type {
        case .string, .fullText:
            self = .text(Self.text(of: value))
        case .integer:
            switch value {
            case .integer(let number): self = .integer(number)
            case .double(let number) where number.isFinite && abs(number) < 9.2e18: self = .integer(Int64(number))
            default: return nil
            }
        case .floating:
            guard let number = value.doubleValue else { return nil }
            self = .real(number)
        case .json1:
            // json1 indexes live on an expression over the stored entry, not in a column.
            return nil
        }
    }

    /// A query key compared against an index of `type`: converted as indexed values are, except
    /// that numeric text is read as a number for numeric indexes (keys often arrive as strings).
    init?(key: JSON, as type: IndexType) {
        switch (type, key) {
        case (_, .null):
            return nil
        case (.integer, .string(let text)), (.floating, .string(let text)):
            if let integer = Int64(text), type == .integer {
                self = .integer(integer)
            } else if let double = Double(text) {
                self = .real(double)
            } else {
                self = .text(text)
            }
        case (.integer, .double(let number)):
            self = .real(number)
        case (.json1, _):
            guard let value = IndexValue(sqlValueOf: key) else { return nil }
            self = value
        default:
            guard let value = IndexValue(indexing: key, as: type) else { return nil }
            self = value
        }
    }

    /// A JSON value as SQLite sees JSON: scalars as themselves, booleans as 1 and 0 (as
    /// `json_extract` returns them), arrays and objects as JSON text; `nil` for null.
    init?(sqlValueOf value: JSON) {
        switch value {
        case .null: return nil
        case .bool(let flag): self = .integer(flag ? 1 : 0)
        case .integer(let number): self = .integer(number)
        case .double(let number): self = .real(number)
        case .string(let text): self = .text(text)
        case .array, .object: self = .text(value.serialized())
        }
    }

    /// The text a string index holds for a value: strings as they are, other scalars as their
    /// JSON spelling (`true`, `37`), arrays and objects as compact JSON.
    static func text(of value: JSON) -> String {
        switch value {
        case .string(let text): text
        case .bool(let flag): flag ? "true" : "false"
        default: value.serialized()
        }
    }
}
