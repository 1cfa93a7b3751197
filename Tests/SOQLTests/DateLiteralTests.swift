import ForceKitTestSupport
import SOQL
import SalesforceCore
import Testing

@Suite("SOQL dates")
struct DateLiteralTests {
    /// Wednesday 2024-05-15.
    let today = CivilDate(year: 2024, month: 5, day: 15)!

    private func range(_ name: String, _ number: Int? = nil) throws -> String {
        let literal = try #require(DateLiteral(name: name, number: number))
        let range = literal.range(today: today)
        return "\(range.lowerBound)..<\(range.upperBound)"
    }

    @Test("relative date literals resolve to Salesforce's day ranges")
    func ranges() throws {
        #expect(try range("TODAY") == "2024-05-15..<2024-05-16")
        #expect(try range("yesterday") == "2024-05-14..<2024-05-15")
        #expect(try range("TOMORROW") == "2024-05-16..<2024-05-17")
        #expect(try range("THIS_WEEK") == "2024-05-12..<2024-05-19")
        #expect(try range("LAST_WEEK") == "2024-05-05..<2024-05-12")
        #expect(try range("THIS_MONTH") == "2024-05-01..<2024-06-01")
        #expect(try range("LAST_MONTH") == "2024-04-01..<2024-05-01")
        #expect(try range("NEXT_MONTH") == "2024-06-01..<2024-07-01")
        #expect(try range("THIS_QUARTER") == "2024-04-01..<2024-07-01")
        #expect(try range("LAST_QUARTER") == "2024-01-01..<2024-04-01")
        #expect(try range("THIS_YEAR") == "2024-01-01..<2025-01-01")
        #expect(try range("LAST_FISCAL_YEAR") == "2023-01-01..<2024-01-01")
        #expect(try range("LAST_N_DAYS", 7) == "2024-05-08..<2024-05-16")
        #expect(try range("NEXT_N_DAYS", 7) == "2024-05-16..<2024-05-23")
        #expect(try range("LAST_90_DAYS") == "2024-02-15..<2024-05-16")
        #expect(try range("N_DAYS_AGO", 3) == "2024-05-12..<2024-05-13")
        #expect(try range("LAST_N_MONTHS", 2) == "2024-03-01..<2024-05-01")
        #expect(try range("NEXT_N_WEEKS", 1) == "2024-05-19..<2024-05-26")
        #expect(try range("N_YEARS_AGO", 1) == "2023-01-01..<2024-01-01")
        #expect(try range("LAST_N_QUARTERS", 2) == "2023-10-01..<2024-04-01")
    }

    @Test("names that need :n refuse to go without it, and others refuse one")
    func numbers() {
        #expect(DateLiteral(name: "LAST_N_DAYS", number: nil) == nil)
        #expect(DateLiteral(name: "TODAY", number: 3) == nil)
        #expect(DateLiteral(name: "LAST_N_FORTNIGHTS", number: 3) == nil)
    }

