import ForceKitTestSupport
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

@testable import ForceKitCLI

/// What the CLI writes for other programs to read (a shell's `eval`, a CSV reader) keeps every
/// value one value, also one whose quote or comma a combining mark hides in a larger Swift
/// `Character`. The readers are the real ones: `/bin/sh`, and the Bulk API CSV reader.
@Suite("The CLI's shell and CSV output against hidden specials")
struct OutputQuotingTests {
    @Test("a value quoted for `eval` reaches the shell as exactly itself, never as a command")
    func shellQuoting() throws {
        var values: [String] = []
        for special: Unicode.Scalar in ["'", "\"", "$", "`", "\\", ";"] {
            for disguise in GraphemeHazards.disguises(of: special) {
                values.append("tok" + disguise + ";touch /tmp/forcekit-pwned;" + disguise)
            }
        }
        // One shell reads them all (each printed with a NUL after it), as one `eval` would.
        let script = values.map { "printf '%s\\0' " + OrgDisplayCommand.quoted($0) }.joined(separator: "\n")
        let printed = try ChildProcess.run("/bin/sh", ["-c", script]).output
        let read = printed.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { Array($0) }
        #expect(read.count == values.count)
        for (value, echoed) in zip(values, read) {
            #expect(echoed == Array(value.utf8), "\(value.unicodeScalars.map(\.value))")
        }
    }

    @Test("a record value with a hidden comma, quote or line break is one CSV field, read back as written")
    func csvFields() throws {
        for special: Unicode.Scalar in [",", "\"", "\n", "\r"] {
            for disguise in GraphemeHazards.disguises(of: special) {
                let name = "Acme" + disguise + "x"
                let table = RecordTable(records: [["attributes": ["type": "Account"], "Name": .string(name), "Phone": "555"]])
                let rows = try BulkCSV.rows(Array(table.csv().utf8))
                #expect(rows.count == 2 && rows[1] == [name, "555"], "\(special.value): \(rows)")
            }
        }
    }
}
