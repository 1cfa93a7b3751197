import ForceKitTestSupport
import LocalOrgEngine
import Testing
import URLEncoding

/// What LocalOrg reads from a request's text, held to what a browser or HTTP client sent: a
/// separator or a slash hidden in a larger Swift `Character` is still that byte.
@Suite("Request text against hidden specials")
struct RequestTextTests {
    @Test("form and query strings split at every & and =, also ones a mark hides")
    func formDecoding() {
        for disguise in GraphemeHazards.disguises(of: "&") {
            let pairs = FormEncoding.decode("a=1" + disguise + "b=2")
            #expect(pairs.count == 2 && pairs.last?.0.hasSuffix("b") == true, "\(pairs)")
        }
        for disguise in GraphemeHazards.disguises(of: "=") {
            let pairs = FormEncoding.decode("a" + disguise + "1&b=2")
            #expect(pairs.count == 2 && pairs.first?.1.hasSuffix("1") == true && pairs.first?.0.hasPrefix("a") == true, "\(pairs)")
        }
        #expect(FormEncoding.decode("state=%22%CC%B8&x=1").map(\.1) == ["\"\u{0338}", "1"])
    }

    @Test("a return URL that a browser reads as another host is refused, however its slashes are hidden")
    func returnURLs() {
        let base = "http://127.0.0.1:5000"
        // A second `/` with a mark after it: the browser still reads `//` and a host. (A mark
        // before it makes `/؀/…`, a path of this org, which it is.)
        let hidden = GraphemeHazards.extenders.map { "/" + String($0) } + GraphemeHazards.disguises(of: "\\")
        for disguise in hidden {
            for target in ["/" + disguise + "evil.com", base + "/" + disguise + "evil.com"] {
                #expect(Org.pathOfThisOrg(target, baseURL: base) == nil, "\(target.unicodeScalars.map(\.value))")
            }
        }
        #expect(Org.pathOfThisOrg("//\u{FE0F}evil.com", baseURL: base) == nil)
        #expect(Org.pathOfThisOrg("/lightning/page/home", baseURL: base) == "/lightning/page/home")
        #expect(Org.pathOfThisOrg("HTTP://127.0.0.1:5000/lightning/query?q=x", baseURL: base) == "/lightning/query?q=x")
        #expect(Org.pathOfThisOrg("/lightning/o/Caf\u{E9}/list", baseURL: base) == "/lightning/o/Caf\u{E9}/list")
    }
}
