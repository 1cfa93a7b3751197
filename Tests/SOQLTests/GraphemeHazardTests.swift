import ForceKitTestSupport
import SOQL
import Testing

/// Every special of SOQL and SOSL, hidden in a larger Swift `Character` (a combining mark after
/// it, a prepended mark before it): the escapers still escape it and the lexers still read it,
/// because both work on Unicode scalars as Salesforce's parser does.
@Suite("SOQL and SOSL against specials hidden in Characters")
struct GraphemeHazardTests {
    private static let literalSpecials: [Unicode.Scalar] = ["'", "\"", "\\", "\n", "\r", "\t", "%", "_"]

    /// A value as the parsed statement `Name = <literal>` holds it.
    private func parsedValue(_ literal: String) throws -> String? {
        let query = try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Name = \(literal)")
        guard case .comparison(_, .equal, .string(let value)) = query.condition else { return nil }
        return value
    }

    @Test("a quoted string literal reads back as the text it quotes, whatever special a mark hides")
    func quotedLiterals() throws {
        for special in Self.literalSpecials {
            for disguise in GraphemeHazards.disguises(of: special) {
                let text = "x" + disguise + " OR Id != null OR Name = " + disguise
                let quoted = SOQLString.quoted(text)
                #expect(try parsedValue(quoted) == text, "\(special.value): \(quoted)")
            }
        }
    }

    @Test("a LIKE pattern with a hidden quote stays one pattern; its own escapes stay escapes")
    func likePatterns() throws {
        for disguise in GraphemeHazards.disguises(of: "'") + GraphemeHazards.disguises(of: "\\") {
            let pattern = "%a" + disguise + "\\%" + " OR Name != null" + "%"
            let query = try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Name LIKE \(SOQLString.quoted(likePattern: pattern))")
            guard case .like(_, let parsed) = query.condition else {
                Issue.record("not one LIKE: \(query)")
                continue
            }
            #expect(
                parsed.hasSuffix(#"\% OR Name != null%"#) && parsed.unicodeScalars.contains("'") == disguise.unicodeScalars.contains("'"))
        }
    }

    @Test("an escaped search term is one term: a hidden brace, quote or operator does not end it")
    func searchTerms() throws {
        for special in SOQLString.reservedInSearchTerms {
            for disguise in GraphemeHazards.disguises(of: special) {
                let typed = "acme" + disguise + "corp"
                let escaped = SOQLString.escapedSearchTerm(typed)
                let sosl = try SOSLQuery(parsing: "FIND {\(escaped)} RETURNING Account(Name)")
                #expect(sosl.returning.map(\.object) == ["Account"], "\(special.value)")
                #expect(sosl.expression.words.joined() == typed, "\(special.value): \(sosl.expression)")
            }
        }
    }

    @Test("the lexer reads a quote, comma or parenthesis a mark follows as that symbol, as Salesforce does")
    func lexerSymbols() throws {
        // The closing quote carries a mark: the literal still ends there, and the mark is an unexpected token.
        #expect(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Name = 'a'\u{0338} OR Id != null") }
        // A quote escaped with a mark after it is still an escaped quote.
        #expect(try parsedValue("'a\\'\u{0338}'") == "a'\u{0338}")
        // Fields separated by a comma a prepended mark joins are still two fields... of which the second is not a name.
        #expect(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: "SELECT Id\u{0600}, Name FROM Account") }
        // A statement written with CR LF line ends reports the row of the error as its lines count.
        let error = #expect(throws: SOQLSyntaxError.self) { try SOQLQuery(parsing: "SELECT Id\r\nFROM Account\r\nWHERE Name = 'x") }
        #expect(error?.position.row == 3 && error?.sourceLine.hasPrefix("WHERE") == true, "\(String(describing: error))")
    }
}
