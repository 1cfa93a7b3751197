import Foundation
import SalesforceCore
import Testing

@Suite("UserIdentity")
struct UserIdentityTests {
    @Test("15- and 18-character ids, in any mix, are one identity: equal, one hash, one folder")
    func oneIdentityPerUser() throws {
        let short = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5W")
        let long = try UserIdentity(orgID: "00DT00000000ABCMA2", userID: "005R0000000Df5WIAS")
        let mixed = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5WIAS")
        #expect(short == long && long == mixed)
        #expect(Set([short, long, mixed]).count == 1)
        #expect(short.pathComponents == ["00DT00000000ABCMA2", "005R0000000Df5WIAS"])
        #expect(long.pathComponents == short.pathComponents)
        #expect(short.description == "00DT00000000ABCMA2/005R0000000Df5WIAS")
    }

    @Test("Ids that differ only in letter case are different users; a community makes a different identity")
    func distinctUsers() throws {
        let user = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5W")
        #expect(try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000DF5W") != user)
        let inCommunity = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5W", communityID: "0DB000000000001")
        #expect(inCommunity != user)
        #expect(inCommunity.withoutCommunity == user)
        #expect(inCommunity.pathComponents == user.pathComponents + ["0DB000000000001GAA"])
    }

    @Test("Malformed ids are errors naming the id")
    func malformed() {
        #expect(throws: SalesforceIDError.wrongLength(id: "005x", length: 4)) {
            try UserIdentity(orgID: "00DT00000000ABC", userID: "005x")
        }
        #expect(throws: SalesforceIDError.self) {
            try UserIdentity(orgID: "00DT00000000ABCXXX", userID: "005R0000000Df5W")
        }
    }

    @Test("An identity URL's last two segments name the org and the user; anything else is no identity")
    func identityURL() throws {
        let identity = UserIdentity(identityURLPath: "/id/00Dx0000001T0zkEAC/005x0000001S2b9AAC")
        #expect(identity == (try UserIdentity(orgID: "00Dx0000001T0zk", userID: "005x0000001S2b9")))
        #expect(UserIdentity(identityURLPath: "/id/00Dx0000001T0zkEAC") == nil)
        #expect(UserIdentity(identityURLPath: "/id/org/user") == nil)
        #expect(UserIdentity(identityURLPath: "") == nil)
    }

    @Test("JSON round trip with 18-character ids under orgId, userId and communityId")
    func codable() throws {
        let identity = try UserIdentity(orgID: "00DT00000000ABC", userID: "005R0000000Df5W", communityID: "0DB000000000001")
        let data = try JSONEncoder().encode(identity)
        let json = try JSON(parsing: Array(data))
        #expect(
            json == ["orgId": "00DT00000000ABCMA2", "userId": "005R0000000Df5WIAS", "communityId": "0DB000000000001GAA"])
        #expect(try JSONDecoder().decode(UserIdentity.self, from: data) == identity)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(UserIdentity.self, from: Data(#"{"orgId": "00D", "userId": "005R0000000Df5W"}"#.utf8))
        }
    }
}
