import SOQL
import Testing

@Suite("The SOQL DocC example")
struct SOQLDocumentationExampleTests {
    @Test("The overview's examples print what they say")
    func overview() throws {
        var query = try SOQLQuery(
            parsing: """
                SELECT Name, toLabel(Industry), (SELECT LastName FROM Contacts)
                FROM Account USING SCOPE mine
                WHERE CreatedDate = LAST_N_DAYS:30 AND BillingCity LIKE 'San%'
                WITH SECURITY_ENFORCED
                ORDER BY Name NULLS LAST
                LIMIT 50
                """)
        #expect(query.object == "Account")
        #expect(query.scope == "mine")
        let condition = try #require(query.condition)
        query.condition = .and([condition, .comparison(.field(FieldPath(["Name"])), .notEqual, .string("O'Brien"))])
        #expect(
            query.description
                == "SELECT Name, toLabel(Industry), (SELECT LastName FROM Contacts) FROM Account USING SCOPE mine "
                + "WHERE (CreatedDate = LAST_N_DAYS:30 AND BillingCity LIKE 'San%') AND Name != 'O\\'Brien' "
                + "WITH SECURITY_ENFORCED ORDER BY Name NULLS LAST LIMIT 50")
        do {
            _ = try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Name = Acme")
            Issue.record("the example's statement should not parse")
        } catch {
            #expect(error.description == "unexpected token: Acme at Row:1:Column:37")
        }
    }

    @Test("The SOSL examples (article and SOSLQuery's comment) give what they say")
    func sosl() throws {
        let search = try SOSLQuery(
            parsing: "FIND {Acme* OR \"Grand Hotel\"} IN NAME FIELDS RETURNING Account(Name ORDER BY Name LIMIT 5), Contact WITH HIGHLIGHT")
        #expect(search.scope == .name)
        #expect(search.returning[0].query?.limit == 5)
        #expect(search.options == [.highlight])
        let commented = try SOSLQuery(parsing: "FIND {Acme*} IN NAME FIELDS RETURNING Account(Id, Name ORDER BY Name LIMIT 5), Contact")
        #expect(commented.scope == .name)
        #expect(commented.returning[0].object == "Account")
        #expect(commented.returning[0].query?.limit == 5)
    }

    @Test("SOQLQuery's comment: the object, the limit, and the statement printed back")
    func queryComment() throws {
        let query = try SOQLQuery(parsing: "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Industry = 'Energy' LIMIT 10")
        #expect(query.object == "Account" && query.limit == 10)
        #expect(query.description == "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Industry = 'Energy' LIMIT 10")
    }
}
