package import Foundation

/// HTTP dates in the IMF-fixdate form of RFC 9110 (`Sun, 06 Nov 1994 08:49:37 GMT`), which
/// `If-Unmodified-Since` uses, written and read without a `DateFormatter`: making one costs more
/// than the request it would date, and sync up dates hundreds of requests a second.
package enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as an IMF-fixdate, to the second below.
    package static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let days = (seconds - secondOfDay) / 86_400
        let (year, month, day) = CivilCalendar.date(days: days)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return
            "\(weekday), \(two(day)) \(months[Int(month) - 1]) \(four(year)) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
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
        let days = CivilCalendar.days(year: year, month: Int64(monthIndex + 1), day: day)
        return Date(timeIntervalSince1970: Double(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// A year in the four digits the format requires (years before 1000 are zero-padded).
    private static func four(_ value: Int64) -> String {
        let digits = String(value)
        return value >= 0 && digits.count < 4 ? String(repeating: "0", count: 4 - digits.count) + digits : digits
    }
}

/// Days since 1970-01-01 and proleptic Gregorian dates, both ways (Howard Hinnant's
/// algorithms), without `Calendar`, which is slow and depends on the process's settings.
private enum CivilCalendar {
    /// Days since 1970-01-01 of a date.
    fileprivate static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// The date `days` after 1970-01-01: year, month (1–12), day (1–31).
    fileprivate static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }
}
