import ForceKitTestSupport
import LocalOrgEngine
import Testing

/// The escaper of every LocalOrg page (login, consent, errors, the console) and SOAP envelope,
/// held to what an HTML tokenizer sees: scalars, not Swift `Character`s.
@Suite("Markup escaping")
struct MarkupEscapingTests {
    private static let specials: [Unicode.Scalar] = ["&", "<", ">", "\"", "'"]

    @Test("no special survives unescaped, also one a combining mark follows or a prepend mark precedes")
    func everyDisguise() {
        for special in Self.specials {
            for disguise in GraphemeHazards.disguises(of: special) {
                let input = "a" + disguise + " onfocus=alert(1) b"
                #expect(GraphemeHazards.hides(special, in: input) || disguise == "\r\n")
                let escaped = MarkupEscaping.escaped(input)
                // What a browser's tokenizer reads: the scalars. Only `&` may remain, as the start of a reference.
                let raw = escaped.unicodeScalars.filter { Self.specials.dropFirst().contains($0) }
                #expect(raw.isEmpty, "\(special.value) before \(disguise.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(Self.decoded(escaped) == input)
            }
        }
    }

    @Test("text without specials is unchanged, every scalar kept")
    func plainText() {
        let text = "Zoë Ångström 👩🏽‍💻 ق̈ \u{0600}1"
        #expect(MarkupEscaping.escaped(text).unicodeScalars.elementsEqual(text.unicodeScalars))
    }

    /// Character references back to scalars, as a browser decodes an attribute (only the five
    /// this escaper writes).
    private static func decoded(_ markup: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(markup.unicodeScalars)
        let references: [(String, Unicode.Scalar)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")]
        var index = 0
        scanning: while index < scalars.count {
            for (reference, scalar) in references where scalars[index...].starts(with: reference.unicodeScalars) {
                result.append(scalar)
                index += reference.unicodeScalars.count
                continue scanning
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }
}
