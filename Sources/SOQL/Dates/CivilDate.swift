/// A calendar date with no time or zone: what SOQL date literals and date fields hold.
///
/// Arithmetic is on the proleptic Gregorian calendar, done by counting days since
/// 1970-01-01 so it needs no `Calendar` and gives the same answer on every platform.
///
/// Dates stay within ``supportedYears``: arithmetic that would leave them stops at the first
/// or last supported day instead of overflowing, so no count a query carries (`N_YEARS_AGO:n`
/// with the largest `n`) can trap.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, e.g. 2024.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// The years a date can have: a million either side of year 0, far beyond the dates
    /// Salesforce stores, and small enough that counting their days or milliseconds never overflows.
    public static let supportedYears = -1_000_000...1_000_000

    /// The first supported day.
    public static let earliest = CivilDate(uncheckedYear: supportedYears.lowerBound, month: 1, day: 1)
    /// The last supported day.
    public static let latest = CivilDate(uncheckedYear: supportedYears.upperBound, month: 12, day: 31)
    private static let supportedDays = earliest.daysSinceEpoch...latest.daysSinceEpoch

    /// Creates a date, or nil when the day does not exist (2023-02-29) or the year is outside
    /// ``supportedYears``.
    public init?(year: Int, month: Int, day: Int) {
        guard Self.supportedYears.contains(year), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD`; nil for any other text or a day that does not exist.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01 (negative for earlier dates), or ``earliest`` or
    /// ``latest`` when that day is outside the supported years.
    public init(daysSinceEpoch days: Int) {
        let days = min(max(days, Self.supportedDays.lowerBound), Self.supportedDays.upperBound)
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((days % 7) + 7 + 4) % 7
    }

    /// The date `count` days later (earlier when negative), stopping at ``earliest`` or ``latest``.
    public func adding(days count: Int) -> CivilDate {
        // Both operands are clamped to a range whose sum cannot overflow.
        let span = Self.supportedDays.upperBound - Self.supportedDays.lowerBound
        return CivilDate(daysSinceEpoch: daysSinceEpoch + min(max(count, -span), span))
    }

    /// The first day of the month `count` months later (earlier when negative), stopping at
    /// the first month of ``earliest`` or of ``latest``.
    public func firstOfMonth(addingMonths count: Int) -> CivilDate {
        let firstMonth = Self.supportedYears.lowerBound * 12
        let lastMonth = Self.supportedYears.upperBound * 12 + 11
        let span = lastMonth - firstMonth
        let unclamped = year * 12 + (month - 1) + min(max(count, -span), span)
        let monthIndex = min(max(unclamped, firstMonth), lastMonth)
        let newYear = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let newMonth = monthIndex - newYear * 12 + 1
        return CivilDate(uncheckedYear: newYear, month: newMonth, day: 1)
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let yearText = String(year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return "\(paddedYear)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// Orders dates in time.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
