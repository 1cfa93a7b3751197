import ForceKitTesting
import SalesforceAuth
import SalesforceREST
import Testing

@Suite("The SalesforceREST DocC example")
struct RESTDocumentationExampleTests {
    @Test("Records decode into the example's type")
    func example() async throws {
        try await withLocalOrg(seed: true) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            struct Account: Decodable, Sendable {
                let id: String
                let name: String
                enum CodingKeys: String, CodingKey {
                    case id = "Id"
                    case name = "Name"
                }
            }
            let page = try await client.query("SELECT Id, Name FROM Account ORDER BY Name LIMIT 2", as: Account.self)
            #expect(page.totalSize == 2)
            #expect(page.records.count == 2 && page.records[0].name <= page.records[1].name)
        }
    }
}
