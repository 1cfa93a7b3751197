import ForceKitTestSupport
import Foundation
import LocalOrgEngine
import SalesforceCore
import Testing

@Suite("The LocalOrgEngine article's example")
struct EngineDocumentationExampleTests {
    @Test("The store works without a server, as the example says")
    func example() async throws {
        try await withTemporaryDirectory { folder throws in
            let store = try OrgStore(
                file: folder.appendingPathComponent("org.sqlite"), schema: try .standard(), organizationID: "00DLo0000000001MAA")
            // Every record has an owner, so the first record is a user, who owns itself
            // (`firstUserID` is the id it gets: each org counts its ids from its own base).
            let admin = try await store.create(
                "User", fields: ["Username": "admin@example.test", "LastName": "Admin", "Alias": "admin", "Email": "admin@example.test"],
                as: store.firstUserID)
            #expect(admin == store.firstUserID)
            let id = try await store.create("Account", fields: ["Name": "Acme", "Industry": "Energy"], as: admin)
            let energy = try await store.query("SELECT Id, Name FROM Account WHERE Industry = 'Energy'")
            #expect(energy.totalSize == 1)
            #expect(energy.records[0]["Id"] == .string(id))
        }
    }
}
