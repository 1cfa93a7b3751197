import Foundation
import SalesforceCore

/// `@{refId.field}` references in a composite subrequest's URL and body, resolved against the
/// answers of earlier subrequests: `@{NewAccount.id}`, `@{Query.records[0].Id}`.
struct CompositeReferences {
    /// Earlier answers that succeeded, by reference id.
    private(set) var bodies: [String: JSON] = [:]
    /// Reference ids of earlier subrequests that failed or were not run.
    private(set) var failed: Set<String> = []

    mutating func record(_ referenceID: String, _ reply: RestReply) {
        if reply.succeeded { bodies[referenceID] = reply.json } else { failed.insert(referenceID) }
    }

    /// Why a reference cannot be resolved.
    struct Unresolved: Error {
        var expression: String
        var referenceID: String
        var apiError: APIError {
            APIError(
                status: 400, errorCode: "PROCESSING_HALTED",
                message: "Invalid reference specified. No value for \(expression) found in \(referenceID).")
        }
    }

    /// `text` with every reference replaced by the value it names.
    /// It reads scalars, so a `}` a combining mark follows still ends a reference.
    func resolve(in text: String) throws(Unresolved) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "@", index + 1 < scalars.count, scalars[index + 1] == "{" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            guard let end = scalars[(index + 2)...].firstIndex(of: "}") else {
                result.append(contentsOf: scalars[index...])
                break
            }
            let expression = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
            result.append(contentsOf: Self.text(of: try value(of: expression)).unicodeScalars)
            index = end + 1
        }
        return String(result)
    }

    /// A body with references resolved in every string. A string that is exactly one
    /// reference takes the referenced value's own type (a number stays a number).
    func resolve(in json: JSON) throws(Unresolved) -> JSON {
        switch json {
        case .string(let text):
            let scalars = text.unicodeScalars
            if scalars.starts(with: "@{".unicodeScalars), scalars.last == "}",
                scalars.firstIndex(of: "}") == scalars.index(before: scalars.endIndex)
            {
                let value = try value(of: String(String.UnicodeScalarView(scalars.dropFirst(2).dropLast())))
                if case .string = value { return value }
                if value.integerValue != nil || value.doubleValue != nil || value.boolValue != nil { return value }
            }
            return .string(try resolve(in: text))
        case .array(let elements):
            var resolved: [JSON] = []
            for element in elements { resolved.append(try resolve(in: element)) }
            return .array(resolved)
        case .object(let members):
            var resolved: [String: JSON] = [:]
            for (key, value) in members { resolved[key] = try resolve(in: value) }
            return .object(resolved)
        default:
            return json
        }
    }

    /// The value `refId.path` names: keys separated by dots, `[n]` for array elements.
    private func value(of expression: String) throws(Unresolved) -> JSON {
        var parts = expression.split(atScalars: ["."], omittingEmptyParts: false)
        let (referenceID, firstIndexes) = Self.splitIndexes(parts.removeFirst())
        guard var current = bodies[referenceID] else { throw Unresolved(expression: expression, referenceID: referenceID) }
        for index in firstIndexes {
            guard let element = current[index] else { throw Unresolved(expression: expression, referenceID: referenceID) }
            current = element
        }
        for part in parts {
            let (key, indexes) = Self.splitIndexes(part)
            guard let member = current[key] else { throw Unresolved(expression: expression, referenceID: referenceID) }
            current = member
            for index in indexes {
                guard let element = current[index] else { throw Unresolved(expression: expression, referenceID: referenceID) }
                current = element
            }
        }
        return current
    }

    /// `records[0][1]` → `("records", [0, 1])`.
    private static func splitIndexes(_ part: String) -> (String, [Int]) {
        let scalars = part.unicodeScalars
        guard let open = scalars.firstIndex(of: "[") else { return (part, []) }
        let indexes = Substring(scalars[open...]).split(atScalars: ["]"]).compactMap { piece in Int(piece.drop { $0 == "[" }) }
        return (String(Substring(scalars[..<open])), indexes)
    }

    private static func text(of value: JSON) -> String {
        switch value {
        case .string(let text): return text
        case .null: return "null"
        default: return String(decoding: value.serializedBytes(), as: UTF8.self)
        }
    }
}
