import ForceKitTesting
import LocalOrg
import LocalOrgEngine
import Testing

@Suite("The LocalOrg DocC example")
struct LocalOrgDocumentationExampleTests {
    @Test("The overview's example prints what it says")
    func overview() async throws {
        try await LocalOrgServer.withRunning(LocalOrgConfiguration()) { server throws in
            let credentials = server.credentials
            #expect(credentials.instanceURL.hasPrefix("http://127.0.0.1:"))
            let accounts = try await server.store.query(
                "SELECT Name, Owner.Name, (SELECT LastName FROM Contacts) FROM Account WHERE Industry = 'Energy' ORDER BY Name LIMIT 5")
            #expect(accounts.totalSize == 5)
        }
    }
}
