import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@testable import LocalOrgEngine

/// How LocalOrg reads an ingest job's CSV: RFC 4180 with the job's delimiter and line ending,
/// on UTF-8 bytes. The fixed cases are RFC 4180's own examples (section 2); the property runs
/// any text through the writer Bulk API results use and back.
@Suite("Ingest CSV")
struct IngestCSVTests {
    @Test("RFC 4180's examples: quoted delimiters, line breaks and doubled quotes; a last row without its line ending")
    func rfcExamples() throws {
        let text = "aaa,\"b\r\nbb\",ccc\r\nzzz,yyy,xxx\r\n\"aaa\",\"b\"\"bb\",\"ccc\""
        let rows = try CSVFormat.rows(in: Array(text.utf8), delimiter: .comma, lineEnding: .crlf)
        #expect(rows == [["aaa", "b\r\nbb", "ccc"], ["zzz", "yyy", "xxx"], ["aaa", "b\"bb", "ccc"]])
        let tabbed = try CSVFormat.rows(in: Array("a\tb\n\tc\n".utf8), delimiter: .tab, lineEnding: .lf)
        #expect(tabbed == [["a", "b"], ["", "c"]])
    }

    @Test("a row ending with the other line ending than the job's is refused in Salesforce's words")
    func lineEndingMismatch() {
        #expect(throws: CSVFormat.ReadError.self) { try CSVFormat.rows(in: Array("a\r\nb\r\n".utf8), delimiter: .comma, lineEnding: .lf) }
        #expect(throws: CSVFormat.ReadError.self) { try CSVFormat.rows(in: Array("a\nb\n".utf8), delimiter: .comma, lineEnding: .crlf) }
        // Inside quotes a line break is a value's, whatever the ending.
        #expect((try? CSVFormat.rows(in: Array("\"a\r\nb\"\n".utf8), delimiter: .comma, lineEnding: .lf)) == [["a\r\nb"]])
    }

    @Test("any values, quotes, delimiters, line breaks and combining marks among them, read back as written", arguments: 0..<4)
    func roundTrip(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        // A quote followed by a combining mark is one Character but two scalars: it must still
        // be read as a quote.
        let pieces = ["a", "Z", "\"", ",", "|", "\t", "\n", "\r\n", " ", "é", "\"\u{301}", "😀", "#N/A", "`", "^", ";"]
        for _ in 0..<200 {
            let delimiter = CSVFormat.Delimiter.allCases.randomElement(using: &random) ?? .comma
            let ending = CSVFormat.LineEnding.allCases.randomElement(using: &random) ?? .lf
            let width = Int.random(in: 1...5, using: &random)
            let rows: [[String]] = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (0..<width).map { _ in
                    (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
                }
            }
            var bytes: [UInt8] = []
            for row in rows { CSVFormat.append(row, delimiter: delimiter, lineEnding: ending, to: &bytes) }
            #expect(try CSVFormat.rows(in: bytes, delimiter: delimiter, lineEnding: ending) == rows)
        }
    }
}
