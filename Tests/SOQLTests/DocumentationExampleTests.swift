import SOQL
import Testing

@Suite("The SOQL DocC example")
struct SOQLDocumentationExampleTests {
    @Test("The overview's examples print what they say")
    func overview() throws {
        let query = try SOQLQuery(
            parsing: """
                SELECT Name, Account.Name, (SELECT Subject FROM Tasks)
                FROM Contact
                WHERE CreatedDate = LAST_N_DAYS:30 AND Email LIKE '%@example.com'
                ORDER BY Name NULLS LAST
                LIMIT 50
                """)
        #expect(query.object == "Contact")
        #expect(query.limit == 50)
        #expect(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Name = Acme") }
        do {
            _ = try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Name = Acme")
        } catch {
            #expect(error.description == "unexpected token: Acme at Row:1:Column:37")
        }
    }

    @Test("The SOSL examples (article and SOSLQuery's comment) give what they say")
    func sosl() throws {
        let search = try SOSLQuery(
            parsing: "FIND {Acme* OR \"Grand Hotel\"} IN NAME FIELDS RETURNING Account(Name ORDER BY Name LIMIT 5), Contact")
        #expect(search.scope == .name)
        #expect(search.returning[0].query?.limit == 5)
        let commented = try SOSLQuery(parsing: "FIND {Acme*} IN NAME FIELDS RETURNING Account(Id, Name ORDER BY Name LIMIT 5), Contact")
        #expect(commented.scope == .name)
        #expect(commented.returning[0].object == "Account")
        #expect(commented.returning[0].query?.limit == 5)
    }
}
