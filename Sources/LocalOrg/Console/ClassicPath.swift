/// The shapes of Salesforce Classic's page paths: `/{ID}` and `/{ID}/e` for a record,
/// `/{keyPrefix}/e` for a new one. Checked on UTF-8, so no look-alike character passes.
enum ClassicPath {
    /// A 15- or 18-character record id: ASCII letters and digits only.
    static func isRecordID(_ segment: String) -> Bool {
        (segment.utf8.count == 15 || segment.utf8.count == 18) && isAlphanumeric(segment)
    }

    /// A three-character key prefix, such as `003` for Contact.
    static func isKeyPrefix(_ segment: String) -> Bool { segment.utf8.count == 3 && isAlphanumeric(segment) }

    private static func isAlphanumeric(_ segment: String) -> Bool {
        segment.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}
