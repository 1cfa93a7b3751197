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
        case let .bool(value): try container.encode(value)
        case let .integer(value): try container.encode(value)
        // JSON has no spelling for infinities and NaN; they encode as null rather than failing.
        case let .double(value) where !value.isFinite: try container.encodeNil()
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}

extension JSON {
    /// Parses JSON text.
    /// - Throws: ``JSONError/malformed(_:)`` with the parser's explanation.
    public init(parsing data: Data) throws(JSONError) {
        do {
            self = try JSONDecoder().decode(JSON.self, from: data)
        } catch {
            throw .malformed(Self.explain(error))
        }
    }

    /// Parses JSON text.
    /// - Throws: ``JSONError/malformed(_:)`` with the parser's explanation.
    public init(parsing text: String) throws(JSONError) {
        try self.init(parsing: Data(text.utf8))
    }

    /// Compact JSON text with sorted keys, so equal values always print alike.
    public func serialized() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every case encodes (non-finite doubles as null), so this cannot fail in practice.
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func explain(_ error: any Error) -> String {
        if case let DecodingError.dataCorrupted(context) = error {
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return String(describing: error)
    }
}

/// Why text could not be read as JSON.
public enum JSONError: ForceKitError, Equatable {
    /// The text is not valid JSON.
    case malformed(String)

    /// What is wrong with the text.
    public var message: String {
        switch self {
        case let .malformed(reason): "The text is not valid JSON: \(reason)"
        }
    }

    /// How to find the problem.
    public var recoverySuggestion: String? { "Check the JSON with a validator such as `python3 -m json.tool`." }
}
