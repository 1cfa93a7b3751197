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
                #expect(HTMLReferences.decoded(escaped.utf8) == input)
            }
        }
    }

    @Test("text without specials is unchanged, every scalar kept")
    func plainText() {
        let text = "Zoë Ångström 👩🏽‍💻 ق̈ \u{0600}1"
        #expect(MarkupEscaping.escaped(text).unicodeScalars.elementsEqual(text.unicodeScalars))
    }
}
