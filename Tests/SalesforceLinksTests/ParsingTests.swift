import ForceKitTestSupport
import SalesforceCore
import SalesforceLinks
import Testing

@Suite("Parsing Salesforce app links")
struct ParsingTests {
    @Test("The guide's examples parse (digest §8.2, T-SF1-01..04)")
    func guideExamples() throws {
        let view = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view")
        #expect(view.action == .view)
        #expect(view.writtenID == "001D000000Jwj9v")
        #expect(view.recordID?.id18 == "001D000000Jwj9vIAB")
        #expect(view.objectType == "Account")
        #expect(view.orgID == nil && view.extraParameters.isEmpty && view.warnings.isEmpty)
        #expect(try SalesforceLink(parsing: "salesforce1://sObject/006R0000001r7Rq/edit").action == .edit)
        #expect(try SalesforceLink(parsing: "salesforce1://sObject/069R00000000mr3/download").objectType == "ContentDocument")
        let follow = try SalesforceLink(parsing: "salesforce1://sObject/005R0000000Df5W/follow&userid=005R0000000HfcF")
        #expect(follow.action == .follow)
        #expect(follow.followerID == "005R0000000HfcF")
    }

    @Test(
        "The org parameter answers to s1oid, sloid and the guide's garbled spelling, raw or encoded",
        arguments: [
            "s1oid", "sloid", "S1OID", "sl\u{0648}\u{064A}\u{062F}", "sl%D9%88%D9%8A%D8%AF",
        ])
    func orgAliases(name: String) throws {
        let link = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view&\(name)=00DT00000000ABC")
        #expect(link.orgID == "00DT00000000ABC")
        #expect(link.extraParameters.isEmpty)
    }

    @Test("Community and user parameters answer to s1 and sl spellings")
    func otherAliases() throws {
        let s1 = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view?s1nid=0DB000000000001&s1uid=005R0000000HfcF")
        let sl = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view&slnid=0DB000000000001&sluid=005R0000000HfcF")
        #expect(s1.networkID == "0DB000000000001" && s1.userID == "005R0000000HfcF")
        #expect(sl.networkID == s1.networkID && sl.userID == s1.userID)
    }

    @Test("The guide's line-wrapped example parses as written (T-SF1-08)")
    func wrappedExample() throws {
        let link = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view&sloid=00DT00000000ABC  \n&slnid=00UT00000000XYZ")
        #expect(link.action == .view)
        #expect(link.orgID == "00DT00000000ABC" && link.networkID == "00UT00000000XYZ")
    }

