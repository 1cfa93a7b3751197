/// A relative date literal such as `TODAY`, `THIS_MONTH` or `LAST_N_DAYS:30`.
///
/// Each literal stands for a range of whole days, resolved against "today" when the query
/// runs (LocalOrg uses UTC). A comparison with a literal compares with that range:
/// `= X` is inside it, `< X` before its start, `> X` after its end.
public struct DateLiteral: Sendable, Hashable, CustomStringConvertible {
    /// The span a literal counts in.
    public enum Unit: String, Sendable, Hashable {
        /// Days.
        case day = "DAY"
        /// Weeks starting on Sunday.
        case week = "WEEK"
        /// Calendar months.
        case month = "MONTH"
        /// Calendar quarters (fiscal quarters are the same: the fiscal year starts in January).
        case quarter = "QUARTER"
        /// Calendar years.
        case year = "YEAR"
    }

    /// Which way from the current unit a literal reaches.
    public enum Reach: Sendable, Hashable {
        /// The current unit moved by `offset` units (TODAY is 0, YESTERDAY -1, NEXT_MONTH 1).
        case shifted(offset: Int)
        /// `LAST_N_<unit>S:n`.
        case lastN(Int)
        /// `NEXT_N_<unit>S:n`.
        case nextN(Int)
        /// `N_<unit>S_AGO:n`.
        case ago(Int)
    }

    /// The literal as written, upper-cased, with its `:n`.
    public let name: String
    /// The span it counts in.
    public let unit: Unit
    /// How far it reaches.
    public let reach: Reach

    /// Reads a literal's name and, for the `:n` forms, its number; nil when `name` is not a
    /// date literal. `n` must be given exactly for the forms that take one, from 0 to `Int32.max`.
    public init?(name rawName: String, number: Int?) {
        let upper = rawName.uppercased()
        let fixed: [String: (Unit, Int)] = [
            "YESTERDAY": (.day, -1), "TODAY": (.day, 0), "TOMORROW": (.day, 1),
            "LAST_WEEK": (.week, -1), "THIS_WEEK": (.week, 0), "NEXT_WEEK": (.week, 1),
            "LAST_MONTH": (.month, -1), "THIS_MONTH": (.month, 0), "NEXT_MONTH": (.month, 1),
            "LAST_QUARTER": (.quarter, -1), "THIS_QUARTER": (.quarter, 0), "NEXT_QUARTER": (.quarter, 1),
            "LAST_FISCAL_QUARTER": (.quarter, -1), "THIS_FISCAL_QUARTER": (.quarter, 0), "NEXT_FISCAL_QUARTER": (.quarter, 1),
            "LAST_YEAR": (.year, -1), "THIS_YEAR": (.year, 0), "NEXT_YEAR": (.year, 1),
            "LAST_FISCAL_YEAR": (.year, -1), "THIS_FISCAL_YEAR": (.year, 0), "NEXT_FISCAL_YEAR": (.year, 1),
        ]
        if let (unit, offset) = fixed[upper] {
            guard number == nil else { return nil }
            self.init(name: upper, unit: unit, reach: .shifted(offset: offset))
            return
        }
        if upper == "LAST_90_DAYS" || upper == "NEXT_90_DAYS" {
            guard number == nil else { return nil }
            self.init(name: upper, unit: .day, reach: upper.hasPrefix("LAST") ? .lastN(90) : .nextN(90))
            return
        }
        // SOQL's integers are 32-bit; keeping `n` to them keeps `7 * n` and `12 * n` far from overflow.
        guard let number, number >= 0, number <= Int(Int32.max) else { return nil }
        let units: [(String, Unit)] = [
            ("DAYS", .day), ("WEEKS", .week), ("MONTHS", .month), ("QUARTERS", .quarter),
            ("FISCAL_QUARTERS", .quarter), ("YEARS", .year), ("FISCAL_YEARS", .year),
        ]
        for (suffix, unit) in units {
            let reach: Reach
            switch upper {
            case "LAST_N_\(suffix)": reach = .lastN(number)
            case "NEXT_N_\(suffix)": reach = .nextN(number)
            case "N_\(suffix)_AGO": reach = .ago(number)
            default: continue
            }
            self.init(name: "\(upper):\(number)", unit: unit, reach: reach)
            return
        }
        return nil
    }

    private init(name: String, unit: Unit, reach: Reach) {
        self.name = name
        self.unit = unit
        self.reach = reach
    }

    /// Whether `name` is a literal that takes `:n`.
    public static func takesNumber(_ name: String) -> Bool {
        let upper = name.uppercased()
        return upper.hasPrefix("LAST_N_") || upper.hasPrefix("NEXT_N_") || (upper.hasPrefix("N_") && upper.hasSuffix("_AGO"))
    }

    /// The days the literal covers relative to `today`: from `start` up to, not including, `end`.
    /// A range reaching past ``CivilDate/supportedYears`` stops at its first or last day.
    public func range(today: CivilDate) -> Range<CivilDate> {
        let current = start(of: unit, containing: today)
        switch reach {
        case .shifted(let offset):
            let from = advance(current, by: offset)
            return from..<advance(from, by: 1)
        case .lastN(let count):
            if unit == .day { return today.adding(days: -count)..<today.adding(days: 1) }
            return advance(current, by: -count)..<current
        case .nextN(let count):
            if unit == .day { return today.adding(days: 1)..<today.adding(days: 1 + count) }
            return advance(current, by: 1)..<advance(current, by: 1 + count)
        case .ago(let count):
            let from = advance(current, by: -count)
            return from..<advance(from, by: 1)
        }
    }

    private func start(of unit: Unit, containing date: CivilDate) -> CivilDate {
        switch unit {
        case .day: return date
        case .week: return date.adding(days: -date.weekday)
        case .month: return date.firstOfMonth(addingMonths: 0)
        case .quarter: return date.firstOfMonth(addingMonths: -((date.month - 1) % 3))
        case .year: return date.firstOfMonth(addingMonths: -(date.month - 1))
        }
    }

    private func advance(_ date: CivilDate, by count: Int) -> CivilDate {
        switch unit {
        case .day: return date.adding(days: count)
        case .week: return date.adding(days: 7 * count)
        case .month: return date.firstOfMonth(addingMonths: count)
        case .quarter: return date.firstOfMonth(addingMonths: 3 * count)
        case .year: return date.firstOfMonth(addingMonths: 12 * count)
        }
    }

    /// The literal as written, e.g. `LAST_N_DAYS:30`.
    public var description: String { name }
}
