import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@Suite("Parsing a document with where an array's elements lie")
struct LocatingElementsTests {
    @Test("Each located element's text parses back to that element, whatever the spacing", arguments: 1...40)
    func elementsReadBack(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let records = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.randomValue(depth: 0, &random) }
        let document: JSON = ["totalSize": .integer(Int64(records.count)), "done": true, "records": .array(records)]
        let text = Self.spaced(document, &random)
        let (value, ranges) = try JSON.parsing(Data(text.utf8), locatingElementsOf: "records")
        #expect(value == document)
        #expect(ranges.count == records.count)
        let bytes = Array(text.utf8)
        for (range, record) in zip(ranges, records) {
            #expect(try JSON(parsing: bytes[range]) == record)
        }
    }

    @Test("Offsets count from the first byte of a slice, as of a whole buffer")
    func sliceOffsets() throws {
        let body = Data("xx{\"records\":[{\"a\":1}, [2]]}".utf8).dropFirst(2)
        let (_, ranges) = try JSON.parsing(body, locatingElementsOf: "records")
        let text = Array(body)
        #expect(ranges.map { String(decoding: text[$0], as: UTF8.self) } == ["{\"a\":1}", "[2]"])
    }

    @Test("No elements when the member is missing, not an array, or the document is not an object; the last of a repeated member counts")
    func noElements() throws {
        #expect(try JSON.parsing(Data("{\"done\":true}".utf8), locatingElementsOf: "records").elements.isEmpty)
        #expect(try JSON.parsing(Data("{\"records\":{\"a\":[1]}}".utf8), locatingElementsOf: "records").elements.isEmpty)
        let array = try JSON.parsing(Data("[1,2]".utf8), locatingElementsOf: "records")
        #expect(array.value == [1, 2] && array.elements.isEmpty)
        let repeated = try JSON.parsing(Data("{\"records\":[1,2,3],\"records\":[4]}".utf8), locatingElementsOf: "records")
        #expect(repeated.value == ["records": [4]] && repeated.elements == [30..<31])
        let overridden = try JSON.parsing(Data("{\"records\":[1],\"records\":null}".utf8), locatingElementsOf: "records")
        #expect(overridden.value == ["records": .null] && overridden.elements.isEmpty)
    }

    @Test("Malformed text is refused as JSON(parsing:) refuses it")
    func malformed() {
        for text in ["{\"records\":[1,]}", "{\"records\":[{]}", "{\"records\":[1]", "{\"records\":[1]} x", ""] {
            #expect(throws: JSONError.self) { try JSON.parsing(Data(text.utf8), locatingElementsOf: "records") }
            #expect(throws: JSONError.self) { try JSON(parsing: Data(text.utf8)) }
        }
    }

    @Test("Counting a member's elements without parsing agrees with the parser, stopping one past the limit", arguments: 1...60)
    func countsAsParserReads(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let records = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.randomValue(depth: 0, &random) }
        var document: [String: JSON] = ["done": true, "records": .array(records)]
        for index in 0..<Int.random(in: 0...3, using: &random) { document["x\(index)"] = Self.randomValue(depth: 0, &random) }
        let bytes = Array(Self.spaced(.object(document), &random).utf8)
        let limit = Int.random(in: 0...14, using: &random)
        #expect(JSON.countElements(ofArray: "records", in: bytes, upTo: limit) == min(records.count, limit + 1))
        #expect(try JSON(parsing: bytes)["records"]?.arrayValue?.count == records.count)
    }

    @Test("A count reads the last of a repeated member and is nil where the parser finds no array")
    func countEdges() {
        func count(_ text: String) -> Int? { JSON.countElements(ofArray: "records", in: Array(text.utf8), upTo: 200) }
        #expect(count(#"{"records":[]}"#) == 0)
        #expect(count(#"{"records":[1,2,3],"records":[4]}"#) == 1)
        #expect(count(#"{"a":{"records":[1,2]},"records":[{"records":[1,2]}, "],[", [3]]}"#) == 3)
        #expect(count(#"{"records":[1,2],"records":null}"#) == nil)
        #expect(count(#"{"records":"[1,2]"}"#) == nil)
        #expect(count(#"{"done":true}"#) == nil)
        #expect(count("[1,2]") == nil)
        #expect(count(#"{"records":[1,2]"#) == nil)
        #expect(count(#"{"records":[1]]}"#) == nil)
    }

    @Test("900,000 records count as one past the limit")
    func hugeArray() {
        let text =
            #"{"allOrNone":false,"records":["#
            + Array(repeating: #"{"attributes":{"type":"Account"},"Name":"x"}"#, count: 900_000)
            .joined(separator: ",") + "]}"
        #expect(JSON.countElements(ofArray: "records", in: Array(text.utf8), upTo: 200) == 201)
    }

    private static func randomValue(depth: Int, _ random: inout SeededGenerator) -> JSON {
        switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .integer(Int64.random(in: -1_000...1_000, using: &random))
        case 3:
            let texts = ["", "Acme", "a \"quoted\" name", "tab\there", "é ü 漢", "back\\slash /", "[1, {\"records\": [", "}],", "\\\"]"]
            return .string(texts.randomElement(using: &random) ?? "")
        case 4: return .double(Double(Int.random(in: 0...999, using: &random)) / 8)
        case 5: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(depth: depth + 1, &random) })
        default:
            var members: [String: JSON] = [:]
            for index in 0..<Int.random(in: 0...4, using: &random) { members["f\(index)"] = randomValue(depth: depth + 1, &random) }
            return .object(members)
        }
    }

    /// `value`'s JSON text with random whitespace between its tokens.
    private static func spaced(_ value: JSON, _ random: inout SeededGenerator) -> String {
        let space = [" ", "", "\n", "\t ", ""].randomElement(using: &random) ?? ""
        switch value {
        case .array(let elements):
            return "[" + space + elements.map { spaced($0, &random) }.joined(separator: space + "," + space) + space + "]"
        case .object(let members):
            let parts = members.sorted { $0.key < $1.key }.map { key, member in "\"\(key)\"" + space + ":" + space + spaced(member, &random)
            }
            return "{" + space + parts.joined(separator: "," + space) + space + "}"
        default:
            return value.serialized()
        }
    }
}
