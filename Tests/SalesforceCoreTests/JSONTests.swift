import ForceKitTestSupport
import Foundation
import Logging
import SalesforceCore
import Testing

@Suite("The JSON value")
struct JSONTests {
    @Test("Literals build values and accessors read them")
    func literals() {
        let record: JSON = ["Name": "Acme", "Employees": 120, "Rating": 4.5, "Active": true, "Parent": .null, "Tags": ["a", "b"]]
        #expect(record["Name"]?.stringValue == "Acme")
        #expect(record["Employees"]?.integerValue == 120)
        #expect(record["Rating"]?.doubleValue == 4.5)
        #expect(record["Active"]?.boolValue == true)
        #expect(record["Parent"]?.isNull == true)
        #expect(record["Tags"]?[1]?.stringValue == "b")
        #expect(record["Tags"]?[2] == nil)
        #expect(record["Missing"] == nil)
        #expect(record[0] == nil)
    }

    @Test("Integers and doubles that denote the same number are equal and hash alike")
    func numbers() {
        #expect(JSON.integer(1) == JSON.double(1.0))
        #expect(Set<JSON>([.integer(1), .double(1.0)]).count == 1)
        #expect(JSON.integer(1) != JSON.double(1.5))
        #expect(JSON.integer(1) != JSON.string("1"))
        #expect(JSON.bool(true) != JSON.integer(1))
    }

    @Test("Parsing and serializing round-trip, with sorted keys")
    func roundTrip() throws {
        let text = #"{"b":[1,2.5,"x",null,false],"a":{"nested":true},"big":9007199254740993}"#
        let value = try JSON(parsing: text)
        #expect(value["big"]?.integerValue == 9_007_199_254_740_993)
        #expect(value["b"]?[1] == .double(2.5))
        #expect(value.serialized() == #"{"a":{"nested":true},"b":[1,2.5,"x",null,false],"big":9007199254740993}"#)
        #expect(try JSON(parsing: value.serialized()) == value)
    }

    @Test(
        "Malformed JSON is an error naming the line and column",
        arguments: [
            ("{", "expected a quoted key at line 1, column 2"),
            ("[1,2", "expected ',' or ']' in an array at line 1, column 5"),
            ("tru", "unexpected end of the text at line 1, column 1"),
            ("{\"a\" 1}", "expected ':' after the key \"a\" at line 1, column 6"),
            ("", "the text ends where a value was expected at line 1, column 1"),
            ("[1,]", "unexpected character ']' at line 1, column 4"),
            ("{\"a\":1,}", "expected a quoted key at line 1, column 8"),
            ("[01]", "a number cannot start with 0 at line 1, column 3"),
            ("\"tab\there\"", "a control character must be escaped inside a string at line 1, column 5"),
            ("[\n  nul]", "unexpected character 'n' at line 2, column 3"),
            ("1 2", "unexpected text after the JSON value at line 1, column 3"),
            ("\"\\x\"", "unknown escape \\'x' at line 1, column 4"),
        ])
    func malformed(text: String, reason: String) {
        #expect(throws: JSONError.malformed(reason)) { try JSON(parsing: text) }
    }

    @Test("Escapes, surrogate pairs and numbers read as JSON defines them")
    func escapesAndNumbers() throws {
        #expect(try JSON(parsing: #""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#) == .string("a\"\\/\u{8}\u{C}\n\r\té😀"))
        #expect(try JSON(parsing: #""\ud83d""#) == .string("\u{FFFD}"))
        #expect(try JSON(parsing: "-0") == .integer(0))
        #expect(try JSON(parsing: "1e2") == .double(100))
        #expect(try JSON(parsing: "9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSON(parsing: " [ ] ") == .array([]))
        #expect(JSON.string("line\nquote\"\u{1}").serialized() == #""line\nquote\"\u0001""#)
        #expect(JSON.double(.nan).serialized() == "null")
    }

    @Test("Deep nesting is an error, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.malformed("the document nests deeper than 512 levels at line 1, column 513")) { try JSON(parsing: deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? JSON(parsing: fine)) != nil)
    }

    @Test("Pretty printing indents two spaces a level, keys sorted, empty containers on one line")
    func pretty() {
        let record: JSON = ["Name": "Acme \"1\"", "Tags": ["a", 2], "Empty": [:], "None": []]
        #expect(
            record.prettyPrinted() == """
                {
                  "Empty": {},
                  "Name": "Acme \\"1\\"",
                  "None": [],
                  "Tags": [
                    "a",
                    2
                  ]
                }
                """)
        #expect(JSON.string("x").prettyPrinted() == "\"x\"")
    }

    @Test("Random values round-trip through text; random bytes never crash")
    func fuzz() throws {
        var random = SeededGenerator(seed: 0x15_0A)
        func value(depth: Int) -> JSON {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &random))
            case 2: return .integer(Int64.random(in: Int64.min...Int64.max, using: &random))
            case 3: return .double(Double.random(in: -1e300...1e300, using: &random))
            case 4:
                return .string(
                    String(
                        (0..<Int.random(in: 0..<12, using: &random)).map { _ in
                            Character(Unicode.Scalar(UInt32.random(in: 0...0x2FF, using: &random)) ?? "?")
                        }))
            case 5: return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in value(depth: depth + 1) })
            default:
                return .object(
                    Dictionary(
                        (0..<Int.random(in: 0..<4, using: &random)).map { ("k\($0)", value(depth: depth + 1)) },
                        uniquingKeysWith: { a, _ in a }))
            }
        }
        for _ in 0..<500 {
            let original = value(depth: 0)
            #expect(try JSON(parsing: original.serialized()) == original)
            #expect(try JSON(parsing: original.serializedBytes()) == original)
            #expect(try JSON(parsing: original.prettyPrinted()) == original)
        }
        let alphabet = Array(#"{}[]":,-0123456789.eE+truefalsnl \u"#.utf8) + [0x0A, 0xC3, 0xA9, 0x00]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0..<24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            _ = try? JSON(parsing: bytes)
        }
    }
}

@Suite("API versions")
struct APIVersionTests {
    @Test("Versions parse, order and print in path form")
    func versions() throws {
        #expect(APIVersion("v62.0") == APIVersion(major: 62))
        #expect(APIVersion("31.0") == .oldestSupported)
        #expect(APIVersion("45") == APIVersion(major: 45))
        #expect(APIVersion("v0") == nil)
        #expect(APIVersion("62.x") == nil)
        #expect(APIVersion("") == nil)
        #expect(APIVersion.oldestSupported < .current)
        #expect(APIVersion.current.description == "v66.0")
        #expect(try JSONDecoder().decode([APIVersion].self, from: Data(#"["v58.0"]"#.utf8)) == [APIVersion(major: 58)])
    }
}

@Suite("Serializing numbers JSON cannot spell")
struct NonFiniteTests {
    @Test("Infinities and NaN serialize as null without losing the rest of the value")
    func nonFinite() {
        let value: JSON = ["a": .double(.infinity), "b": .double(.nan), "c": 1]
        #expect(value.serialized() == #"{"a":null,"b":null,"c":1}"#)
    }
}

@Suite("Logging")
struct LoggingTests {
    @Test("ForceKit loggers are labelled forcekit.<subsystem>, so apps can route them")
    func label() {
        #expect(Logger.forceKit("smartstore").label == "forcekit.smartstore")
    }
}
