import ForceKitTestSupport
import SOQL
import SalesforceCore
import Testing

/// A property of the printer: any tree the parser can produce prints to text that parses back
/// to the same tree. Trees are generated at random from a fixed seed, over every kind of node.
@Suite("Printing round-trips")
struct SOQLRoundTripTests {
    @Test("5,000 random statements print to text that parses to the same tree")
    func statements() throws {
        var random = TreeGenerator(seed: 0x50C1)
        for _ in 0..<5000 {
            let query = random.query(depth: 0)
            let printed = query.description
            let reparsed = try #require(try? SOQLQuery(parsing: printed), "does not parse: \(printed)")
            #expect(reparsed == query, "printed as: \(printed)")
        }
    }

    @Test("2,000 random searches print to text that parses to the same statement")
    func searches() throws {
        var random = TreeGenerator(seed: 0x5051)
        for _ in 0..<2000 {
            let search = try random.search()
            let printed = search.description
            let reparsed = try #require(try? SOSLQuery(parsing: printed), "does not parse: \(printed)")
            #expect(reparsed == search, "printed as: \(printed)")
        }
    }
}

/// Random syntax trees in the parser's normal form (no one-part AND or OR).
private struct TreeGenerator {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
    mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func pick<T>(_ values: [T]) -> T { values[number(0...(values.count - 1))] }

    mutating func name() -> String {
        pick(["Id", "Name", "Amount", "Owner", "Account", "Industry", "Type", "Status", "Order__c", "x1", "Custom_Field__c", "名前"])
    }

    /// Object names, among them those that are SOQL words (`Order`, `Group`).
    mutating func objectName() -> String { chance(20) ? pick(["Order", "Group", "Case"]) : name() }

    mutating func path() -> FieldPath { FieldPath((0..<number(1...3)).map { _ in name() }) }

    mutating func text() -> String {
        String((0..<number(0...8)).map { _ in pick(Array("aZ '\"\\\n\t\r%_é😀;(),")) })
    }

    mutating func likePattern() -> String {
        (0..<number(0...6)).map { _ in pick(["a", "%", "_", "\\%", "\\_", "\\\\", "'", "é", " "]) }.joined()
    }

    mutating func literal() -> SOQLLiteral {
        switch number(0...9) {
        case 0: return .null
        case 1: return .boolean(chance(50))
        case 2: return .integer(Int64(number(-100_000...100_000)))
        case 3: return .decimal(pick(["3.25", "-0.5", "100.000", ".5"]))
        case 4:
            return .date(
                CivilDate(year: number(1...9999), month: number(1...12), day: number(1...28)) ?? CivilDate(year: 2000, month: 1, day: 1)!)
        case 5: return .dateTime(SOQLDateTime(millisecondsSinceEpoch: Int64(number(0...2_000_000_000)) * 1000))
        case 6:
            let literal = pick(["TODAY", "LAST_N_DAYS", "N_QUARTERS_AGO", "NEXT_FISCAL_YEAR", "THIS_WEEK", "LAST_90_DAYS"])
            return .dateLiteral(DateLiteral(name: literal, number: DateLiteral.takesNumber(literal) ? number(0...500) : nil)!)
        case 7: return .currency(code: pick(["USD", "EUR", "JPY"]), amount: pick(["5000", "12.50", "0"]))
        default: return .string(text())
        }
    }

    mutating func expression(depth: Int, aggregates: Bool) -> ValueExpression {
        guard depth < 3, chance(35) else { return .field(path()) }
        let functions: [SOQLFunction] =
            aggregates
            ? [.count, .sum, .maximum, .calendarYear, .format, .toLabel, .grouping]
            : [.calendarYear, .dayOnly, .toLabel, .convertCurrency, .format]
        let function = pick(functions)
        if function == .count, chance(30) { return .function(FunctionCall(.count)) }
        if chance(15) {
            return .function(
                FunctionCall(
                    .distance,
                    [
                        .field(path()), .function(FunctionCall(.geolocation, [.literal(.decimal("37.7")), .literal(.integer(-122))])),
                        .literal(.string(pick(["mi", "km"]))),
                    ]))
        }
        return .function(FunctionCall(function, [expression(depth: depth + 1, aggregates: false)]))
    }

    mutating func condition(depth: Int, aggregates: Bool) -> Condition {
        if depth < 3, chance(40) {
            switch number(0...2) {
            case 0: return .and((0..<number(2...3)).map { _ in condition(depth: depth + 1, aggregates: aggregates) })
            case 1: return .or((0..<number(2...3)).map { _ in condition(depth: depth + 1, aggregates: aggregates) })
            default: return .not(condition(depth: depth + 1, aggregates: aggregates))
            }
        }
        let subject = expression(depth: 1, aggregates: aggregates)
        switch number(0...5) {
        case 0: return .like(subject, pattern: likePattern())
        case 1: return .isIn(subject, (0..<number(1...3)).map { _ in literal() }, negated: chance(50))
        case 2 where depth < 2:
            var inner = SOQLQuery(selection: [.field(path())], object: name())
            if chance(50) { inner.condition = condition(depth: depth + 2, aggregates: false) }
            return .inSubquery(subject, inner, negated: chance(50))
        case 3: return .includes(subject, (0..<number(1...2)).map { _ in text() }, excludes: chance(50))
        default: return .comparison(subject, pick(ComparisonOperator.allCases), literal())
        }
    }

