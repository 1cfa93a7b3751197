import Foundation
import SalesforceCore

/// Whole numbers a request carries, in query parameters or JSON members, read in one place and
/// checked against the range the resource accepts. No number from a client reaches arithmetic,
/// an index or a `LIMIT` before it passes here, so a huge or negative value is a 400 that names
/// it, never an overflow. The console's pages read theirs here too.
package enum RequestNumber {
    /// Reads `text` as a whole number in `range`.
    /// - Throws: INVALID_PARAMETER_VALUE naming `name`, the value and the range.
    package static func read(_ text: String, named name: String, in range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw outOfRange(name, text, range)
        }
        return value
    }

    /// Reads a JSON member as a whole number in `range`; a string of digits is accepted as
    /// Salesforce does for numeric parameters.
    /// - Throws: INVALID_PARAMETER_VALUE naming `name`, the value and the range.
    static func read(_ json: JSON, named name: String, in range: ClosedRange<Int>) throws(APIError) -> Int {
        if case .string(let text) = json { return try read(text, named: name, in: range) }
        guard let value = json.integerValue, value >= Int64(range.lowerBound), value <= Int64(range.upperBound) else {
            throw outOfRange(name, String(decoding: json.serializedBytes(), as: UTF8.self), range)
        }
        return Int(value)
    }

    private static func outOfRange(_ name: String, _ value: String, _ range: ClosedRange<Int>) -> APIError {
        let shown = value.count > 40 ? value.prefix(40) + "…" : Substring(value)
        return APIError(
            status: 400, errorCode: "INVALID_PARAMETER_VALUE",
            message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(shown).")
    }
}

extension RestCall {
    /// The query parameter `name` as a whole number in `range`, or nil when it is absent.
    /// - Throws: INVALID_PARAMETER_VALUE when it is not a whole number in `range`.
    func integerParameter(_ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let text = parameter(name) else { return nil }
        return try RequestNumber.read(text, named: name, in: range)
    }
}

extension JSON {
    /// The member `name` as a whole number in `range`, or nil when it is absent or null.
    /// - Throws: INVALID_PARAMETER_VALUE when it is not a whole number in `range`.
    func integerMember(_ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let value = self[name], value != .null else { return nil }
        return try RequestNumber.read(value, named: name, in: range)
    }
}
