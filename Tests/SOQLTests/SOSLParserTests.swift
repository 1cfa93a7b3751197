import ForceKitTestSupport
import SOQL
import SalesforceCore
import Testing

@Suite("SOSL parser")
struct SOSLParserTests {
    @Test("an unclosed parenthesis in a clause the parser skips ends the statement instead of looping forever (a fuzz finding)")
    func unclosedParenthesisInSkippedClause() {
        for statement in ["FIND {acme*} WITH (", "FIND {acme*} WITH *} RETURNING Account(Name, Contact(Email", "FIND {a} WITH ((('x'"] {
            #expect(throws: SOSLSyntaxError.self, "\(statement)") { try SOSLQuery(parsing: statement) }
        }
        let withClause = try? SOSLQuery(parsing: "FIND {acme} WITH HIGHLIGHT RETURNING Account")
        #expect(withClause?.options == [.highlight])
    }

    @Test("FIND, IN, RETURNING with SOQL inside, WITH and LIMIT come out as written")
    func fullStatement() throws {
        let search = try SOSLQuery(
            parsing: """
                find {Acme* OR "Grand Hotel"} in name fields
                RETURNING Account(Id, Name WHERE Industry = 'Energy (Oil)' ORDER BY Name DESC LIMIT 5), Contact, Lead(Company)
                WITH SNIPPET (target_length=120) LIMIT 20 OFFSET 2
                """)
        #expect(search.expression == .or([.word("Acme*"), .phrase(["Grand", "Hotel"])]))
        #expect(search.scope == .name)
        #expect(search.returning.map(\.object) == ["Account", "Contact", "Lead"])
        #expect(search.returning[1].query == nil)
        let account = try #require(search.returning[0].query)
        #expect(account.selection == [.field(FieldPath(["Id"])), .field(FieldPath(["Name"]))])
        #expect(account.condition == .comparison(.field(FieldPath(["Industry"])), .equal, .string("Energy (Oil)")))
        #expect(account.limit == 5)
        #expect(account.ordering.first?.descending == true)
        #expect(search.returning[2].query?.selection == [.field(FieldPath(["Company"]))])
        #expect(search.limit == 20)
        #expect(search.offset == 2)
    }

    @Test("terms: implicit AND, AND NOT binding tighter than AND, OR loosest, parentheses, escapes")
    func terms() throws {
        #expect(try SearchExpression(parsing: "acme corp") == .and([.word("acme"), .word("corp")]))
        #expect(
            try SearchExpression(parsing: "a1 OR b2 AND c3 AND NOT d4")
                == .or([.word("a1"), .and([.word("b2"), .word("c3"), .not(.word("d4"))])]))
        #expect(try SearchExpression(parsing: "(a1 OR b2) c3") == .and([.or([.word("a1"), .word("b2")]), .word("c3")]))
        #expect(
            try SearchExpression(parsing: #"Rock\-and\-Roll \{x\} \OR"#) == .and([.word("Rock-and-Roll"), .word("{x}"), .word("OR")]))
        #expect(try SOSLQuery(parsing: #"FIND {\}curly\{}"#).expression == .word("}curly{"))
        #expect(try SOSLQuery(parsing: "FIND 'acme'").expression == .word("acme"))
        // A quoted term may hold a bare closing brace; printed in braces it keeps its meaning.
        let quoted = try SOSLQuery(parsing: "FIND 'e}de'")
        #expect(quoted.expression == .word("e}de"))
        #expect(try SOSLQuery(parsing: quoted.description).expression == .word("e}de"))
    }

