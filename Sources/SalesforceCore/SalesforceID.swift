/// A Salesforce record id: 15 case-sensitive base-62 characters, optionally followed by the
/// 3-character suffix that makes the 18-character, case-insensitive form.
///
/// Two ids are equal when their 15-character forms are equal, compared case-sensitively, so
/// `001D000000Jwj9v` and `001D000000Jwj9vIAB` are the same record while `001d000000Jwj9v` is not.
///
/// ```swift
/// let account = try SalesforceID("001D000000Jwj9v")
/// account.id18        // "001D000000Jwj9vIAB"
/// account.keyPrefix   // "001"
/// account.objectType  // "Account"
/// ```
public struct SalesforceID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The case-sensitive 15-character form.
    public let id15: String

    /// Parses a 15- or 18-character id.
    ///
    /// An 18-character id must carry the checksum suffix computed from its first 15 characters
    /// (compared case-insensitively, as Salesforce does).
    /// - Throws: ``SalesforceIDError`` naming the wrong length, the first bad character or the
    ///   expected suffix.
    public init(_ text: String) throws(SalesforceIDError) {
        let bytes = Array(text.utf8)
        try Self.checkShape(of: text)
        let head = String(decoding: bytes[0..<15], as: UTF8.self)
        if bytes.count == 18 {
            let expected = Self.checksum(ofFirst15: bytes)
            guard zip(bytes[15..<18], expected.utf8).allSatisfy({ Self.uppercased($0) == $1 }) else {
                throw .checksumMismatch(id: text, expected: expected)
            }
        }
        id15 = head
    }

    /// Parses an 18-character id whose letters may have lost their case (for example after a
    /// case-insensitive system or a spreadsheet upper-cased it), restoring the case from the
    /// checksum suffix. A 15-character id is taken as it is.
    /// - Throws: ``SalesforceIDError`` for a wrong length or a bad character.
    public init(restoringCaseOf text: String) throws(SalesforceIDError) {
        var bytes = Array(text.utf8)
        try Self.checkShape(of: text)
        if bytes.count == 18 {
            for chunk in 0..<3 {
                guard let bits = Self.suffixAlphabet.firstIndex(of: Self.uppercased(bytes[15 + chunk])) else {
                    throw .checksumMismatch(id: text, expected: Self.checksum(ofFirst15: bytes))
                }
                for position in 0..<5 {
                    let index = chunk * 5 + position
                    let isUpper = bits & (1 << position) != 0
                    bytes[index] = isUpper ? Self.uppercased(bytes[index]) : Self.lowercased(bytes[index])
                }
            }
        }
        id15 = String(decoding: bytes[0..<15], as: UTF8.self)
    }

    /// The 18-character form: the 15-character id and its checksum suffix.
    public var id18: String { id15 + Self.checksum(ofFirst15: Array(id15.utf8)) }

    /// The first three characters, which name the object type (`001` for Account).
    public var keyPrefix: String { String(id15.prefix(3)) }

    /// The standard object this id's key prefix belongs to, when it is a well-known one.
    public var objectType: String? { KeyPrefix.objectType(for: keyPrefix) }

    /// The 18-character form, the one the REST API returns.
    public var description: String { id18 }

    /// Orders ids by their 15-character form, so sorting is stable across 15- and 18-character input.
    public static func < (lhs: SalesforceID, rhs: SalesforceID) -> Bool { lhs.id15 < rhs.id15 }

    /// Whether `text` parses as a Salesforce id (15 or 18 characters with a valid suffix).
    public static func isValid(_ text: String) -> Bool { (try? SalesforceID(text)) != nil }
}

// MARK: - Shape and checksum

extension SalesforceID {
    /// The alphabet the checksum suffix is written in: index `n` stands for the 5-bit value `n`.
    static let suffixAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345".utf8)

    private static func checkShape(of text: String) throws(SalesforceIDError) {
        // Valid ids are ASCII: a byte check spares them the grapheme walk below, which only
        // finds what to report.
        let utf8 = text.utf8
        if utf8.count == 15 || utf8.count == 18,
            utf8.allSatisfy({ byte in isUppercaseLetter(byte) || isLowercaseLetter(byte) || isDigit(byte) })
        {
            return
        }
        let length = text.count
        guard length == 15 || length == 18 else {
            throw .wrongLength(id: text, length: length)
        }
        for (offset, character) in text.enumerated() where !(character.isASCII && (character.isLetter || character.isNumber)) {
            throw .invalidCharacter(id: text, character: String(character), offset: offset)
        }
    }

    /// The 3-character suffix: for each 5-character chunk, a bit per uppercase letter.
    package static func checksum(ofFirst15 bytes: [UInt8]) -> String {
        var suffix: [UInt8] = []
        suffix.reserveCapacity(3)
        for chunk in 0..<3 {
            var bits = 0
            for position in 0..<5 where isUppercaseLetter(bytes[chunk * 5 + position]) {
                bits |= 1 << position
            }
            suffix.append(suffixAlphabet[bits])
        }
        return String(decoding: suffix, as: UTF8.self)
    }

    private static func isUppercaseLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func uppercased(_ byte: UInt8) -> UInt8 { isLowercaseLetter(byte) ? byte - 0x20 : byte }

    private static func lowercased(_ byte: UInt8) -> UInt8 { isUppercaseLetter(byte) ? byte + 0x20 : byte }
}

// MARK: - Codable

extension SalesforceID: Codable {
    /// Decodes an id from a JSON string, rejecting malformed ids with a decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try SalesforceID(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    /// Encodes the 18-character form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id18)
    }
}