    @Test("day counting round-trips and weekdays are right across eras")
    func civilDates() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let days = Int.random(in: -800_000...800_000, using: &generator)
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(CivilDate(parsing: date.description) == date || date.year < 0 || date.year > 9999)
        }
        #expect(CivilDate(year: 1970, month: 1, day: 1)?.weekday == 4)
        #expect(CivilDate(year: 2024, month: 5, day: 12)?.weekday == 0)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
    }

    @Test("date-times read every offset form and print Salesforce's UTC form")
    func dateTimes() {
        #expect(SOQLDateTime(parsing: "2024-05-01T10:30:00Z")?.description == "2024-05-01T10:30:00.000+0000")
        #expect(SOQLDateTime(parsing: "2024-05-01T00:30:00.5-0100")?.description == "2024-05-01T01:30:00.500+0000")
        #expect(SOQLDateTime(parsing: "2024-05-01T00:30:00+02:00")?.description == "2024-04-30T22:30:00.000+0000")
        #expect(SOQLDateTime(parsing: "1969-12-31T23:59:59.999Z")?.description == "1969-12-31T23:59:59.999+0000")
        #expect(SOQLDateTime(parsing: "2024-05-01T10:30:00") == nil)
        #expect(SOQLDateTime(parsing: "2024-05-01T25:30:00Z") == nil)
    }

    @Test("every printed date-time reads back to the same instant, and malformed ones are refused")
    func dateTimeRoundTrip() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let instant = SOQLDateTime(
                millisecondsSinceEpoch: Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator))
            #expect(SOQLDateTime(parsing: instant.description) == instant, "seed \(seed): \(instant.description)")
        }
        #expect(SOQLDateTime(parsing: "2024-05-01T10:30:00.123456Z")?.description == "2024-05-01T10:30:00.123+0000")
        #expect(SOQLDateTime(parsing: "2024-05-01T10:30:00.1+0000")?.millisecondsSinceEpoch.isMultiple(of: 100) == true)
        for malformed in [
            "2024-05-01T10:30:00.Z", "2024-05-01T10:30:00+2:00", "2024-05-01T10:30:00+02::00", "2024-02-30T10:30:00Z",
            "2024-05-01 10:30:00Z", "2024-05-01T10:30:00Zx", "2024-05-01T10:30:0aZ", "２024-05-01T10:30:00Z", "2024-05-01T10:60:00Z",
        ] {
            #expect(SOQLDateTime(parsing: malformed) == nil, "\(malformed)")
        }
    }

    @Test("no count traps: literals with the largest n and date arithmetic with any Int stop at the supported years")
    func extremes() throws {
        let names = [
            "LAST_N_DAYS", "NEXT_N_DAYS", "N_DAYS_AGO", "LAST_N_WEEKS", "NEXT_N_WEEKS", "N_WEEKS_AGO", "LAST_N_MONTHS",
            "NEXT_N_MONTHS", "N_MONTHS_AGO", "LAST_N_QUARTERS", "NEXT_N_FISCAL_QUARTERS", "N_FISCAL_QUARTERS_AGO", "LAST_N_YEARS",
            "NEXT_N_FISCAL_YEARS", "N_FISCAL_YEARS_AGO",
        ]
        for name in names {
            let literal = try #require(DateLiteral(name: name, number: Int(Int32.max)))
            let range = literal.range(today: today)
            #expect(range.lowerBound >= CivilDate.earliest && range.upperBound <= CivilDate.latest, "\(name)")
            #expect(DateLiteral(name: name, number: Int(Int32.max) + 1) == nil)
            #expect(DateLiteral(name: name, number: -1) == nil)
        }
        #expect(try range("N_YEARS_AGO", Int(Int32.max)) == "\(CivilDate.earliest)..<\(CivilDate.earliest.firstOfMonth(addingMonths: 12))")
        #expect(try range("NEXT_N_YEARS", Int(Int32.max)).hasSuffix("..<\(CivilDate.latest.firstOfMonth(addingMonths: 0))"))

        var generator = SeededGenerator(seed: 23)
        let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]
        for _ in 0..<2000 {
            let days =
                Bool.random(using: &generator)
                ? extremes.randomElement(using: &generator)! : Int.random(in: .min ... .max, using: &generator)
            let count =
                Bool.random(using: &generator)
                ? extremes.randomElement(using: &generator)! : Int.random(in: .min ... .max, using: &generator)
            let date = CivilDate(daysSinceEpoch: days)
            let later = date.adding(days: count)
            #expect(count >= 0 ? later >= date : later <= date)
            let month = date.firstOfMonth(addingMonths: count)
            let (from, to) = (date.year * 12 + date.month, month.year * 12 + month.month)
            #expect(count >= 0 ? to >= from : to <= from)
            for moved in [later, month] {
                #expect(CivilDate.supportedYears.contains(moved.year))
                #expect(SOQLDateTime(startOf: moved).date == moved)
            }
            #expect(SOQLDateTime(millisecondsSinceEpoch: Int64(truncatingIfNeeded: days)).description.isEmpty == false)
        }
        #expect(CivilDate(year: CivilDate.supportedYears.upperBound + 1, month: 1, day: 1) == nil)
        #expect(CivilDate(year: Int.min, month: 1, day: 1) == nil)
        #expect(CivilDate(daysSinceEpoch: .max) == CivilDate.latest)
        #expect(CivilDate(daysSinceEpoch: .min) == CivilDate.earliest)
    }
}
