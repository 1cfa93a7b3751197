package import Foundation

/// HTTP dates in the IMF-fixdate form of RFC 9110 (`Sun, 06 Nov 1994 08:49:37 GMT`), which
/// `If-Unmodified-Since` uses, written and read without a `DateFormatter`: making one costs more
/// than the request it would date, and sync up dates hundreds of requests a second. Days are
/// counted by ``CivilDate``, the one calendar arithmetic of ForceKit; it lives here, beside
/// SOQL's dates, because both its users (the REST client and LocalOrg) read SOQL too.
package enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as an IMF-fixdate, to the second below.
    package static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let days = (seconds - secondOfDay) / 86_400
        let date = CivilDate(daysSinceEpoch: Int(days))
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return
            "\(weekday), \(two(Int64(date.day))) \(months[date.month - 1]) \(four(Int64(date.year))) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    /// The date of an IMF-fixdate, or nil for anything else (the weekday is not checked, as
    /// RFC 9110 lets a recipient ignore it).
    package static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT", let day = Int64(parts[1]), (1...31).contains(day),
            let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int64(parts[3]), parts[3].count == 4
        else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, let hour = Int64(clock[0]), let minute = Int64(clock[1]), let second = Int64(clock[2]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        guard let date = CivilDate(year: Int(year), month: monthIndex + 1, day: Int(day)) else { return nil }
        let days = Int64(date.daysSinceEpoch)
        return Date(timeIntervalSince1970: Double(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A year in the four digits the format requires (years before 1000 are zero-padded).
    private static func four(_ value: Int64) -> String {
        let digits = String(value)
        return value >= 0 && digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
    }
}
