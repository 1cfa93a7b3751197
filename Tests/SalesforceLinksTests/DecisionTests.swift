import SalesforceCore
import SalesforceLinks
import Testing

@Suite("Deciding what to do with a link")
struct DecisionTests {
    let org = "00DT00000000ABC"

    func session(org: String = "00DT00000000ABC", user: String = "005R0000000HfcF", network: String? = nil) throws -> UserIdentity {
        try UserIdentity(orgID: org, userID: user, communityID: network)
    }

    func decide(_ text: String, _ session: UserIdentity?) throws -> SalesforceLinkDecision {
        SalesforceLinkDecision.decide(try SalesforceLink(parsing: text), signedIn: session)
    }

    @Test("A link for the session's org opens; ids compare on 15 characters (T-SF1R-02)")
    func sameOrg() throws {
        let account = try SalesforceID("001D000000Jwj9v")
        #expect(try decide("salesforce1://sObject/001D000000Jwj9v/view&s1oid=00DT00000000ABCMA2", session()) == .open(.viewRecord(account)))
        #expect(try decide("salesforce1://sObject/001D000000Jwj9v/edit", session()) == .open(.editRecord(account)))
        #expect(
            try decide("salesforce1://sObject/069R00000000mr3/download", session())
                == .open(.downloadFile(try SalesforceID("069R00000000mr3"))))
        #expect(try decide("salesforce1://sObject/Account/home", session()) == .open(.objectHome("Account")))
    }

    @Test("A link for another org, or with nobody signed in, asks to log in to that org first (T-SF1R-01, -10)")
    func otherOrg() throws {
        let account = try SalesforceID("001D000000Jwj9v")
        #expect(
            try decide("salesforce1://sObject/001D000000Jwj9v/view&sloid=00DT00000000ABC", session(org: "00Dx0000001T0zk"))
                == .logInFirst(orgID: "00DT00000000ABC", networkID: nil, then: .viewRecord(account), redirectURL: nil))
        #expect(
            try decide("salesforce1://sObject/001D000000Jwj9v/view&sloid=00DT00000000ABC&iosoru=https%3A%2F%2Fexample.com", nil)
                == .logInFirst(orgID: "00DT00000000ABC", networkID: nil, then: .viewRecord(account), redirectURL: "https://example.com"))
        #expect(
            try decide("salesforce1://sObject/001D000000Jwj9v/view", nil)
                == .logInFirst(orgID: nil, networkID: nil, then: .viewRecord(account), redirectURL: nil))
        #expect(
            try decide("salesforce1://sObject/001D000000Jwj9v/view&s1oid=garbage", session())
                == .logInFirst(orgID: "garbage", networkID: nil, then: .viewRecord(account), redirectURL: nil))
    }

    @Test("A community is checked after the org: switch to it, or log in to org and community (T-SF1R-06, -07)")
    func communities() throws {
        let account = try SalesforceID("001D000000Jwj9v")
        let link = "salesforce1://sObject/001D000000Jwj9v/view&sloid=00DT00000000ABC&slnid=0DB000000000001"
        #expect(try decide(link, session(network: "0DB000000000001")) == .open(.viewRecord(account)))
        #expect(try decide(link, session()) == .switchCommunity(networkID: "0DB000000000001", then: .viewRecord(account)))
        #expect(
            try decide(link, session(org: "00Dx0000001T0zk"))
                == .logInFirst(orgID: "00DT00000000ABC", networkID: "0DB000000000001", then: .viewRecord(account), redirectURL: nil))
        for none in ["null", "", "000000000000000AAA"] {
            #expect(
                try decide("salesforce1://sObject/001D000000Jwj9v/view&s1nid=\(none)", session(network: "0DB000000000001"))
                    == .open(.viewRecord(account)))
        }
    }

    @Test("Another user in the same org is still taken to the data (T-SF1R-09)")
    func otherUser() throws {
        #expect(
            try decide("salesforce1://sObject/001D000000Jwj9v/view&s1oid=00DT00000000ABC&s1uid=005R0000000AAAA", session())
                == .open(.viewRecord(try SalesforceID("001D000000Jwj9v"))))
    }

    @Test("A follow link is carried out only for the user it was sent to (T-SF1R-03, -04, -11)")
    func follow() throws {
        let target = try SalesforceID("005R0000000Df5W")
        let link = "salesforce1://sObject/005R0000000Df5W/follow&userid=005R0000000HfcF"
        #expect(try decide(link, session()) == .open(.followUser(target)))
        #expect(
            try decide("salesforce1://sObject/005R0000000Df5W/follow&userid=005R0000000HfcFIAS", session()) == .open(.followUser(target)))
        #expect(
            try decide(link + "&iosoru=https%3A%2F%2Fexample.com", session(user: "005R0000000ZZZZ"))
                == .followRefused(sentTo: "005R0000000HfcF", profile: target, redirectURL: "https://example.com"))
        #expect(
            try decide("salesforce1://sObject/005R0000000Df5W/follow", session())
                == .followRefused(sentTo: nil, profile: target, redirectURL: nil))
    }
}
