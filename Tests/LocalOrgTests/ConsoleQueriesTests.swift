import SOQL
import Testing

@testable import LocalOrg

/// The console's queries, read back by the SOQL parser: a user's text stays one value, and
/// names split where the SOQL lexer splits them, also with a combining mark after a special.
@Suite("Console queries")
struct ConsoleQueriesTests {
    static let marks = ["\u{301}", "\u{338}", "\u{200d}"]

    @Test("a path splits at each '.' scalar, a combining mark after it included", arguments: marks)
    func pathSplitsOnScalars(mark: String) {
        // The expected components are the name cut at its one U+002E, by definition.
        #expect(ConsoleQueries.field("Owner.\(mark)Name") == .field(FieldPath(["Owner", "\(mark)Name"])))
        #expect(ConsoleQueries.field("Name") == .field(FieldPath(["Name"])))
    }

    @Test("search text with a quote or backslash a combining mark follows parses back as the same LIKE value", arguments: marks)
    func searchTextStaysAValue(mark: String) throws {
        for special in ["'", "\"", "\\\\", "%", "_"] {
            let text = "a\(special)\(mark) OR Name != \(special)\(mark)"
            let soql = ConsoleQueries.page(
                of: "Account", fields: ["Id", "Name"], where: ConsoleQueries.nameContains("Name", text), sort: "Name", descending: true,
                limit: 25, offset: 0)
            let parsed = try SOQLQuery(parsing: soql)
            #expect(parsed.condition == .like(.field(FieldPath(["Name"])), pattern: "%" + text + "%"), "\(soql)")
            #expect(parsed.limit == 25 && parsed.offset == 0 && parsed.ordering.count == 2)
        }
    }
}
