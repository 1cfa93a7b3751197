import Foundation
import GRDB
import SOQL
import SalesforceCore

/// A value as `FORMAT()` or `toLabel()` show it to the user who runs the query.
enum Presentation: Sendable {
    /// `FORMAT()`: dates, times, numbers and amounts in the user's locale and time zone.
    case formatted(FieldType?, ValueFormat)
    /// `toLabel()` on a multi-select picklist: each value's label, joined with `;`.
    case labels(SObjectField)

    func value(of stored: DatabaseValue) -> RecordValue {
        guard let value = FieldValue.fromDatabaseValue(stored), value != .null else { return .null }
        switch self {
        case .formatted(let type, let format): return .string(format.text(of: value, type: type))
        case .labels(let field):
            guard case .text(let text) = value else { return RecordValue(value) }
            return .string(text.split(atScalars: [";"]).map { field.label(ofPicklistValue: String($0)) }.joined(separator: ";"))
        }
    }
}

/// How `FORMAT()` writes values for a user: the locale (`en_US`), the time zone and the
/// currency, as Salesforce Classic shows them (`4/10/2025, 3:31 PM`, `$44,000.00`).
struct ValueFormat: Sendable {
    var locale: String
    var timeZone: String
    var currencyCode: String

    func text(of value: FieldValue, type: FieldType?) -> String {
        let formatters = Self.formatters.withLock { cache in
            let key = "\(locale)|\(timeZone)|\(currencyCode)"
            if let cached = cache[key] { return cached }
            let made = Locked(Formatters(locale: locale, timeZone: timeZone, currencyCode: currencyCode))
            cache[key] = made
            return made
        }
        // Foundation's formatters are not thread-safe: each use holds its set's lock.
        return formatters.withLock { $0.text(of: value, type: type) }
    }

    /// Formatters are costly to make; one set per user's settings is kept.
    private static let formatters = Locked<[String: Locked<Formatters>]>([:])
}

/// One user's formatters.
private final class Formatters {
    private let date: DateFormatter
    private let dateTime: DateFormatter
    private let decimal: NumberFormatter
    private let integer: NumberFormatter
    private let currency: NumberFormatter
    private let percent: NumberFormatter

    init(locale identifier: String, timeZone: String, currencyCode: String) {
        let locale = Locale(identifier: identifier)
        let zone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        func dates(_ template: String, in zone: TimeZone) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = zone
            formatter.dateFormat = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template
            return formatter
        }
        // Four-digit years, as Salesforce writes them: 4/10/2025, 3:31 PM.
        // A date has no time zone: it is written as the day it is (midnight UTC read in UTC).
        date = dates("yyyyMd", in: TimeZone(secondsFromGMT: 0) ?? zone)
        dateTime = dates("yyyyMdjmm", in: zone)
        func numbers(_ style: NumberFormatter.Style, fraction: ClosedRange<Int>) -> NumberFormatter {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = style
            formatter.minimumFractionDigits = fraction.lowerBound
            formatter.maximumFractionDigits = fraction.upperBound
            return formatter
        }
        decimal = numbers(.decimal, fraction: 0...18)
        integer = numbers(.decimal, fraction: 0...0)
        currency = numbers(.currency, fraction: 2...2)
        currency.currencyCode = currencyCode
        percent = numbers(.decimal, fraction: 0...2)
    }

    func text(of value: FieldValue, type: FieldType?) -> String {
        let number: Double?
        switch value {
        case .integer(let whole): number = Double(whole)
        case .double(let fraction): number = fraction
        case .text(let text):
            switch type {
            case .date?:
                if let day = CivilDate(parsing: text) { return date.string(from: Self.utcDate(day)) }
            case .datetime?:
                if let instant = SOQLDateTime(parsing: text) {
                    return dateTime.string(from: Date(millisecondsSince1970: instant.millisecondsSinceEpoch))
                }
            default: break
            }
            return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return ""
        }
        guard let number else { return "" }
        let boxed = NSNumber(value: number)
        switch type {
        case .currency?: return currency.string(from: boxed) ?? String(number)
        case .percent?: return (percent.string(from: boxed) ?? String(number)) + "%"
        case .int?: return integer.string(from: boxed) ?? String(number)
        default: return decimal.string(from: boxed) ?? String(number)
        }
    }

    /// A calendar date at midnight UTC: dates have no time zone, so they are written in UTC.
    private static func utcDate(_ day: CivilDate) -> Date {
        Date(millisecondsSince1970: SOQLDateTime(startOf: day).millisecondsSinceEpoch)
    }
}
