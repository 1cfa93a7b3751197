import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore
import Testing

/// `forcekit query` and `forcekit sync down --query` take every form the SOQL reference
/// documents, as a user copies them from it; real mistakes still get Salesforce's code and caret.
@Suite("forcekit query and sync down with the documented forms")
struct DocumentedQueryCommandTests {
    /// The forms the client refused before (issue 34), as a user would type them.
    static let refusedBefore = [
        "SELECT Id, Name FROM Account WITH SECURITY_ENFORCED",
        "SELECT Name FROM Account USING SCOPE mine",
        "SELECT FIELDS(STANDARD) FROM Contact",
        "SELECT Name, toLabel(Industry) FROM Account",
        "SELECT Name, FORMAT(AnnualRevenue) FROM Account",
        "SELECT Name, TYPEOF Owner WHEN User THEN Name END FROM Account",
        "SELECT Name FROM Account WHERE CALENDAR_YEAR(CreatedDate) >= 2000",
        "SELECT Name FROM Account WHERE DAY_ONLY(CreatedDate) <= TODAY",
        "SELECT Name FROM Account FOR VIEW",
        "SELECT Name FROM Account FOR REFERENCE",
        "SELECT Name FROM Account WHERE DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'mi') < 20",
    ]

    @Test("query answers each form that was refused, and the aggregate ones LocalOrg refused")
    func queries() async throws {
        try await withLoggedInHome { _, _ in
            for soql in Self.refusedBefore {
                let answer = await forcekit("query", soql)
                #expect(answer.exitCode == 0, "\(soql): \(answer.error)")
                #expect(answer.outputLines.last?.hasSuffix("records") == true, "\(soql): \(answer.output.suffix(200))")
            }
            let rollup = await forcekit(
                "query", "SELECT Industry, GROUPING(Industry) sub, COUNT(Id) FROM Account GROUP BY ROLLUP(Industry)")
            #expect(rollup.exitCode == 0, "\(rollup.error)")
            #expect(rollup.outputLines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["Industry", "sub", "expr0"])
            let total = try #require(rollup.outputLines.dropLast().last)
            #expect(total.hasPrefix(" ") || total.split(separator: " ").first == "1", "the grand total comes last: \(total)")
            let byYear = await forcekit(
                "query", "SELECT CALENDAR_YEAR(CreatedDate) year, COUNT(Id) FROM Account GROUP BY CALENDAR_YEAR(CreatedDate)", "--json")
            let row = try JSON(parsing: try #require(byYear.outputLines.first))
            #expect(row["year"]?.integerValue ?? 0 >= 2024 && row["expr0"]?.integerValue ?? 0 > 0, "\(byYear.output)")
        }
    }

    @Test("a real mistake still gets Salesforce's code, the caret under it and the row and column")
    func mistakes() async throws {
        try await withLoggedInHome { _, _ in
            let unquoted = await forcekit("query", "SELECT Id FROM Account WHERE Name = Acme")
            #expect(unquoted.exitCode == 1)
            #expect(unquoted.error.contains("MALFORMED_QUERY"), "\(unquoted.error)")
            #expect(
                unquoted.error.contains("ERROR at Row:1:Column:37") && unquoted.error.contains("unexpected token: Acme"),
                "\(unquoted.error)")
            let field = await forcekit("query", "SELECT Nope FROM Account WITH SECURITY_ENFORCED")
            #expect(
                field.exitCode == 1 && field.error.contains("INVALID_FIELD") && field.error.contains("No such column 'Nope'"),
                "\(field.error)")
            let bind = await forcekit("query", "SELECT Id FROM Account WHERE Name = :name")
            #expect(bind.exitCode == 1 && bind.error.contains("Bind variables only allowed in Apex code"), "\(bind.error)")
        }
    }

    @Test("sync down --query with WITH SECURITY_ENFORCED (the issue's own command) and with other forms goes to DONE")
    func syncDown() async throws {
        try await withLoggedInHome { _, home in
            let db = home.appendingPathComponent("app.sqlite").path
            let secured = await forcekit(
                "sync", "down", "accounts", "--path", db, "--query", "SELECT Id, Name FROM Account WITH SECURITY_ENFORCED")
            #expect(secured.exitCode == 0, "\(secured.error)")
            let state = try JSON(parsing: secured.output)
            #expect(state["status"] == "DONE" && (state["recordsSynced"]?.integerValue ?? 0) > 0, "\(secured.output)")
            for (index, soql) in Self.refusedBefore.enumerated() where !soql.contains("Contact") {
                let down = await forcekit("sync", "down", "form\(index)", "--path", db, "--query", soql)
                #expect(down.exitCode == 0, "\(soql): \(down.error)")
                #expect((try? JSON(parsing: down.output))?["status"] == "DONE", "\(soql): \(down.output)")
            }
            let aggregate = await forcekit(
                "sync", "down", "counts", "--path", db, "--query", "SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry")
            #expect(aggregate.exitCode != 0)
            #expect(aggregate.error.contains("COUNT(Id)") && aggregate.error.contains("a sync stores records"), "\(aggregate.error)")
        }
    }
}
