import Foundation
import GRDB
import SOQL
import SalesforceCore

/// The SQL functions LocalOrg's compiled queries call, registered on every connection:
/// `lo_distance` for SOQL's DISTANCE and `lo_local_time` for `convertTimezone()`.
enum SQLFunctions {
    static func register(in db: Database) {
        db.add(function: distance)
        db.add(function: localTime)
    }

    /// `lo_distance(lat1, lon1, lat2, lon2, unit)`: the great-circle distance in miles (`mi`)
    /// or kilometres (`km`); NULL when a coordinate is missing.
    static let distance = DatabaseFunction("lo_distance", argumentCount: 5, pure: true) { values in
        let numbers = values.prefix(4).map { Double.fromDatabaseValue($0) }
        guard numbers.count == 4, let lat1 = numbers[0], let lon1 = numbers[1], let lat2 = numbers[2], let lon2 = numbers[3] else {
            return nil
        }
        let radius = String.fromDatabaseValue(values[4])?.lowercased() == "km" ? 6371.0088 : 3958.7613
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let dLat = radians(lat2 - lat1)
        let dLon = radians(lon2 - lon1)
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(radians(lat1)) * cos(radians(lat2)) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * radius * asin(min(1, sqrt(a)))
    }

    /// `lo_local_time(dateTime, timeZone)`: a stored UTC date-time (`2024-05-01T12:00:00.000+0000`)
    /// as the same form's text in the time zone, so the date functions read local parts.
    static let localTime = DatabaseFunction("lo_local_time", argumentCount: 2, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), let zoneName = String.fromDatabaseValue(values[1]),
            let instant = SOQLDateTime(parsing: text)
        else { return nil }
        let zone = TimeZone(identifier: zoneName) ?? TimeZone(secondsFromGMT: 0) ?? .current
        let date = Date(millisecondsSince1970: instant.millisecondsSinceEpoch)
        let offset = Int64(zone.secondsFromGMT(for: date)) * 1000
        return SOQLDateTime(millisecondsSinceEpoch: instant.millisecondsSinceEpoch + offset).description
    }
}
