import SalesforceCore

/// Salesforce date-times as milliseconds since 1970, the unit of ``SyncState/maxTimeStamp``.
///
/// Reads what the REST API writes (`2019-05-01T10:00:00.000+0000`) and the other ISO 8601
/// offsets (`Z`, `-07:00`); writes UTC, as a SOQL date-time literal, always.
package enum SyncTimestamp {
    /// Milliseconds since 1970 for `text`, or nil when it is not a date-time.
    package static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2), expect(84),
            let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var millis: Int64 = 0
        if expect(46) {
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            let fraction = bytes[start..<min(index, start + 3)].reduce(Int64(0)) { $0 * 10 + Int64($1 - 48) }
            let digits = min(index, start + 3) - start
            guard digits > 0 else { return nil }
            millis = fraction * [100, 10, 1][digits - 1]
        }
        var offsetMinutes: Int64 = 0
        if expect(90) {
            offsetMinutes = 0
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign: Int64 = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(58)
            guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let seconds = ((days * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        return seconds * 1000 + millis
    }

    /// `2019-05-01T10:00:00.000+0000` for a count of milliseconds since 1970, in UTC.
    package static func text(_ milliseconds: Int64) -> String {
        let millis = ((milliseconds % 1000) + 1000) % 1000
        let totalSeconds = (milliseconds - millis) / 1000
        let secondOfDay = ((totalSeconds % 86_400) + 86_400) % 86_400
        let days = (totalSeconds - secondOfDay) / 86_400
        let (year, month, day) = CivilCalendar.date(days: days)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):"
            + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)).\(padded(millis, 3))+0000"
    }
}
