import SalesforceCore
import SalesforceLinks
import Testing

/// The DocC overview's example, run: if this fails, the article is wrong.
@Suite("The SalesforceLinks article's example")
struct DocumentationExampleTests {
    @Test("It parses, rebuilds with s1 names and decides to log in to the link's org")
    func articleExample() throws {
        let link = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view&sloid=00DT00000000ABC")
        #expect(link.recordID?.id18 == "001D000000Jwj9vIAB")
        #expect(link.objectType == "Account")
        #expect(try link.url() == "salesforce1://sObject/001D000000Jwj9v/view&s1oid=00DT00000000ABC")
        let user = try UserIdentity(orgID: "00Dx0000001T0zk", userID: "005x0000001S2b9")
        guard case .logInFirst(let orgID, _, let intent, _) = SalesforceLinkDecision.decide(link, signedIn: user) else {
            Issue.record("expected logInFirst")
            return
        }
        #expect(orgID == "00DT00000000ABC")
        #expect(intent == .viewRecord(try SalesforceID("001D000000Jwj9v")))
    }
}
