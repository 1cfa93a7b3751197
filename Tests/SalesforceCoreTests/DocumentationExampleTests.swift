import SalesforceCore
import Testing

/// The DocC overview's example, run: if this fails, the article is wrong.
@Suite("The SalesforceCore article's example")
struct DocumentationExampleTests {
    @Test("Ids, case repair, errors and JSON behave as the article prints")
    func articleExample() throws {
        let account = try SalesforceID("001D000000Jwj9v")
        #expect(account.id18 == "001D000000Jwj9vIAB")
        #expect(account.objectType == "Account")
        #expect(account == (try SalesforceID("001D000000Jwj9vIAB")))
        #expect(try SalesforceID(restoringCaseOf: "001D000000JWJ9VIAB").id15 == "001D000000Jwj9v")
        #expect {
            try SalesforceID("001D000000Jwj9vXXX")
        } throws: { error in
            "\(error)".hasPrefix("'001D000000Jwj9vXXX' is not a valid 18-character Salesforce id: its suffix should be 'IAB'.")
        }
        let record: JSON = ["Name": "Acme", "NumberOfEmployees": 120]
        #expect(record["Name"]?.stringValue == "Acme")
    }
}
