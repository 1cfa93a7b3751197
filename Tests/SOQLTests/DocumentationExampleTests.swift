import SOQL
import Testing

@Suite("The SOQL DocC example")
struct SOQLDocumentationExampleTests {
    @Test("The overview's examples print what they say")
    func overview() throws {
        let query = try SOQLQuery(parsing: """
            SELECT Name, Account.Name, (SELECT Subject FROM Tasks)
            FROM Contact
            WHERE CreatedDate = LAST_N_DAYS:30 AND Email LIKE '%@example.com'
            ORDER BY Name NULLS LAST
            LIMIT 50
            """)
        #expect(query.object == "Contact")
        #expect(query.limit == 50)
        #expect(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: "SELECT Id FORM Account") }
        do {
            _ = try SOQLQuery(parsing: "SELECT Id FORM Account")
        } catch {
            #expect(error.description == "unexpected token: FORM at Row:1:Column:11")
        }
    }
}
