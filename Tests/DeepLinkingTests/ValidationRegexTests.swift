import ForceKitTestSupport
import SalesforceCore
import Testing

@testable import DeepLinking

@Suite("Parameter regexes")
struct ValidationRegexTests {
    @Test(
        "Common validation patterns are precompiled",
        arguments: [
            "[0-9]", "[0-9]+", "\\d{4}-\\d{2}", "[a-zA-Z_][a-zA-Z0-9_]*", "(foo|bar)?baz", "^[A-Z]{3}$", "[^/]+", ".*", "a{2,}", "(?:ab)+",
        ])
    func precompiled(pattern: String) throws {
        #expect(try ValueValidator(pattern: pattern).isPrecompiled)
    }

    @Test(
        "ICU-only syntax is still honoured, by ICU",
        arguments: [
            ("\\p{L}+", "été", true), ("(?i)abc", "ABC", true), ("a(?=b)b", "ab", true), ("(a)\\1", "aa", true), ("\\bx\\b", "x", true),
        ])
    func icuFallback(pattern: String, value: String, expected: Bool) throws {
        let validator = try ValueValidator(pattern: pattern)
        #expect(!validator.isPrecompiled)
        #expect(validator.accepts(value) == expected)
    }

    @Test("Non-ASCII values are decided by ICU even for precompiled patterns")
    func nonASCIIValues() throws {
        let validator = try ValueValidator(pattern: "\\w+")
        #expect(validator.accepts("naïve"))
        #expect(!validator.accepts("a b"))
        #expect(try ValueValidator(pattern: "[^x]").accepts("é"))
    }

    @Test("A pathological pattern stays linear", arguments: ["(a+)+b", "(a|a)*c", "(a*)*$"])
    func noCatastrophicBacktracking(pattern: String) throws {
        let validator = try ValueValidator(pattern: pattern)
        #expect(validator.isPrecompiled)
        #expect(!validator.accepts(String(repeating: "a", count: 5_000) + "!"))
    }

    @Test("The automaton and ICU agree on random patterns and values", arguments: 0..<8)
    func agreesWithICU(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let atoms = [
            "a", "b", "0", "-", ".", "\\d", "\\w", "\\s", "\\W", "[a-c]", "[^b]", "[0-9_]", "[a\\-z]", "\\.", " ", "(a|b)", "(?:ab|0)",
        ]
        let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?"]
        let inputs = Array("ab0-._ \tz9A\n\r\u{0B}\u{0C}")
        var compared = 0
        for _ in 0..<150 {
            var pattern = ""
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                pattern += (atoms.randomElement(using: &generator) ?? "a") + (quantifiers.randomElement(using: &generator) ?? "")
                if Int.random(in: 0..<6, using: &generator) == 0 { pattern += "|" }
            }
            guard let validator = try? ValueValidator(pattern: pattern), validator.isPrecompiled else { continue }
            for _ in 0..<40 {
                let value = String(
                    (0..<Int.random(in: 0...6, using: &generator)).map { _ in inputs.randomElement(using: &generator) ?? "a" })
                #expect(validator.accepts(value) == validator.icuAccepts(value), "pattern \(pattern) value \(value.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 2_000)
    }
}
