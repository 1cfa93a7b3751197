import Foundation

/// A parameter's `regex`, compiled once: it must match the whole value (MDL §2.6: `[0-9]` accepts
/// `2` and rejects `11`).
///
/// NSRegularExpression (ICU, the engine the original iOS library used) checks the pattern at
/// load time and decides any value the fast automaton cannot; the automaton decides the rest.
/// A class, so that routes share it without copying its tables on the routing path.
final class ValueValidator: Sendable {
    /// The pattern as written in the configuration.
    let pattern: String
    private let icu: ICURegex
    private let automaton: ByteDFA?

    /// - Throws: the ICU error's description when the pattern does not compile.
    init(pattern: String) throws(InvalidRegex) {
        self.pattern = pattern
        icu = try ICURegex(wholeMatchOf: pattern)
        automaton = try? ByteDFA(pattern: pattern)
    }

    /// Whether the whole value matches.
    func accepts(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if let automaton, let answer = automaton.wholeMatch(value) { return answer }
        return icu.matches(String(decoding: value, as: UTF8.self))
    }

    /// Whether the whole value matches.
    func accepts(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { accepts($0) }
    }

    /// Whether values are decided by the precompiled automaton (for tests and diagnostics).
    var isPrecompiled: Bool { automaton != nil }

    /// ICU's answer alone, for tests that compare the two engines.
    func icuAccepts(_ value: String) -> Bool { icu.matches(value) }
}

/// Why a regex did not compile.
struct InvalidRegex: Error {
    var reason: String
}

/// NSRegularExpression anchored at both ends. It is immutable after creation and documented as
/// safe to use from several threads.
final class ICURegex: @unchecked Sendable {
    private let expression: NSRegularExpression

    init(wholeMatchOf pattern: String) throws(InvalidRegex) {
        do {
            _ = try NSRegularExpression(pattern: pattern)
            expression = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        } catch {
            throw InvalidRegex(reason: Self.reason(for: error))
        }
    }

    func matches(_ value: String) -> Bool {
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        return expression.firstMatch(in: value, options: [], range: range) != nil
    }

    private static func reason(for error: any Error) -> String {
        let described = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return described ?? "it is not a valid ICU regular expression"
    }
}
