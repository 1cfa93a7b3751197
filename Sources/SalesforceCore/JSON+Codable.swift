import Foundation

extension JSON: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSON].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value.")
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        // JSON has no spelling for infinities and NaN; they encode as null rather than failing.
        case .double(let value) where !value.isFinite: try container.encodeNil()
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON {
    /// Parses JSON text (RFC 8259: no trailing commas, comments or bare words).
    /// - Throws: ``JSONError/malformed(_:)`` saying what is wrong and at which line and column.
    public init(parsing data: some Collection<UInt8>) throws(JSONError) {
        self = try Self.reading(data) { buffer throws(JSONError) in try JSONReader.parse(buffer) }
    }

    /// Parses JSON text whose top level is an object, and finds where each element of the array
    /// at its member `member` lies in `data`, as offsets from its first byte: a query page's
    /// records can then be kept as the server wrote them.
    /// - Returns: the value, and the elements' ranges (empty when the member is missing or not an array).
    /// - Throws: ``JSONError/malformed(_:)`` saying what is wrong and at which line and column.
    public static func parsing(_ data: some Collection<UInt8>, locatingElementsOf member: String) throws(JSONError) -> (
        value: JSON, elements: [Range<Int>]
    ) {
        try reading(data) { buffer throws(JSONError) in try JSONReader.parse(buffer, locatingElementsOf: member) }
    }

    /// Runs `read` over `data`'s bytes, in place when they are contiguous, else over a copy.
    private static func reading<T>(
        _ data: some Collection<UInt8>, _ read: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> T
    ) throws(JSONError) -> T {
        let inPlace: Result<T, JSONError>? = data.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONError) in try read(buffer) }
        }
        if let inPlace { return try inPlace.get() }
        return try Array(data).withUnsafeBufferPointer { buffer in Result { () throws(JSONError) in try read(buffer) } }.get()
    }

    /// Parses JSON text.
    /// - Throws: ``JSONError/malformed(_:)`` saying what is wrong and at which line and column.
    public init(parsing text: String) throws(JSONError) {
        var text = text
        let parsed = text.withUTF8 { buffer in Result { () throws(JSONError) in try JSONReader.parse(buffer) } }
        self = try parsed.get()
    }

    /// Compact JSON text with sorted keys, so equal values always print alike.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// JSON for people to read: keys sorted, one member or element a line, two spaces a level.
    public func prettyPrinted() -> String {
        var writer = JSONWriter(sortsKeys: true, indentWidth: 2)
        writer.write(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Compact JSON as UTF-8 bytes: ``serialized()`` without the `String`.
    /// - Parameter sortingKeys: Whether object keys are sorted. Unsorted is faster, for text that
    ///   is only ever parsed back (key order varies between runs then).
    public func serializedBytes(sortingKeys: Bool = true) -> [UInt8] {
        var writer = JSONWriter(sortsKeys: sortingKeys)
        writer.write(self)
        return writer.bytes
    }
}

/// Why text could not be read as JSON.
public enum JSONError: ForceKitError, Equatable {
    /// The text is not valid JSON.
    case malformed(String)

    /// What is wrong with the text.
    public var message: String {
        switch self {
        case .malformed(let reason): "The text is not valid JSON: \(reason)"
        }
    }

    /// How to find the problem.
    public var recoverySuggestion: String? { "Check the JSON with a validator such as `python3 -m json.tool`." }
}