    @Test("18-character ids, mixed case and redirect URLs")
    func variants() throws {
        let long = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9vIAB/view")
        #expect(long.recordID == (try SalesforceID("001D000000Jwj9v")))
        #expect(long.writtenID == "001D000000Jwj9vIAB")
        #expect(try SalesforceLink(parsing: "SALESFORCE1://SOBJECT/001D000000Jwj9v/VIEW").action == .view)
        let redirect = try SalesforceLink(
            parsing: "salesforce1://sObject/001D000000Jwj9v/view&iosoru=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1")
        #expect(redirect.redirectURL == "https://example.com/a?b=1")
        let extra = try SalesforceLink(
            parsing: "salesforce1://sObject/001D000000Jwj9v/view?sloid=00DT00000000ABC&foo=bar&sloid=00Dx0000001T0zk")
        #expect(extra.orgID == "00DT00000000ABC", "the first value wins")
        #expect(
            extra.extraParameters == [
                SalesforceLinkParameter(name: "foo", value: "bar"), SalesforceLinkParameter(name: "sloid", value: "00Dx0000001T0zk"),
            ])
    }

    @Test("Object home links name an object")
    func home() throws {
        let link = try SalesforceLink(parsing: "salesforce1://sObject/Invoice__c/home")
        #expect(link.action == .home && link.objectType == "Invoice__c" && link.recordID == nil)
        #expect(throws: SalesforceLinkError.invalidObjectName("9Lives")) {
            try SalesforceLink(parsing: "salesforce1://sObject/9Lives/home")
        }
    }

    @Test("A configured scheme replaces salesforce1")
    func customScheme() throws {
        #expect(try SalesforceLink(parsing: "mycompany://sObject/001D000000Jwj9v/view", scheme: "mycompany").scheme == "mycompany")
        #expect(throws: SalesforceLinkError.unsupportedScheme(found: "salesforce1", expected: "mycompany")) {
            try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view", scheme: "mycompany")
        }
    }

    @Test("Ids in parameters that are not ids are warnings, not failures")
    func warnings() throws {
        let link = try SalesforceLink(parsing: "salesforce1://sObject/001D000000Jwj9v/view&s1oid=nope&s1nid=null")
        #expect(link.warnings == ["The s1oid parameter 'nope' is not a Salesforce id; it will match no org or user."])
    }

    @Test(
        "Every malformed link gets an error saying what is wrong",
        arguments: [
            (
                "salesforce1://sObject/001D000000Jwj9vX/view",
                "'001D000000Jwj9vX' is not a Salesforce id: it has 16 characters, and an id has 15 or 18."
            ),
            (
                "salesforce1://sObject/001D000000Jwj9-/view",
                "'001D000000Jwj9-' is not a Salesforce id: character 15 ('-') is not a letter or digit."
            ),
            (
                "salesforce1://sObject/001D000000Jwj9vXXX/view",
                "'001D000000Jwj9vXXX' is not a valid 18-character Salesforce id: its suffix should be 'IAB'."
            ),
            ("salesforce1://sObject/001D000000Jwj9v/delete", "'delete' is not an action: use view, edit, download, follow or home."),
            (
                "salesforce1://sObject/001D000000Jwj9v/download",
                "The download action is not allowed for '001D000000Jwj9v' (Account): download takes ContentDocument (069) and ContentVersion (068) ids."
            ),
            (
                "salesforce1://sObject/001D000000Jwj9v/follow&userid=005R0000000HfcF",
                "The follow action is not allowed for '001D000000Jwj9v' (Account): follow takes User (005) ids."
            ),
            ("salesforce1://sObject//view", "The link has no record id: it must read <scheme>://sObject/<id>/<action>."),
            ("salesforce1://sObject", "The link has no record id: it must read <scheme>://sObject/<id>/<action>."),
            ("salesforce1://sObject/001D000000Jwj9v", "The link has no action: add /view, /edit, /download or /follow after the id."),
            (
                "salesforce1://sObject/001D000000Jwj9v/view/more",
                "'sObject/001D000000Jwj9v/view/more' is not a link route: it must read sObject/<id>/<action>."
            ),
            ("salesforce1://apex/001D000000Jwj9v/view", "'apex' is not supported: the link must read <scheme>://sObject/<id>/<action>."),
            ("sfdc://sObject/001D000000Jwj9v/view", "The scheme 'sfdc' is not supported: Salesforce app links use salesforce1://."),
            ("sObject/001D000000Jwj9v/view", "The link has no scheme: it must start with salesforce1://."),
            ("salesforce1://", "'' is not a link route: it must read sObject/<id>/<action>."),
        ])
    func malformed(link: String, message: String) {
        #expect {
            try SalesforceLink(parsing: link)
        } throws: { error in
            (error as? SalesforceLinkError)?.message == message
        }
    }

    @Test("Arbitrary text never crashes the parser")
    func fuzz() {
        let pieces = [
            "salesforce1://", "sObject", "/", "001D000000Jwj9v", "005R0000000HfcF", "view", "follow", "&", "?", "=", "%", "%D9", "userid",
            "s1oid", " ", "\n", "é", "home", "Account",
        ]
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0..<9, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            if let link = try? SalesforceLink(parsing: text) {
                #expect(link.recordID != nil || link.action == .home)
            }
        }
    }
}
