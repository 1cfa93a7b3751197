import ForceKitTestSupport
import SalesforceCore
import Testing

/// The scalar helpers every splitter and escaper stands on, against each special hidden in a
/// larger Swift `Character`.
@Suite("Splitting and escaping on Unicode scalars")
struct ScalarTextTests {
    private static let separators: [Unicode.Scalar] = [",", ";", "&", "=", "/", ":", " ", "\t", "\n"]

    @Test("a separator splits, also one a combining mark follows or a prepended mark precedes")
    func splits() {
        for separator in Self.separators {
            for disguise in GraphemeHazards.disguises(of: separator) {
                let text = "alpha" + disguise + "beta"
                let parts = text.split(atScalars: [separator])
                #expect(parts.count == 2, "\(separator.value) in \(disguise.unicodeScalars.map(\.value)): \(parts)")
                #expect(parts.joined(separator: String(separator)) == text)
            }
        }
        #expect("a,,b".split(atScalars: [","], omittingEmptyParts: false) == ["a", "", "b"])
        #expect("a=b=c".split(atScalars: ["="], maxSplits: 1) == ["a", "b=c"])
    }

    @Test("replacingScalars replaces every occurrence, hidden or not, and keeps every other scalar")
    func replaces() {
        for disguise in GraphemeHazards.disguises(of: "'") {
            let text = "it" + disguise + "s"
            let replaced = text.replacingScalars(["'": "''"])
            #expect(replaced.unicodeScalars.filter { $0 == "'" }.count == 2)
            #expect(replaced.replacingScalars(["'": ""]).unicodeScalars.elementsEqual(text.replacingScalars(["'": ""]).unicodeScalars))
        }
    }

    @Test("a quoted header value never holds a quote, backslash or line break, however they are hidden")
    func headerValues() {
        for special: Unicode.Scalar in ["\"", "\\", "\r", "\n"] {
            for disguise in GraphemeHazards.disguises(of: special) {
                let name = "report" + disguise + "; filename*=UTF-8''evil.html"
                let quoted = HeaderText.quotable(name)
                #expect(!quoted.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || $0 == "\r" || $0 == "\n" }, "\(special.value)")
                // Compared as scalars: a prepended mark joins the `;` into one Character.
                #expect(quoted.unicodeScalars.reversed().starts(with: "; filename*=UTF-8''evil.html".unicodeScalars.reversed()))
            }
        }
    }
}
