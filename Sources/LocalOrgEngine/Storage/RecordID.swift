import SalesforceCore

/// Record ids as Salesforce makes them: a key prefix, two instance characters, a reserved
/// character and a base-62 counter, with the three-character case checksum appended.
enum RecordID {
    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    static func make(prefix: String, counter: Int64) -> String {
        var value = counter
        var tail: [Character] = []
        for _ in 0..<9 {
            tail.append(digits[Int(value % 62)])
            value /= 62
        }
        let id15 = prefix + "Lo0" + String(tail.reversed())
        return (try? SalesforceID(id15).id18) ?? id15
    }

    /// The 18-character form of a 15- or 18-character id, or nil when `text` is not an id.
    static func normalized(_ text: String) -> String? {
        if let id = try? SalesforceID(text) { return id.id18 }
        if text.count == 18, let id = try? SalesforceID(restoringCaseOf: text) { return id.id18 }
        return nil
    }
}
