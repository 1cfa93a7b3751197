import Foundation
import SOQL

/// Decides whether a record's text matches a search term, word by word as Salesforce's
/// search does: `acme` finds "Acme Corp" but not "Acmeville"; `acme*` finds both; case and
/// accents do not matter; a phrase's words must be adjacent in one field.
///
/// The term is compiled once per search (its words folded into patterns, an OR's plain words
/// into one set), so a record costs a pass over its words, not a folding per term. Salesforce's
/// limits on the term hold: longer than 10,000 characters it finds nothing, longer than 4,000
/// its operators are dropped (every word is ORed).
struct SearchMatcher {
    /// A term compiled for matching.
    private indirect enum Node {
        /// Words in sequence in one field: a phrase, or a word with punctuation (its parts).
        case sequence([[Character]])
        /// Any of these single words: one set lookup per word of the record and prefix length.
        case anyWord(WordSet)
        case all([Node])
        case any([Node])
        case not(Node)
    }

    /// Salesforce returns no rows for a term longer than this.
    static let maximumTermLength = 10_000
    /// Salesforce drops the operators of a term longer than this.
    static let maximumTermLengthWithOperators = 4_000

    /// The compiled term; nil when it matches nothing.
    private let root: Node?

    /// A matcher for `expression`, read from a term of `termLength` characters.
    init(expression: SearchExpression, termLength: Int) {
        if termLength > Self.maximumTermLength {
            root = nil
        } else if termLength > Self.maximumTermLengthWithOperators {
            root = Self.compile(.or(Self.parts(of: expression)))
        } else {
            root = Self.compile(expression)
        }
    }

