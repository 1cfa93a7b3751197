import ForceKitTesting
import Testing

/// The page reader the simulated browser answers forms with, read as a browser's tokenizer reads
/// HTML (WHATWG HTML, "attribute value (double-quoted) state": the value ends at the next U+0022).
@Suite("HTMLPage")
struct HTMLPageTests {
    @Test("a hidden field's value ends at the first quote byte, even with a combining mark after it")
    func quoteBeforeCombiningMark() {
        // "\"\u{301}" is one Swift Character that never equals "\"", but a browser ends the value there.
        let page = HTMLPage("<input type=\"hidden\" name=\"_form\" value=\"abc\"\u{301} onclick=\"x\">")
        #expect(page.hiddenField(named: "_form") == "abc")
    }

    @Test("fields, the form's address and the alert come back unescaped, in order")
    func unescaped() {
        let page = HTMLPage(
            """
            <form method="post" action="/partners/login?x=1&amp;y=2">
            <p role="alert">Don&#39;t &lt;guess&gt;</p>
            <input type="hidden" name="startURL" value="/home?a=&quot;b&quot;">
            <input type="hidden" name="ticket" value="T1">
            """)
        #expect(page.formAction == "/partners/login?x=1&y=2")
        #expect(page.alert == "Don't <guess>")
        #expect(page.hiddenFields.map(\.name) == ["startURL", "ticket"])
        #expect(page.hiddenField(named: "startURL") == "/home?a=\"b\"")
        #expect(page.hiddenField(named: "missing") == nil)
    }

    @Test("a page cut off inside a field gives the fields before it and no crash")
    func truncated() {
        let page = HTMLPage("<input type=\"hidden\" name=\"a\" value=\"1\"><input type=\"hidden\" name=\"b\" value=\"2")
        #expect(page.hiddenFields.map(\.name) == ["a"])
        #expect(HTMLPage("").formAction == nil && HTMLPage("role=\"alert\">").alert == nil)
    }
}
