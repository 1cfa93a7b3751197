import Foundation
import Logging
import SalesforceCore
import Testing

@Suite("The JSON value")
struct JSONTests {
    @Test("Literals build values and accessors read them")
    func literals() {
        let record: JSON = ["Name": "Acme", "Employees": 120, "Rating": 4.5, "Active": true, "Parent": nil, "Tags": ["a", "b"]]
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

    @Test("Malformed JSON is an error, not a crash", arguments: ["{", "[1,2", "tru", "{\"a\" 1}", ""])
    func malformed(text: String) {
        #expect(throws: JSONError.self) { try JSON(parsing: text) }
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
        #expect(APIVersion.current.description == "v62.0")
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
