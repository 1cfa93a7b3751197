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
        // Read as bytes: a sync reads one of these per record, and every valid form is ASCII.
        var text = String(text)
        guard let parsed = text.withUTF8({ Self.milliseconds(in: $0) }) else { return nil }
        millisecondsSinceEpoch = parsed
    }

    private static func milliseconds(in bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let date = CivilDate(year: year, month: month, day: day),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var milliseconds = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                // Digits past the third only refine below a millisecond, which is not kept.
                if index - digitsStart < 3 { milliseconds = milliseconds * 10 + Int(bytes[index]) - 48 }
                index += 1
            }
            guard index > digitsStart else { return nil }
            for _ in min(index - digitsStart, 3)..<3 { milliseconds *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offsetMinutes = 0
        if !(bytes[index] == UInt8(ascii: "Z") && index + 1 == bytes.count) {
            let sign = bytes[index]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let rest = index + 1
            let zone: (hour: Int?, minute: Int?)
            switch bytes.count - rest {
            case 4: zone = (number(rest..<rest + 2), number(rest + 2..<rest + 4))
            case 5 where bytes[rest + 2] == UInt8(ascii: ":"): zone = (number(rest..<rest + 2), number(rest + 3..<rest + 5))
            default: return nil
            }
            guard let zoneHour = zone.hour, let zoneMinute = zone.minute, zoneHour < 24, zoneMinute < 60 else { return nil }
            offsetMinutes = (zoneHour * 60 + zoneMinute) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return seconds * 1000 + Int64(milliseconds)
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
