import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@Suite("Salesforce ids")
struct SalesforceIDTests {
    @Test(
        "15-character ids get the checksum suffix (digest §8.4 vectors)",
        arguments: [
            ("001D000000Jwj9v", "001D000000Jwj9vIAB"), ("006R0000001r7Rq", "006R0000001r7RqIAI"),
            ("069R00000000mr3", "069R00000000mr3IAA"), ("005R0000000Df5W", "005R0000000Df5WIAS"),
            ("005R0000000HfcF", "005R0000000HfcFIAS"), ("00DT00000000ABC", "00DT00000000ABCMA2"),
            ("00UT00000000XYZ", "00UT00000000XYZMA2"), ("00Dx0000001T0zk", "00Dx0000001T0zkEAC"),
            ("005x0000001S2b9", "005x0000001S2b9AAC"), ("005D0000001GZXm", "005D0000001GZXmIAO"),
            ("000000000000000", "000000000000000AAA"),
        ])
    func checksum(id15: String, id18: String) throws {
        #expect(try SalesforceID(id15).id18 == id18)
        #expect(try SalesforceID(id18).id15 == id15)
        #expect(try SalesforceID(id18) == SalesforceID(id15))
    }

    @Test("Ids compare on the case-sensitive 15-character form, and hash alike")
    func equality() throws {
        let short = try SalesforceID("001D000000Jwj9v")
        let long = try SalesforceID("001D000000Jwj9vIAB")
        #expect(short == long)
        #expect(Set([short, long]).count == 1)
        #expect(try SalesforceID("001d000000Jwj9v") != short)
        #expect(try SalesforceID("001D000000Jwj9viab") == short, "the suffix itself is case-insensitive")
    }

    @Test(
        "Malformed ids are rejected with what is wrong",
        arguments: [
            ("001D000000Jwj9", "'001D000000Jwj9' is not a Salesforce id: it has 14 characters, and an id has 15 or 18."),
            ("001D000000Jwj9vX", "'001D000000Jwj9vX' is not a Salesforce id: it has 16 characters, and an id has 15 or 18."),
            ("", "'' is not a Salesforce id: it has 0 characters, and an id has 15 or 18."),
            ("001D000000Jwj9!", "'001D000000Jwj9!' is not a Salesforce id: character 15 ('!') is not a letter or digit."),
            ("001D00000é0Jwj9", "'001D00000é0Jwj9' is not a Salesforce id: character 10 ('é') is not a letter or digit."),
            ("001D000000Jwj9vXXX", "'001D000000Jwj9vXXX' is not a valid 18-character Salesforce id: its suffix should be 'IAB'."),
        ])
    func malformed(text: String, message: String) {
        #expect {
            try SalesforceID(text)
        } throws: { error in
            (error as? SalesforceIDError)?.message == message
        }
    }

    @Test("The checksum restores the case of an 18-character id that lost it")
    func restoringCase() throws {
        #expect(try SalesforceID(restoringCaseOf: "001D000000JWJ9VIAB").id15 == "001D000000Jwj9v")
        #expect(try SalesforceID(restoringCaseOf: "00dx0000001t0zkeac").id15 == "00Dx0000001T0zk")
        #expect(throws: SalesforceIDError.self) { try SalesforceID(restoringCaseOf: "001D000000Jwj9v!!!") }
    }

    @Test(
        "Key prefixes name well-known objects",
        arguments: [
            ("001D000000Jwj9v", "001", "Account"), ("003D000000Jwj9v", "003", "Contact"), ("005R0000000Df5W", "005", "User"),
            ("006R0000001r7Rq", "006", "Opportunity"), ("00DT00000000ABC", "00D", "Organization"), ("00QD000000Jwj9v", "00Q", "Lead"),
            ("500D000000Jwj9v", "500", "Case"), ("068D000000Jwj9v", "068", "ContentVersion"), ("069R00000000mr3", "069", "ContentDocument"),
        ])
    func keyPrefixes(id: String, prefix: String, object: String) throws {
        let parsed = try SalesforceID(id)
        #expect(parsed.keyPrefix == prefix)
        #expect(parsed.objectType == object)
        #expect(KeyPrefix.prefix(forObjectType: object) == prefix)
    }

    @Test("Custom-object prefixes are valid ids without a known object")
    func customPrefix() throws {
        #expect(try SalesforceID("a00D000000Jwj9v").objectType == nil)
    }

    @Test("Ids encode as their 18-character form and decode from either")
    func codable() throws {
        let id = try SalesforceID("001D000000Jwj9v")
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["001D000000Jwj9vIAB"]"#)
        #expect(try JSONDecoder().decode([SalesforceID].self, from: Data(#"["001D000000Jwj9v"]"#.utf8)) == [id])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([SalesforceID].self, from: Data(#"["nope"]"#.utf8)) }
    }

    @Test("Random 15-character ids round-trip through the 18-character form, in any case")
    func roundTrip() throws {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<2_000 {
            let text = String((0..<15).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
            let id = try SalesforceID(text)
            #expect(try SalesforceID(id.id18) == id)
            #expect(try SalesforceID(restoringCaseOf: id.id18.uppercased()).id15 == text)
            #expect(try SalesforceID(restoringCaseOf: id.id18.lowercased()).id15 == text)
        }
    }
}
