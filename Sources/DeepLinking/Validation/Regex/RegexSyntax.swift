/// The part of ICU regular-expression syntax that validation patterns use, as a tree.
indirect enum RegexNode {
    case bytes(ByteSet)
    case sequence([RegexNode])
    case alternatives([RegexNode])
    case repetition(RegexNode, minimum: Int, maximum: Int?)
}

/// Raised for syntax outside the subset; the pattern is then evaluated by NSRegularExpression.
struct UnsupportedRegexSyntax: Error {}

/// Parses the subset: literals, `.`, classes with ranges and negation, `\d \w \s` and their
/// negations, groups (capturing and `(?:`), alternation, the quantifiers `* + ? {n} {n,} {n,m}`
/// (greedy or lazy: the same for a whole-value match), and `^`/`$` at the pattern's ends.
struct RegexSyntaxParser {
    /// Counted repetitions above this expand too far to compile ahead of time.
    static let maximumCount = 100

    private let pattern: [UInt8]
    private var offset = 0

    static func parse(_ pattern: String) throws(UnsupportedRegexSyntax) -> RegexNode {
        var parser = RegexSyntaxParser(pattern: Array(pattern.utf8))
        let node = try parser.parseAlternatives()
        guard parser.offset == parser.pattern.count else { throw UnsupportedRegexSyntax() }
        return node
    }

    private init(pattern: [UInt8]) { self.pattern = pattern }

    private mutating func parseAlternatives() throws(UnsupportedRegexSyntax) -> RegexNode {
        var branches = [try parseSequence()]
        while peek() == UInt8(ascii: "|") {
            offset += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    private mutating func parseSequence() throws(UnsupportedRegexSyntax) -> RegexNode {
        var items: [RegexNode] = []
        while let byte = peek(), byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
            items.append(try parseRepetition())
        }
        return .sequence(items)
    }

    private mutating func parseRepetition() throws(UnsupportedRegexSyntax) -> RegexNode {
        let atom = try parseAtom()
        let bounds: (Int, Int?)
        switch peek() {
        case UInt8(ascii: "*"):
            offset += 1
            bounds = (0, nil)
        case UInt8(ascii: "+"):
            offset += 1
            bounds = (1, nil)
        case UInt8(ascii: "?"):
            offset += 1
            bounds = (0, 1)
        case UInt8(ascii: "{"): bounds = try parseCount()
        default: return atom
        }
        // Lazy quantifiers match the same whole values; possessive ones do not, so they are left to ICU.
        if peek() == UInt8(ascii: "?") { offset += 1 }
        if let next = peek(), [UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "{")].contains(next) {
            throw UnsupportedRegexSyntax()
        }
        return .repetition(atom, minimum: bounds.0, maximum: bounds.1)
    }

    private mutating func parseCount() throws(UnsupportedRegexSyntax) -> (Int, Int?) {
        offset += 1
        let minimum = try parseNumber()
        var maximum: Int? = minimum
        if peek() == UInt8(ascii: ",") {
            offset += 1
            maximum = peek() == UInt8(ascii: "}") ? nil : try parseNumber()
        }
        guard peek() == UInt8(ascii: "}") else { throw UnsupportedRegexSyntax() }
        offset += 1
        if let maximum, maximum < minimum { throw UnsupportedRegexSyntax() }
        return (minimum, maximum)
    }

