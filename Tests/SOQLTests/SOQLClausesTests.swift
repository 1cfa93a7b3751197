import Testing

@testable import SOQL

@Suite("SOQL clauses as written")
struct SOQLClausesTests {
    @Test("Each clause is split out as written, subqueries and literals untouched")
    func clauses() throws {
        let clauses = try SOQLClauses(
            parsing: "SELECT Name, (SELECT LastName FROM Contacts WHERE Title = 'x') FROM Account a WHERE Type = 'A' OR Rating = 'Hot' "
                + "ORDER BY Name DESC NULLS LAST LIMIT 10 OFFSET 5")
        #expect(clauses.selectList == "Name, (SELECT LastName FROM Contacts WHERE Title = 'x')")
        #expect(clauses.from == "Account a")
        #expect(clauses.condition == "Type = 'A' OR Rating = 'Hot'")
        #expect(clauses.orderBy == "Name DESC NULLS LAST")
        #expect(clauses.limit == "10" && clauses.offset == "5" && clauses.forClause == nil)
        let grouped = try SOQLClauses(parsing: "SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry HAVING COUNT(Id) > 1")
        #expect(grouped.grouping == "GROUP BY Industry HAVING COUNT(Id) > 1")
    }

    @Test(
        "A keyword that is part of a field path, or out of the grammar's order, is a name, not a clause (a fuzz finding)",
        arguments: [
            ("SELECT Name, FOR.Name, Where.Name, Limit.x FROM C LIMIT 0", "Name, FOR.Name, Where.Name, Limit.x", "C", "0"),
            ("SELECT Name FROM Account WHERE Order.Total = 1 LIMIT 5", "Name", "Account", "5"),
        ])
    func keywordsAsNames(text: String, selectList: String, from: String, limit: String) throws {
        let clauses = try SOQLClauses(parsing: text)
        #expect(clauses.selectList == selectList && clauses.from == from && clauses.limit == limit)
        #expect(clauses.forClause == nil && clauses.orderBy == nil)
    }
}
