import Foundation
import SOQL

/// Decides whether a record's text matches a search term, word by word as Salesforce's
/// search does: `acme` finds "Acme Corp" but not "Acmeville"; `acme*` finds both; case and
/// accents do not matter; a phrase's words must be adjacent in one field.
struct SearchMatcher {
    let expression: SearchExpression

    /// The words of a field's text, folded: `"Jane O'Neil"` → `["jane", "o", "neil"]`.
    static func words(of text: String) -> [Substring] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.split { !($0.isLetter || $0.isNumber) }
    }

    /// Whether the fields, each given as its words, match.
    func matches(_ fields: [[Substring]]) -> Bool {
        Self.evaluate(expression, fields)
    }

    private static func evaluate(_ expression: SearchExpression, _ fields: [[Substring]]) -> Bool {
        switch expression {
        case .word(let word): return containsSequence(patterns(of: [word]), in: fields)
        case .phrase(let words): return containsSequence(patterns(of: words), in: fields)
        case .and(let parts): return parts.allSatisfy { evaluate($0, fields) }
        case .or(let parts): return parts.contains { evaluate($0, fields) }
        case .not(let part): return !evaluate(part, fields)
        }
    }

    /// The folded word patterns of term words; a word with punctuation becomes its parts.
    private static func patterns(of words: [String]) -> [[Character]] {
        words.flatMap { word in
            word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .split { !($0.isLetter || $0.isNumber || $0 == "*" || $0 == "?") }
                .map(Array.init)
        }
    }

    private static func containsSequence(_ patterns: [[Character]], in fields: [[Substring]]) -> Bool {
        guard !patterns.isEmpty else { return false }
        for words in fields where words.count >= patterns.count {
            for start in 0...(words.count - patterns.count)
            where patterns.indices.allSatisfy({ glob(patterns[$0], matches: Array(words[start + $0])) }) {
                return true
            }
        }
        return false
    }

    /// `*` is any run of characters, `?` exactly one.
    static func glob(_ pattern: [Character], matches word: [Character]) -> Bool {
        var p = 0
        var w = 0
        var star: Int?
        var resume = 0
        while w < word.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == word[w] {
                p += 1
                w += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = w
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                w = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

extension SObjectType {
    /// Whether searches look in this type's records: not users, devices or file versions.
    var searchable: Bool {
        !["User", "MobilePushServiceDevice", "ContentVersion"].contains(name)
    }

    /// The fields a search scope looks in.
    func searchFields(_ scope: SearchScope) -> [SObjectField] {
        let text: Set<FieldType> = [.string, .textarea, .email, .phone, .url, .picklist, .multipicklist]
        return fields.filter { field in
            switch scope {
            case .all: return text.contains(field.type)
            case .name: return field.nameField
            case .email: return field.type == .email
            case .phone: return field.type == .phone
            case .sidebar: return field.nameField || field.type == .email || field.type == .phone
            }
        }
    }
}
