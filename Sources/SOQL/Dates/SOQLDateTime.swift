/// An instant, as SOQL date-time literals and Salesforce date-time fields hold it.
///
/// Salesforce writes date-times in UTC as `2019-05-01T12:00:00.000+0000`; SOQL accepts
/// `Z`, `±hh:mm` and `±hhmm` offsets. The value is kept as milliseconds since 1970 UTC.
public struct SOQLDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSinceEpoch: Int64

    /// Creates an instant from milliseconds since 1970 UTC.
    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// Midnight UTC at the start of `date`.
    public init(startOf date: CivilDate) {
        millisecondsSinceEpoch = Int64(date.daysSinceEpoch) * 86_400_000
    }

    /// Reads `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm|±hhmm)`; nil for anything else.
    public init?(parsing text: some StringProtocol) {
        let characters = Array(text)
        guard characters.count >= 20, characters[10] == "T",
            let date = CivilDate(parsing: String(characters[0..<10])),
            characters[13] == ":", characters[16] == ":",
            let hour = Int(String(characters[11..<13])), let minute = Int(String(characters[14..<16])),
            let second = Int(String(characters[17..<19])),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var milliseconds = 0
        if characters[index] == "." {
            index += 1
            var digits = ""
            while index < characters.count, characters[index].isASCIIDigit {
                digits.append(characters[index])
                index += 1
            }
            guard !digits.isEmpty else { return nil }
            milliseconds = Int(String((digits + "00").prefix(3))) ?? 0
        }
        guard index < characters.count else { return nil }
        var offsetMinutes = 0
        let zone = String(characters[index...])
        if zone != "Z" {
            guard let sign = zone.first, sign == "+" || sign == "-" else { return nil }
            let digits = zone.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
                let zoneHour = Int(digits.prefix(2)), let zoneMinute = Int(digits.suffix(2)),
                zoneHour < 24, zoneMinute < 60
            else { return nil }
            offsetMinutes = (zoneHour * 60 + zoneMinute) * (sign == "-" ? -1 : 1)
        }
        let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        millisecondsSinceEpoch = seconds * 1000 + Int64(milliseconds)
    }

    /// The UTC calendar date of this instant.
    public var date: CivilDate {
        CivilDate(daysSinceEpoch: Int(clamping: floorDivide(millisecondsSinceEpoch, 86_400_000)))
    }

    /// Division rounding down, for any `value` (subtracting first would overflow near `Int64.min`).
    private func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Salesforce's form: `2019-05-01T12:00:00.000+0000`, always UTC, so it also sorts as text.
    public var description: String {
        let remainder = millisecondsSinceEpoch % 86_400_000
        let milliseconds = remainder < 0 ? remainder + 86_400_000 : remainder
        let secondsOfDay = Int(milliseconds / 1000)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let fraction = Int(milliseconds % 1000)
        let fractionText = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : String(fraction)
        return "\(date)T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)).\(fractionText)+0000"
    }

    /// Orders instants in time.
    public static func < (lhs: SOQLDateTime, rhs: SOQLDateTime) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }
}