    @Test(
        "mistakes are errors that say what to write",
        arguments: [
            ("Acme", "A search starts with FIND and a term in braces: FIND {Acme} RETURNING Account(Id, Name)."),
            ("FIND Acme", "No search term found. The search term must be enclosed in braces: FIND {Acme}."),
            ("FIND {a}", "search term must be longer than one character"),
            ("FIND {}", "search term must be longer than one character"),
            ("FIND {**}", "A wildcard needs letters with it: ** alone matches everything."),
            ("FIND {acme", "The search term is not closed: it needs a }."),
            ("FIND {acme OR}", "The search term ends where a word was expected."),
            ("FIND {(acme}", "A parenthesis in the search term is not closed."),
            ("FIND {\"acme}", "A quoted phrase in the search term is not closed."),
            (
                "FIND {acme} IN EVERY FIELDS",
                "IN takes ALL FIELDS, NAME FIELDS, EMAIL FIELDS, PHONE FIELDS or SIDEBAR FIELDS at Row:1:Column:16"
            ),
            ("FIND {acme} LIMIT many", "unexpected token: many at Row:1:Column:19"),
            ("FIND {acme} LIMIT 1 LIMIT 2", "LIMIT appears twice."),
            ("FIND {acme} RETURNING Account(Id", "unexpected token: <EOF> at Row:1:Column:33"),
            (
                "FIND {acme} SORTED",
                "unexpected token: SORTED at Row:1:Column:13; after the term come IN … FIELDS, RETURNING, WITH, LIMIT, OFFSET and UPDATE."
            ),
            ("FIND {acme} WITH (x)", "unexpected token: ( at Row:1:Column:18"),
            ("FIND {acme} RETURNING Account(Name WHERE Name = :name)", "Bind variables only allowed in Apex code at Row:1:Column:49"),
        ])
    func errors(statement: String, message: String) {
        #expect(throws: SOSLSyntaxError(message)) { try SOSLQuery(parsing: statement) }
    }

    @Test("deeply nested terms are an error, not a stack overflow")
    func nesting() {
        let deep = String(repeating: "(", count: 100_000) + "acme" + String(repeating: ")", count: 100_000)
        #expect(throws: SOSLSyntaxError("The search term nests parentheses more than 32 deep.")) {
            try SOSLQuery(parsing: "FIND {\(deep)}")
        }
        #expect(
            (try? SearchExpression(parsing: String(repeating: "(", count: 32) + "acme" + String(repeating: ")", count: 32)))
                == .word("acme"))
    }

    @Test("a RETURNING field list that is not SOQL gives SOQL's reason and where, counted from the statement's start")
    func returningErrors() throws {
        let error = try #require(throws: SOSLSyntaxError.self) {
            try SOSLQuery(parsing: "FIND {acme}\nRETURNING Account(Id WHERE)")
        }
        #expect(error.message == "unexpected token: ) at Row:2:Column:27")
    }

    @Test("2,000 random statements from SOSL's pieces parse or fail with a message, never a crash")
    func fuzz() {
        var generator = SeededGenerator(seed: 0x5050)
        let pieces = [
            "FIND", "{", "}", "acme", "*", "?", "\"", "\\", "AND", "OR", "NOT", "(", ")", "IN", "ALL", "NAME", "FIELDS",
            "RETURNING", "Account", "Contact", ",", "Id", "Name", "WHERE", "=", "'x'", "LIMIT", "5", "WITH", "OFFSET", " ", "'",
        ]
        let words = ["acme", "rock*", "\"grand hotel\"", "AND", "OR", "NOT", "(", ")", "ca?e", "*", "\\-"]
        let clauses = [
            " IN ALL FIELDS", " IN NAME FIELDS", " RETURNING Account", " RETURNING Account(Id, Name)", ", Contact(Name WHERE Name = 'x')",
            " LIMIT 5", " OFFSET 2", " LIMIT x", " IN", " RETURNING", "(", ")",
        ]
        var parsed = 0
        for _ in 0..<2000 {
            // Half are loose pieces; half are a FIND with a term and clauses, so that some parse.
            let text: String
            if Bool.random(using: &generator) {
                text = (0..<Int.random(in: 1...14, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                    .joined(separator: Bool.random(using: &generator) ? " " : "")
            } else {
                let term = (0..<Int.random(in: 1...4, using: &generator)).map { _ in words.randomElement(using: &generator) ?? "" }
                let tail = (0..<Int.random(in: 0...3, using: &generator)).map { _ in clauses.randomElement(using: &generator) ?? "" }
                text = "FIND {" + term.joined(separator: " ") + "}" + tail.joined()
            }
            let firstWord = text.drop(while: \.isWhitespace).prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            do {
                _ = try SOSLQuery(parsing: text)
                parsed += 1
                #expect(firstWord.uppercased() == "FIND", "\(text) parsed without FIND")
            } catch {
                // A statement that does not start with FIND is told so before anything else.
                if firstWord.uppercased() != "FIND" {
                    #expect(error.message.hasPrefix("A search starts with FIND and a term in braces"), "\(text): \(error)")
                }
            }
        }
        let statement = "FIND {acme*} IN ALL FIELDS RETURNING Account(Id, Name), Contact LIMIT 5"
        #expect((try? SOSLQuery(parsing: statement)) != nil)
        // The pieces make both kinds: the fuzz reaches the parser's success path as well as its errors.
        #expect(parsed > 0 && parsed < 2000)
    }
}
