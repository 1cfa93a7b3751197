/// A JSON value: what Salesforce sends and what SmartStore keeps.
///
/// Integers and floating-point numbers are distinct cases so that record ids, counts and
/// currency amounts survive a round trip unchanged; they compare equal when they denote the same
/// number (`.integer(1) == .double(1.0)`).
///
/// ```swift
/// let account: JSON = ["Name": "Acme", "NumberOfEmployees": 120, "IsDeleted": false]
/// account["Name"]?.stringValue   // "Acme"
/// ```
public enum JSON: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fractional part that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSON])
    /// An object. Key order is not significant.
    case object([String: JSON])
}

// MARK: - Accessors

extension JSON {
    /// The value of a key when this is an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at an index when this is an array and the index is in range.
    public subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number as an integer, when it is integral and in range.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): value
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The number as a `Double`, when this is a number.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSON]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

// MARK: - Equality

extension JSON: Hashable {
    /// Whether two values are the same JSON; numbers compare by value across integer and double.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        case (.integer, _), (.double, _):
            if let a = lhs.integerValue, let b = rhs.integerValue {
                a == b
            } else if let a = lhs.doubleValue, let b = rhs.doubleValue {
                a == b
            } else {
                false
            }
        default: false
        }
    }

    /// Hashes integral numbers by their integer value so equal numbers hash alike.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .integer, .double:
            hasher.combine(2)
            if let integer = integerValue { hasher.combine(integer) } else { hasher.combine(doubleValue) }
        case .string(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(5)
            hasher.combine(value)
        }
    }
}

// MARK: - Literals

// `nil` is deliberately not a JSON literal: spell `.null`. Where a `JSON?` was meant, a `nil`
// that the compiler read as `.null` turned "no value" into the value null (SmartStore indexed it
// as the text "null").

extension JSON: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating-point literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// A dictionary literal. A repeated key keeps its last value, as JSON parsers do.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
