import ForceKitTestSupport
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

/// Reading Bulk API 2.0's CSV results.
@Suite("Bulk CSV")
struct BulkCSVTests {
    /// Writes rows as Bulk API 2.0 does: values quoted, quotes doubled, nil as nothing.
    static func csv(_ rows: [[String?]], lineEnding: String = "\n") -> String {
        rows.map { row in row.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" } ?? "" }.joined(separator: ",")
        }
        .joined(separator: lineEnding) + lineEnding
    }

    @Test("any rows written as Bulk API 2.0 writes them read back the same, quotes, delimiters, line breaks and nulls included")
    func roundTrip() throws {
        var random = SeededGenerator(seed: 21)
        let alphabet = Array("ab \",\n\r'é😀")
        for _ in 0..<300 {
            let width = Int.random(in: 1...5, using: &random)
            let rows: [[String?]] = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (0..<width).map { _ -> String? in
                    if Int.random(in: 0..<5, using: &random) == 0 { return nil }
                    return String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
                }
            }
            for ending in ["\n", "\r\n"] {
                #expect(try BulkCSV.rows(Array(Self.csv(rows, lineEnding: ending).utf8)) == rows)
            }
        }
    }

    @Test("malformed CSV is refused with its line, and no input crashes the reader")
    func malformed() {
        let unclosed = #expect(throws: BulkCSVError.self) { try BulkCSV.rows(Array("\"Id\"\n\"001,\n".utf8)) }
        #expect(unclosed?.line == 2 && unclosed?.description == "The CSV results are malformed at line 2: a quoted value never closes.")
        #expect(throws: BulkCSVError.self) { try BulkCSV.rows(Array("\"a\"b\n".utf8)) }
        var random = SeededGenerator(seed: 7)
        let bytes: [UInt8] = Array("\",\r\nab".utf8)
        for _ in 0..<2000 {
            let input = (0..<Int.random(in: 0...20, using: &random)).map { _ in bytes.randomElement(using: &random)! }
            _ = try? BulkCSV.rows(input)
        }
    }
}
