import Foundation
import SalesforceCore

/// Wrong passwords per username. After ``limit`` in a row the username is locked out for
/// ``lockout``, as Salesforce locks a user out after ten failed logins (its default) for 15
/// minutes: guessing a password becomes too slow to try.
final class LoginAttempts: Sendable {
    /// Failed logins in a row that lock a username out.
    static let limit = 10
    /// How long a lockout lasts.
    static let lockout: TimeInterval = 15 * 60
    /// Usernames remembered at most, so guesses at many names cannot grow memory without end.
    private static let capacity = 10_000

    private struct Record {
        var failures: Int
        var lastFailure: Date
    }

    private let records = Locked<[String: Record]>([:])

    /// Whether `username` is locked out at `now`.
    func isLockedOut(_ username: String, now: Date) -> Bool {
        records.withLock { records in
            guard let record = records[username.lowercased()] else { return false }
            return record.failures >= Self.limit && now.timeIntervalSince(record.lastFailure) < Self.lockout
        }
    }

    /// Counts a wrong password; a lockout that has run out starts the count again.
    func recordFailure(_ username: String, now: Date) {
        records.withLock { records in
            let key = username.lowercased()
            var record = records[key] ?? Record(failures: 0, lastFailure: now)
            if now.timeIntervalSince(record.lastFailure) >= Self.lockout { record.failures = 0 }
            record.failures += 1
            record.lastFailure = now
            if records[key] == nil && records.count >= Self.capacity {
                records = records.filter { now.timeIntervalSince($0.value.lastFailure) < Self.lockout }
                if records.count >= Self.capacity, let oldest = records.min(by: { $0.value.lastFailure < $1.value.lastFailure })?.key {
                    records[oldest] = nil
                }
            }
            records[key] = record
        }
    }

    /// Forgets the count after a right password.
    func recordSuccess(_ username: String) {
        records.withLock { $0[username.lowercased()] = nil }
    }
}
