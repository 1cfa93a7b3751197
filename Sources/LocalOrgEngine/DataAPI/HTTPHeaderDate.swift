import Foundation
import SOQL
import SalesforceCore

/// HTTP dates as If-Unmodified-Since carries them: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`)
/// read by SOQL's `HTTPDate`, and the two obsolete forms RFC 9110 still asks a
/// server to accept, read with a formatter (rare, so its cost does not matter).
enum HTTPHeaderDate {
    static func parse(_ text: String) -> Date? {
        if let date = HTTPDate.parse(text) { return date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
