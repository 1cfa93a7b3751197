import ForceKitTestSupport
import Foundation
import SalesforceCore
import SalesforceLinks
import Testing

@Suite("Building Salesforce app links")
struct BuildingTests {
    @Test("Parameters come in a fixed order with the s1 names (T-SF1-18, with the issue's s1 decision)")
    func exactString() throws {
        let link = try SalesforceLink(recordID: "001D000000Jwj9v", action: .edit, orgID: "00DT00000000ABC", networkID: "00UT00000000XYZ")
        #expect(try link.url() == "salesforce1://sObject/001D000000Jwj9v/edit&s1oid=00DT00000000ABC&s1nid=00UT00000000XYZ")
        #expect(try link.url(style: .query) == "salesforce1://sObject/001D000000Jwj9v/edit?s1oid=00DT00000000ABC&s1nid=00UT00000000XYZ")
        let follow = try SalesforceLink(
            recordID: "005R0000000Df5W", action: .follow, userID: "005R0000000Df5W", redirectURL: "https://x.y/z?q=1&r=2",
            followerID: "005R0000000HfcF")
        #expect(
            try follow.url()
                == "salesforce1://sObject/005R0000000Df5W/follow&userid=005R0000000HfcF&s1uid=005R0000000Df5W&iosoru=https%3A%2F%2Fx.y%2Fz%3Fq%3D1%26r%3D2"
        )
        #expect(try SalesforceLink(objectHome: "Account", scheme: "acme").url() == "acme://sObject/Account/home")
    }

    @Test("A link parsed with the guide's spellings builds with the s1 ones")
    func canonicalSpelling() throws {
        let parsed = try SalesforceLink(
            parsing: "salesforce1://sObject/001D000000Jwj9v/view&sl%D9%88%D9%8A%D8%AF=00DT00000000ABC&sluid=005R0000000HfcF")
        let built = try parsed.url()
        #expect(built == "salesforce1://sObject/001D000000Jwj9v/view&s1oid=00DT00000000ABC&s1uid=005R0000000HfcF")
    }

    @Test("Builder errors: follow without the recipient, wrong object types, bad ids")
    func errors() {
        #expect(throws: SalesforceLinkError.missingFollowerId) {
            try SalesforceLink(recordID: "005R0000000Df5W", action: .follow).url()
        }
        #expect(throws: SalesforceLinkError.self) { try SalesforceLink(recordID: "006R0000001r7Rq", action: .download) }
        #expect(throws: SalesforceLinkError.self) { try SalesforceLink(recordID: "short", action: .view) }
        #expect(throws: SalesforceLinkError.missingId) { try SalesforceLink(recordID: "", action: .view) }
    }

    @Test("Built links parse back to the same link (T-SF1-20), whatever the values")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 4)
        let alphabet = Array("aZ09 -._~!$&'()*+,;=:@/?#[]%éß漢🙂")
        func text() -> String {
            String((0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
        }
        for _ in 0..<500 {
            var link = try SalesforceLink(
                recordID: "005R0000000Df5W", action: .follow, orgID: "00DT00000000ABC", networkID: text(), userID: text(),
                redirectURL: text(), followerID: "005R0000000HfcF")
            link.extraParameters = [SalesforceLinkParameter(name: text(), value: text())]
            for style in [SalesforceLink.ParameterStyle.ampersand, .query] {
                let text = try link.url(style: style)
                #expect(try SalesforceLink(parsing: text) == link, "\(text)")
                // An oracle of its own, not our parser: only characters a URL may carry bare.
                #expect(text.unicodeScalars.allSatisfy { $0.isASCII && !" \"<>\\^`{|}".unicodeScalars.contains($0) }, "\(text)")
            }
            // Foundation's parser reads the query form's values back as they were given.
            let components = try #require(URLComponents(string: try link.url(style: .query)))
            let items = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
            #expect(items["s1nid"] == link.networkID && items["s1uid"] == link.userID && items["iosoru"] == link.redirectURL)
            #expect(items["userid"] == "005R0000000HfcFIAG" || items["userid"] == "005R0000000HfcF")
            if let extra = link.extraParameters.first, !["userid", "s1oid", "s1nid", "s1uid", "iosoru"].contains(extra.name) {
                #expect(items[extra.name] == extra.value, "\(components)")
            }
        }
    }
}
