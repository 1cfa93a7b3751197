import Foundation

extension Date {
    /// Milliseconds since 1970, rounded: the unit of the SDK's stamps (a soup entry's
    /// `_soupLastModifiedDate`, a sync's start and end) and of Salesforce's date-times. Rounded,
    /// not truncated, so that a date made from a count of milliseconds gives the same count back
    /// (a `Double`'s seconds rarely hold a millisecond exactly).
    package var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// The date `milliseconds` after 1970 began.
    package init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
