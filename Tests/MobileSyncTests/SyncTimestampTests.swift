import Testing

@testable import MobileSync

@Suite("Sync timestamps")
struct SyncTimestampTests {
    @Test(
        "Salesforce date-times read as milliseconds since 1970, whatever their offset",
        arguments: [
            ("2019-05-01T10:00:00.000+0000", 1_556_704_800_000), ("2019-05-01T03:00:00.000-0700", 1_556_704_800_000),
            ("2019-05-01T12:00:00.000+02:00", 1_556_704_800_000), ("2019-05-01T10:00:00Z", 1_556_704_800_000),
            ("2019-05-01T10:00:00.5Z", 1_556_704_800_500), ("1969-12-31T23:59:59.999Z", -1),
        ] as [(String, Int64)])
    func reads(text: String, milliseconds: Int64) {
        #expect(SyncTimestamp.milliseconds(text) == milliseconds)
    }

    @Test("They are written in UTC, as SOQL literals, and read back")
    func writes() {
        #expect(SyncTimestamp.text(1_556_704_800_123) == "2019-05-01T10:00:00.123+0000")
        #expect(SyncTimestamp.text(-1) == "1969-12-31T23:59:59.999+0000")
        for milliseconds: Int64 in [0, 951_782_400_000, 4_102_444_799_999, -62_135_596_800_000] {
            #expect(SyncTimestamp.milliseconds(SyncTimestamp.text(milliseconds)) == milliseconds)
        }
        for bad in ["", "2019-13-01T10:00:00Z", "2019-05-01 10:00:00Z", "2019-05-01T10:00:00", "2019-05-01T10:00:00.Z"] {
            #expect(SyncTimestamp.milliseconds(bad) == nil, "\(bad)")
        }
    }
}
