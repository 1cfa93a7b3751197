import ForceKitTestSupport
import SOQL
import SalesforceCore
import Testing

@Suite("SOQL parser")
struct SOQLParserTests {
    @Test("fields, parent paths, child subqueries and clauses come out as written")
    func fullStatement() throws {
        let query = try SOQLQuery(
            parsing: """
                SELECT Id, Name, Owner.Name, (SELECT LastName, Email FROM Contacts ORDER BY LastName LIMIT 5)
                FROM Account a
                WHERE (Industry = 'Energy' OR Industry = 'Banking') AND NOT AnnualRevenue < 1000.50
                ORDER BY Name DESC NULLS LAST, CreatedDate
                LIMIT 20 OFFSET 40
                """)
        #expect(query.object == "Account")
        #expect(query.alias == "a")
        #expect(query.limit == 20)
        #expect(query.offset == 40)
        #expect(query.selection.count == 4)
        #expect(query.selection[2] == .field(FieldPath(["Owner", "Name"])))
        guard case .subquery(let child) = query.selection[3] else {
            Issue.record("expected a subquery, got \(query.selection[3])")
            return
        }
        #expect(child.object == "Contacts")
        #expect(child.limit == 5)
        #expect(
            query.ordering == [
                OrderItem(expression: .field(FieldPath(["Name"])), descending: true, nullsFirst: false),
                OrderItem(expression: .field(FieldPath(["CreatedDate"]))),
            ])
        #expect(
            query.condition
                == .and([
                    .or([
                        .comparison(.field(FieldPath(["Industry"])), .equal, .string("Energy")),
                        .comparison(.field(FieldPath(["Industry"])), .equal, .string("Banking")),
                    ]),
                    .not(.comparison(.field(FieldPath(["AnnualRevenue"])), .less, .decimal("1000.50"))),
                ]))
    }

    @Test("keywords are case-insensitive and <> means !=")
    func caseInsensitiveKeywords() throws {
        let query = try SOQLQuery(parsing: "select name from contact where name <> null order by name asc nulls first")
        #expect(query.condition == .comparison(.field(FieldPath(["name"])), .notEqual, .null))
        #expect(query.ordering.first?.nullsFirst == true)
    }

    @Test("literals: null, booleans, numbers, escaped strings, dates, date-times and date literals")
    func literals() throws {
        let query = try SOQLQuery(
            parsing: #"""
                SELECT Id FROM Case WHERE A = null AND B = TRUE AND C = false AND D = -42 AND E = 3.25
                AND F = 'it\'s a \"test\"\n\\' AND G = 2024-02-29 AND H = 2024-05-01T10:30:00.123+02:00
                AND I = LAST_N_DAYS:30 AND J = THIS_MONTH AND K = 2024-05-01T10:30:00.000+0000
                """#)
        guard case .and(let parts) = query.condition else {
            Issue.record("expected AND, got \(String(describing: query.condition))")
            return
        }
        let values = parts.compactMap { part -> SOQLLiteral? in
            if case .comparison(_, _, let value) = part { return value }
            return nil
        }
        #expect(values.count == 11)
        #expect(values[10].description == "2024-05-01T10:30:00.000+0000")
        #expect(values[0] == .null)
        #expect(values[1] == .boolean(true))
        #expect(values[2] == .boolean(false))
        #expect(values[3] == .integer(-42))
        #expect(values[4] == .decimal("3.25"))
        #expect(values[5] == .string("it's a \"test\"\n\\"))
        #expect(values[6] == .date(try #require(CivilDate(year: 2024, month: 2, day: 29))))
        #expect(values[7].description == "2024-05-01T08:30:00.123+0000")
        #expect(values[8].description == "LAST_N_DAYS:30")
        #expect(values[9].description == "THIS_MONTH")
    }

    @Test("LIKE keeps \\% and \\_ escaped; IN, NOT IN and semi-joins parse")
    func likeAndIn() throws {
        let query = try SOQLQuery(
            parsing: #"""
                SELECT Id FROM Account WHERE Name LIKE '100\%\_a%' AND Industry NOT IN ('A', 'B')
                AND Id IN (SELECT AccountId FROM Contact WHERE LastName = 'Ng')
                """#)
        guard case .and(let parts) = query.condition, parts.count == 3 else {
            Issue.record("expected three AND parts, got \(String(describing: query.condition))")
            return
        }
        #expect(parts[0] == .like(.field(FieldPath(["Name"])), pattern: #"100\%\_a%"#))
        #expect(parts[1] == .isIn(.field(FieldPath(["Industry"])), [.string("A"), .string("B")], negated: true))
        guard case .inSubquery(_, let inner, negated: false) = parts[2] else {
            Issue.record("expected a semi-join, got \(parts[2])")
            return
        }
        #expect(inner.object == "Contact")
    }

    @Test("COUNT(), aggregates with aliases, GROUP BY and HAVING")
    func aggregates() throws {
        let countOnly = try SOQLQuery(parsing: "SELECT COUNT() FROM Contact")
        #expect(countOnly.isCountOnly)
        let grouped = try SOQLQuery(
            parsing: """
                SELECT Industry, COUNT(Id) total, MAX(AnnualRevenue) FROM Account
                GROUP BY Industry HAVING COUNT(Id) > 2 ORDER BY COUNT(Id) DESC
                """)
        #expect(grouped.isAggregate)
        #expect(grouped.grouping == Grouping(.plain, [.field(FieldPath(["Industry"]))]))
        let countID = FunctionCall(.count, [.field(FieldPath(["Id"]))])
        #expect(grouped.selection[1] == .function(countID, alias: "total"))
        #expect(grouped.selection[2] == .function(FunctionCall(.maximum, [.field(FieldPath(["AnnualRevenue"]))])))
        #expect(grouped.having == .comparison(.function(countID), .greater, .integer(2)))
    }

    @Test(
        "syntax errors give Salesforce's message with row and column",
        arguments: [
            ("SELECT Id FORM Account", "unexpected token: Account", 1, 16),
            ("SELECT Id, FROM Account", "unexpected token: FROM", 1, 12),
            ("SELECT Id FROM Account WHERE Name = Acme", "unexpected token: Acme", 1, 37),
            ("SELECT Id FROM", "unexpected token: <EOF>", 1, 15),
            ("SELECT Id FROM WHERE ", "unexpected token: WHERE", 1, 16),
            ("SELECT FROM Account", "unexpected token: FROM", 1, 8),
            ("SELECT Id FROM Account WHERE A = 1 AND B = 2 OR C = 3", "unexpected token: OR", 1, 46),
            ("SELECT Id FROM Account\nWHERE Name = 'open", "unexpected end of query: the string starting here has no closing quote", 2, 14),
            (
                "SELECT Id FROM Account WHERE Name = 'a\\q'",
                "Invalid string literal '\\q'. Illegal character sequence '\\q' in string literal.", 1, 39
            ),
            ("SELECT Id FROM Account LIMIT -1", "LIMIT must be a whole number from 0 to 2147483647", 1, 30),
            ("SELECT Id FROM Account WHERE D = 2023-02-29", "invalid date: 2023-02-29", 1, 34),
            ("SELECT Id FROM Account WHERE D = LAST_N_DAYS", "LAST_N_DAYS needs a number: LAST_N_DAYS:n", 1, 34),
            ("SELECT Id FROM Account WHERE D = SOMEDAY", "unexpected token: SOMEDAY", 1, 34),
            ("SELECT (SELECT Id FROM Contacts), (SELECT (SELECT Id FROM X) FROM Y) FROM Account", "unexpected token: (", 1, 43),
            ("SELECT Id FROM Account WHERE COUNT(Id) > 1", "Aggregate functions are allowed only in SELECT, HAVING and ORDER BY", 1, 30),
            ("SELECT Id FROM Account WHERE Name = :name", "Bind variables only allowed in Apex code", 1, 37),
            ("SELECT Id FROM Account WHERE Id IN :ids", "Bind variables only allowed in Apex code", 1, 36),
            (
                "SELECT Id FROM Account ALL ROWS",
                "ALL ROWS is only allowed in Apex code; the API's queryAll resource returns deleted records", 1, 24
            ),
            ("SELECT Id FROM Account LIMIT 5 WHERE Name = 'x'", "unexpected token: WHERE", 1, 32),
            (
                "SELECT Id FROM Account WITH DATA CATEGORY Geo__c NEAR usa__c",
                "unexpected token: NEAR; a data category is selected with AT, ABOVE, BELOW or ABOVE_OR_BELOW", 1, 50
            ),
            ("SELECT Id FROM Account HAVING COUNT(Id) > 1", "HAVING needs a GROUP BY clause", 1, 24),
            ("SELECT Id FROM Account WHERE Name = 'x' extra", "unexpected token: extra", 1, 41),
        ])
    func syntaxErrors(statement: String, reason: String, row: Int, column: Int) {
        #expect {
            _ = try SOQLQuery(parsing: statement)
        } throws: { error in
            guard let error = error as? SOQLSyntaxError else { return false }
            return error.reason == reason && error.position == SOQLPosition(row: row, column: column)
        }
    }

    @Test("the MALFORMED_QUERY message shows the line and a caret under the column")
    func malformedMessage() {
        let error = SOQLSyntaxError(
            reason: "unexpected token: FORM", position: SOQLPosition(row: 1, column: 11), source: "SELECT Id FORM Account")
        #expect(error.message == "\nSELECT Id FORM Account\n          ^\nERROR at Row:1:Column:11\nunexpected token: FORM")
    }

    @Test("random statements never crash the parser, and valid ones built from parts always parse")
    func fuzz() throws {
        var generator = SeededGenerator(seed: 0x5001)
        let pieces = [
            "SELECT", "FROM", "WHERE", "Id", "Name", "Account", ",", "(", ")", "=", "'x'", "'", "\\", "AND", "OR", "NOT",
            "IN", "LIKE", "LIMIT", "10", "-", ".", "2024-01-01", "TODAY", "LAST_N_DAYS", ":", "ORDER", "BY", "é", "\n", "COUNT",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(
                separator: " ")
            _ = try? SOQLQuery(parsing: text)
        }
        let fields = ["Id", "Name", "Account.Name", "Owner.Alias"]
        let conditions = ["Name = 'a'", "Amount > 10", "Name LIKE 'A%'", "Id IN ('1','2')", "CreatedDate = TODAY", "NOT (Amount < 1.5)"]
        for _ in 0..<500 {
            let selected = (0..<Int.random(in: 1...3, using: &generator)).map { _ in fields.randomElement(using: &generator)! }
            let chosen = (0..<Int.random(in: 1...3, using: &generator)).map { _ in conditions.randomElement(using: &generator)! }
            let joiner = Bool.random(using: &generator) ? " AND " : " OR "
            let statement = "SELECT \(selected.joined(separator: ", ")) FROM Opportunity WHERE \(chosen.joined(separator: joiner)) LIMIT 5"
            let query = try SOQLQuery(parsing: statement)
            #expect(query.selection.count == selected.count)
            #expect(query.limit == 5)
        }
    }

    @Test("deeply nested conditions are an error, not a stack overflow")
    func nesting() throws {
        let deep =
            "SELECT Id FROM Account WHERE " + String(repeating: "(", count: 50_000) + "Name = 'x'" + String(repeating: ")", count: 50_000)
        let error = try #require(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: deep) }
        #expect(error.reason == "the statement nests more than 64 deep")
        let negations = "SELECT Id FROM Account WHERE " + String(repeating: "NOT ", count: 50_000) + "Name = 'x'"
        #expect(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: negations) }
        let fine = "SELECT Id FROM Account WHERE " + String(repeating: "(", count: 60) + "Name = 'x'" + String(repeating: ")", count: 60)
        #expect((try? SOQLQuery(parsing: fine)) != nil)
    }
}
