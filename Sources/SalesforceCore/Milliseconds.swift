import Foundation

extension Date {
    /// Milliseconds since 1970, rounded: the unit of the SDK's stamps (a soup entry's
    /// `_soupLastModifiedDate`, a sync's start and end).
    package var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
