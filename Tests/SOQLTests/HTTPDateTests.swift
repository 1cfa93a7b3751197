import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@testable import SOQL

@Suite("HTTP dates")
struct HTTPDateTests {
    private func formatterText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    @Test("Written as DateFormatter writes them and read back to the second, for 2,000 random dates from 1900 to 2200")
    func matchesDateFormatter() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800...7_258_118_400, using: &random)) + 0.75)
            let text = HTTPDate.format(date)
            #expect(text == formatterText(date))
            #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        }
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test(
        "Anything but an IMF-fixdate is nil",
        arguments: [
            "", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 25:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
        ])
    func refusesOthers(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