    /// The words of a field's text, folded: `"Jane O'Neil"` → `["jane", "o", "neil"]`.
    static func words(of text: String) -> [Substring] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.split { !($0.isLetter || $0.isNumber) }
    }

    /// Whether no record can match (the term is over Salesforce's length), so none is read.
    var findsNothing: Bool { root == nil }

    /// Whether the fields, each given as its words, match.
    func matches(_ fields: [[Substring]]) -> Bool {
        guard let root else { return false }
        return Self.evaluate(root, fields)
    }

    /// The words and phrases of an expression, without its operators.
    private static func parts(of expression: SearchExpression) -> [SearchExpression] {
        var parts: [SearchExpression] = []
        var pending = [expression]
        while let next = pending.popLast() {
            switch next {
            case .word, .phrase: parts.append(next)
            case .and(let inner), .or(let inner): pending += inner
            case .not(let inner): pending.append(inner)
            }
        }
        return parts
    }

    /// Compiles a term; its depth is the term's parentheses', which the parser bounds. The
    /// single words of an OR go into one ``WordSet``, so a thousand `wN*` terms cost a record
    /// a few lookups a word, not a thousand pattern matches.
    private static func compile(_ expression: SearchExpression) -> Node {
        switch expression {
        case .word(let word): return sequenceOrWord(patterns(of: [word]))
        case .phrase(let words): return sequenceOrWord(patterns(of: words))
        case .and(let parts): return .all(parts.map(compile))
        case .not(let part): return .not(compile(part))
        case .or(let parts):
            var words = WordSet()
            var others: [Node] = []
            for part in parts {
                let node = compile(part)
                if case .anyWord(let single) = node {
                    words.formUnion(single)
                } else {
                    others.append(node)
                }
            }
            return .any((words.isEmpty ? [] : [.anyWord(words)]) + others)
        }
    }

    private static func sequenceOrWord(_ patterns: [[Character]]) -> Node {
        guard patterns.count == 1 else { return .sequence(patterns) }
        var words = WordSet()
        words.insert(patterns[0])
        return .anyWord(words)
    }

    private static func evaluate(_ node: Node, _ fields: [[Substring]]) -> Bool {
        switch node {
        case .sequence(let patterns): return containsSequence(patterns, in: fields)
        case .anyWord(let words): return fields.contains { field in field.contains(where: words.matches) }
        case .all(let parts): return parts.allSatisfy { evaluate($0, fields) }
        case .any(let parts): return parts.contains { evaluate($0, fields) }
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
            where patterns.indices.allSatisfy({ glob(patterns[$0], matches: words[start + $0]) }) {
                return true
            }
        }
        return false
    }

    /// `*` is any run of characters, `?` exactly one. Linear in the word for each star it
    /// backtracks to, and it allocates nothing.
    static func glob(_ pattern: [Character], matches word: Substring) -> Bool {
        var p = 0
        var w = word.startIndex
        var star: Int?
        var resume = word.startIndex
        while w < word.endIndex {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == word[w] {
                p += 1
                w = word.index(after: w)
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = w
                p += 1
            } else if let star {
                p = star + 1
                resume = word.index(after: resume)
                w = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// Single search words, any of which may match a record's word, kept so that a record's word
/// costs lookups, not a pattern match per term: plain words in a set, prefix words (`acme*`) by
/// their prefix (the word's prefixes of each length the terms have are looked up), and other
/// wildcard words (`jo?n`, `a*z`) by their literal beginning, so only the words that start with
/// it are matched against them.
private struct WordSet {
    private var plain: Set<Substring> = []
    private var prefixes: Set<Substring> = []
    private var prefixLengths: [Int] = []
    private var patterns: [Substring: [[Character]]] = [:]
    private var patternLengths: [Int] = []

    var isEmpty: Bool { plain.isEmpty && prefixes.isEmpty && patterns.isEmpty }

    mutating func insert(_ pattern: [Character]) {
        let literal = pattern.prefix { $0 != "*" && $0 != "?" }
        let beginning = Substring(String(literal))
        if literal.count == pattern.count {
            plain.insert(beginning)
        } else if pattern[literal.count...].allSatisfy({ $0 == "*" }) {
            prefixes.insert(beginning)
            Self.add(literal.count, to: &prefixLengths)
        } else {
            patterns[beginning, default: []].append(pattern)
            Self.add(literal.count, to: &patternLengths)
        }
    }

    mutating func formUnion(_ other: WordSet) {
        plain.formUnion(other.plain)
        prefixes.formUnion(other.prefixes)
        for length in other.prefixLengths { Self.add(length, to: &prefixLengths) }
        patterns.merge(other.patterns) { $0 + $1 }
        for length in other.patternLengths { Self.add(length, to: &patternLengths) }
    }

    func matches(_ word: Substring) -> Bool {
        if plain.contains(word) { return true }
        if Self.anyPrefix(of: word, lengths: prefixLengths, where: { prefixes.contains($0) }) { return true }
        return Self.anyPrefix(of: word, lengths: patternLengths) { beginning in
            patterns[beginning]?.contains { SearchMatcher.glob($0, matches: word) } ?? false
        }
    }

    /// Whether a prefix of `word`, of one of `lengths` (ascending) characters, satisfies `test`.
    private static func anyPrefix(of word: Substring, lengths: [Int], where test: (Substring) -> Bool) -> Bool {
        var end = word.startIndex
        var count = 0
        for length in lengths {
            while count < length {
                guard end < word.endIndex else { return false }
                end = word.index(after: end)
                count += 1
            }
            if test(word[word.startIndex..<end]) { return true }
        }
        return false
    }

    private static func add(_ length: Int, to lengths: inout [Int]) {
        guard !lengths.contains(length) else { return }
        lengths.insert(length, at: lengths.firstIndex { $0 > length } ?? lengths.endIndex)
    }
}

extension SObjectType {
    /// Whether searches look in this type's records: not users, devices or file versions.
    var searchable: Bool {
        !["User", "MobilePushServiceDevice", "ContentVersion"].contains(name)
    }

    /// The fields a search scope looks in.
    func searchFields(_ scope: SearchScope) -> [SObjectField] {
        let text: Set<FieldType> = [.string, .textarea, .email, .phone, .url, .picklist, .combobox, .multipicklist]
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