    private mutating func parseNumber() throws(UnsupportedRegexSyntax) -> Int {
        var value = 0
        var digits = 0
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            offset += 1
            guard value <= Self.maximumCount else { throw UnsupportedRegexSyntax() }
        }
        guard digits > 0 else { throw UnsupportedRegexSyntax() }
        return value
    }

    private mutating func parseAtom() throws(UnsupportedRegexSyntax) -> RegexNode {
        guard let byte = peek(), byte < 0x80 else { throw UnsupportedRegexSyntax() }
        let isFirst = offset == 0
        offset += 1
        switch byte {
        case UInt8(ascii: "("):
            if peek() == UInt8(ascii: "?") {
                guard offset + 1 < pattern.count, pattern[offset + 1] == UInt8(ascii: ":") else {
                    throw UnsupportedRegexSyntax()
                }
                offset += 2
            }
            let inner = try parseAlternatives()
            guard peek() == UInt8(ascii: ")") else { throw UnsupportedRegexSyntax() }
            offset += 1
            return inner
        case UInt8(ascii: "["):
            return .bytes(try parseClass())
        case UInt8(ascii: "."):
            return .bytes(.dot)
        case UInt8(ascii: "\\"):
            return .bytes(try parseEscape(inClass: false))
        case UInt8(ascii: "^") where isFirst:
            return .sequence([])
        case UInt8(ascii: "$") where offset == pattern.count:
            return .sequence([])
        case UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "#"):
            throw UnsupportedRegexSyntax()
        default:
            return .bytes(ByteSet(bytes: [byte]))
        }
    }

    private mutating func parseClass() throws(UnsupportedRegexSyntax) -> ByteSet {
        var negated = false
        if peek() == UInt8(ascii: "^") {
            negated = true
            offset += 1
        }
        var set = ByteSet()
        var isFirst = true
        while true {
            guard let byte = peek(), byte < 0x80 else { throw UnsupportedRegexSyntax() }
            if byte == UInt8(ascii: "]") {
                guard !isFirst else { throw UnsupportedRegexSyntax() }
                offset += 1
                break
            }
            isFirst = false
            // Nested sets, POSIX classes and set operations are ICU extensions left to ICU.
            if byte == UInt8(ascii: "[") || (byte == UInt8(ascii: "&") && pattern.dropFirst(offset + 1).first == byte)
                || (byte == UInt8(ascii: "-") && pattern.dropFirst(offset + 1).first == byte)
            {
                throw UnsupportedRegexSyntax()
            }
            let lower = try parseClassMember()
            guard peek() == UInt8(ascii: "-"), offset + 1 < pattern.count, pattern[offset + 1] != UInt8(ascii: "]") else {
                set.formUnion(lower.set)
                continue
            }
            offset += 1
            let upper = try parseClassMember()
            guard let low = lower.single, let high = upper.single, low <= high else { throw UnsupportedRegexSyntax() }
            set.insert(low...high)
        }
        return negated ? set.inverted : set
    }

    /// One member of a class: a single byte (which may start a range) or an escape's set.
    private mutating func parseClassMember() throws(UnsupportedRegexSyntax) -> (set: ByteSet, single: UInt8?) {
        guard let byte = peek(), byte < 0x80 else { throw UnsupportedRegexSyntax() }
        offset += 1
        guard byte == UInt8(ascii: "\\") else { return (ByteSet(bytes: [byte]), byte) }
        let escaped = try parseEscape(inClass: true)
        let members = (0..<128).map(UInt8.init).filter(escaped.contains)
        return (escaped, members.count == 1 ? members[0] : nil)
    }

    private mutating func parseEscape(inClass: Bool) throws(UnsupportedRegexSyntax) -> ByteSet {
        guard let byte = peek(), byte < 0x80 else { throw UnsupportedRegexSyntax() }
        offset += 1
        switch byte {
        case UInt8(ascii: "d"): return .digits
        case UInt8(ascii: "D"): return ByteSet.digits.inverted
        case UInt8(ascii: "w"): return .word
        case UInt8(ascii: "W"): return ByteSet.word.inverted
        case UInt8(ascii: "s"): return .space
        case UInt8(ascii: "S"): return ByteSet.space.inverted
        case UInt8(ascii: "t"): return ByteSet(bytes: [0x09])
        case UInt8(ascii: "n"): return ByteSet(bytes: [0x0A])
        case UInt8(ascii: "r"): return ByteSet(bytes: [0x0D])
        case UInt8(ascii: "f"): return ByteSet(bytes: [0x0C])
        default:
            // Any other letter or digit is an ICU escape with its own meaning (\b, \p, \x, \1 ...).
            let isAlphanumeric =
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            guard !isAlphanumeric, byte >= 0x20 else { throw UnsupportedRegexSyntax() }
            return ByteSet(bytes: [byte])
        }
    }

    private func peek() -> UInt8? { offset < pattern.count ? pattern[offset] : nil }
}
