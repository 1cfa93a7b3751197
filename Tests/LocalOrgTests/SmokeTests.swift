import Foundation
import LocalOrg
import SalesforceCore
import Testing

@Suite("LocalOrg smoke")
struct SmokeTests {
    @Test("a password token reads the seeded accounts")
    func smoke() async throws {
        let org = try await TestOrg.start()
        defer { Task { await org.stop() } }
        let token = try await org.passwordToken()
        let reply = try await org.client.send("GET", "\(org.dataPath)/query?q=SELECT+Id,Name,Owner.Name+FROM+Account+ORDER+BY+Name+LIMIT+3", token: token)
        print(reply.status, reply.text.prefix(600))
        #expect(reply.status == 200)
        #expect(reply.json["totalSize"] == 3)
    }
}
