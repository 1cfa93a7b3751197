import SalesforceCore
import SalesforceLinks
import Testing

/// Every name a fix-it in `Sources/SalesforceLinks/Deprecations.swift` points to, spelled as its
/// `renamed:` spells it: renaming one again breaks this test until the fix-it follows.
@Suite("SalesforceLinks' renamed API")
struct DeprecationsTests {
    @Test("the ID spellings the fix-its name build and read a link; UserIdentity stands where SalesforceSession did")
    func renamedSpellingsWork() throws {
        let link = try SalesforceLink(
            recordID: "001D000000Jwj9vIAB", action: .view, orgID: "00DD0000000FHaWMAW", networkID: "0DBD00000008Obr",
            userID: "005D0000001AoY5IAK", followerID: "005D0000001AoY5IAK")
        #expect(link.recordID?.id15 == "001D000000Jwj9v" && link.writtenID == "001D000000Jwj9vIAB")
        #expect(link.orgID == "00DD0000000FHaWMAW" && link.networkID == "0DBD00000008Obr")
        #expect(link.userID == "005D0000001AoY5IAK" && link.followerID == "005D0000001AoY5IAK")
        let session: UserIdentity = try UserIdentity(orgID: "00DD0000000FHaWMAW", userID: "005D0000001AoY5IAK")
        #expect(session.orgID.id15 == "00DD0000000FHaW")
    }
}
