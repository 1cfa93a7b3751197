import Foundation
import SalesforceCore

/// Values kept in memory under random secrets until they expire: browser sessions, logins waiting
/// for consent, one-time links. Bounded: a store at its capacity drops what has expired, then
/// what expires first, so a client adding in a loop pushes out old entries, not the memory.
final class ExpiringSecrets<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        var expires: Date
    }

    private let secretLength: Int
    private let capacity: Int
    private let entries = Locked([String: Entry]())

    /// A store whose secrets have `secretLength` characters, holding at most `capacity` values.
    init(secretLength: Int, capacity: Int = 10_000) {
        self.secretLength = secretLength
        self.capacity = capacity
    }

    /// Keeps `value` for `lifetime` seconds from `now` and returns the secret it is kept under.
    func add(_ value: Value, lifetime: TimeInterval, now: Date) -> String {
        let secret = RandomText.make(length: secretLength, alphabet: RandomText.tokenAlphabet)
        entries.withLock { entries in
            if entries.count >= capacity {
                entries = entries.filter { $0.value.expires > now }
                if entries.count >= capacity, let first = entries.min(by: { $0.value.expires < $1.value.expires })?.key {
                    entries[first] = nil
                }
            }
            entries[secret] = Entry(value: value, expires: now.addingTimeInterval(lifetime))
        }
        return secret
    }

    /// The value a secret names, unless unknown or expired (an expired one is dropped).
    func value(of secret: String, now: Date) -> Value? {
        entries.withLock { entries in
            guard let entry = entries[secret] else { return nil }
            guard entry.expires > now else {
                entries[secret] = nil
                return nil
            }
            return entry.value
        }
    }

    /// The value a secret names, removed so the secret works once; nil when unknown or expired.
    func take(_ secret: String, now: Date) -> Value? {
        guard let entry = entries.withLock({ $0.removeValue(forKey: secret) }), entry.expires > now else { return nil }
        return entry.value
    }

    /// Removes a secret's value, expired or not, and returns it.
    @discardableResult
    func remove(_ secret: String) -> Value? {
        entries.withLock { $0.removeValue(forKey: secret) }?.value
    }
}