    mutating func selectItem(depth: Int, aggregate: Bool) -> SelectItem {
        switch number(0...9) {
        case 0 where depth == 0:
            return .subquery(query(depth: 1))
        case 1:
            let branches = (0..<number(0...2)).map { _ in TypeOf.Branch(objectType: name(), fields: (0..<number(1...2)).map { _ in path() })
            }
            return .typeOf(TypeOf(field: path(), branches: branches, elseFields: branches.isEmpty || chance(50) ? [path()] : nil))
        case 2: return .fields(pick(FieldGroup.allCases))
        default:
            return .expression(expression(depth: 0, aggregates: aggregate), alias: chance(30) ? pick(["total", "n", "amt", "x_1"]) : nil)
        }
    }

    mutating func query(depth: Int) -> SOQLQuery {
        let aggregate = chance(25)
        var query = SOQLQuery(
            selection: (0..<number(1...4)).map { _ in selectItem(depth: depth, aggregate: aggregate) },
            from: FromClause(object: depth > 0 && chance(50) ? "Account.Contacts" : objectName(), alias: chance(20) ? "a" : nil))
        if depth == 0, chance(10) { query.from.relationshipAliases = [RelationshipAlias(path: FieldPath(["a", name()]), alias: "p")] }
        if chance(15) { query.scope = pick(["mine", "everything", "team"]) }
        if chance(60) { query.condition = condition(depth: 0, aggregates: false) }
        if depth == 0, chance(25) {
            switch number(0...5) {
            case 0: query.filter = .securityEnforced
            case 1: query.filter = pick([.userMode, .systemMode])
            case 2:
                query.filter = .dataCategory([
                    DataCategoryFilter(group: "Geo__c", selector: pick(DataCategoryFilter.Selector.allCases), categories: ["usa__c"]),
                    DataCategoryFilter(group: "Product__c", selector: .at, categories: ["a__c", "b__c"]),
                ])
            case 3: query.filter = .recordVisibilityContext([.init(name: "maxDescriptorPerRecord", value: .integer(100))])
            default: query.filter = .condition(.comparison(.field(FieldPath(["UserId"])), .equal, .string("005x")))
            }
        }
        if aggregate, chance(60) {
            query.grouping = Grouping(
                pick(Grouping.Kind.allCases), (0..<number(1...2)).map { _ in expression(depth: 1, aggregates: false) })
            if chance(40) { query.having = condition(depth: 1, aggregates: true) }
        }
        if chance(40) {
            query.ordering = (0..<number(1...2)).map { _ in
                OrderItem(
                    expression: expression(depth: 1, aggregates: aggregate), descending: chance(50), nullsFirst: pick([nil, true, false]))
            }
        }
        if chance(40) { query.limit = number(0...5000) }
        if chance(20) { query.offset = number(0...2000) }
        if depth == 0, chance(15) { query.marks = [pick(RecordMark.allCases)] }
        if depth == 0, chance(10) { query.updates = [pick(ArticleUpdate.allCases)] }
        if depth == 0, chance(5) { query.locksRecords = true }
        return query
    }

    mutating func search() throws -> SOSLQuery {
        let term = (0..<number(1...4)).map { _ in pick(["acme*", "\"grand hotel\"", "ro?k", "\\{x\\}", "jane@example.com"]) }
            .joined(separator: pick([" ", " AND ", " OR ", " AND NOT "]))
        var search = try SOSLQuery(term: term, scope: pick(SearchScope.allCases))
        search.returning = (0..<number(0...2)).map { _ in
            guard chance(70) else { return ReturningObject(object: name()) }
            var query = SOQLQuery(selection: (0..<number(1...3)).map { _ in selectItem(depth: 1, aggregate: false) }, object: name())
            if chance(50) { query.condition = condition(depth: 1, aggregates: false) }
            if chance(30) { query.ordering = [OrderItem(expression: .field(path()), descending: chance(50))] }
            if chance(30) { query.limit = number(1...200) }
            if chance(20) { query.offset = number(0...100) }
            return ReturningObject(object: query.object, query: query, listView: chance(20) ? "Recent" : nil)
        }
        let options: [SearchOption] = [
            .division("Global"), .network(["0DB1"]), .network(["0DB1", "0DB2"]), .snippet(targetLength: nil), .snippet(targetLength: 120),
            .highlight, .spellCorrection(false), .metadata("LABELS"), .pricebook("01s"), .securityEnforced,
            .dataCategory([DataCategoryFilter(group: "Geo__c", selector: .above, categories: ["usa__c"])]),
        ]
        search.options = (0..<number(0...2)).map { _ in pick(options) }
        if chance(40) { search.limit = number(1...2000) }
        if chance(20) { search.offset = number(0...100) }
        if chance(10) { search.updates = [.tracking] }
        return search
    }
}
