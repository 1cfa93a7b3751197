import SalesforceCore

/// Record ids as Salesforce makes them: a key prefix, two instance characters, a reserved
/// character and a base-62 counter, with the three-character case checksum appended.
///
/// No two Salesforce orgs share a record id, and tools key accounts and records by them: each
/// org counts from its own base (``counterBase(forOrganization:)``), so two LocalOrgs' admins
/// are two users.
enum RecordID {
    /// How many ids of each prefix one org can make before it would reach the next org's.
    static let idsPerOrg: Int64 = 1_000_000_000
    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func make(prefix: String, counter: Int64) -> String {
        // Bytes, not characters: seeding a large org makes millions of ids.
        var id15 = Array(prefix.utf8) + Array("Lo0".utf8) + Array(repeating: UInt8(ascii: "0"), count: 9)
        var value = counter
        for position in (id15.count - 9..<id15.count).reversed() {
            id15[position] = digits[Int(value % 62)]
            value /= 62
        }
        let text = String(decoding: id15, as: UTF8.self)
        guard id15.count == 15 else { return text }
        return text + SalesforceID.checksum(ofFirst15: id15)
    }

    /// Where the counters of the org `organizationID` start: a block of ``idsPerOrg`` chosen by
    /// the org id's own counter (random for a new org), 0 for an id that is not an org id.
    static func counterBase(forOrganization organizationID: String) -> Int64 {
        let characters = Array(organizationID.utf8)
        guard characters.count >= 15 else { return 0 }
        var counter: Int64 = 0
        for character in characters[6..<15] {
            guard let digit = digits.firstIndex(of: character) else { return 0 }
            // 62^9 overflows no Int64, but the block must leave room for its billion ids.
            counter = (counter * 62 + Int64(digit)) % 10_000_000
        }
        return counter * idsPerOrg
    }

    /// The 18-character form of a 15- or 18-character id, or nil when `text` is not an id.
    static func normalized(_ text: String) -> String? {
        if let id = try? SalesforceID(text) { return id.id18 }
        if text.count == 18, let id = try? SalesforceID(restoringCaseOf: text) { return id.id18 }
        return nil
    }
}
