/// Reads a search term: words with `*` and `?` wildcards, `"quoted phrases"`, parentheses,
/// and the operators AND, OR and AND NOT (AND and AND NOT bind tighter than OR; words side by
/// side are joined with AND). A backslash makes the next character plain text.
enum SearchTermParser {
    private enum Token: Equatable {
        case word(String)
        case phrase([String])
        case and, or, not, open, close
    }

    /// How deep parentheses may nest: enough for any real term, and a bound on recursion.
    static let nestingLimit = 32

    static func parse(_ term: String) throws(SOSLSyntaxError) -> SearchExpression {
        var tokens = try tokenize(term)
        var depth = 0
        for token in tokens {
            if token == .open { depth += 1 } else if token == .close { depth -= 1 }
            guard depth <= nestingLimit else {
                throw SOSLSyntaxError("The search term nests parentheses more than \(nestingLimit) deep.")
            }
        }
        guard !tokens.isEmpty else { throw SOSLSyntaxError("search term must be longer than one character") }
        var position = 0
        let expression = try or(&tokens, &position)
        guard position == tokens.count else { throw SOSLSyntaxError("The search term has an unmatched parenthesis or operator.") }
        for word in expression.words where word.allSatisfy({ $0 == "*" || $0 == "?" }) {
            throw SOSLSyntaxError("A wildcard needs letters with it: \(word) alone matches everything.")
        }
        let letters = expression.words.joined().filter { $0 != "*" && $0 != "?" }
        guard letters.count >= 2 else { throw SOSLSyntaxError("search term must be longer than one character") }
        return expression
    }

    private static func or(_ tokens: inout [Token], _ position: inout Int) throws(SOSLSyntaxError) -> SearchExpression {
        var parts = [try and(&tokens, &position)]
        while position < tokens.count, tokens[position] == .or {
            position += 1
            parts.append(try and(&tokens, &position))
        }
        return parts.count == 1 ? parts[0] : .or(parts)
    }

    /// Words side by side, `AND` and `AND NOT`: one list, so a long chain is never a deep tree.
    private static func and(_ tokens: inout [Token], _ position: inout Int) throws(SOSLSyntaxError) -> SearchExpression {
        var parts = [try primary(&tokens, &position)]
        while position < tokens.count {
            switch tokens[position] {
            case .and:
                position += 1
                if position < tokens.count, tokens[position] == .not {
                    position += 1
                    parts.append(.not(try primary(&tokens, &position)))
                    continue
                }
            case .word, .phrase, .open:
                break
            default:
                return parts.count == 1 ? parts[0] : .and(parts)
            }
            parts.append(try primary(&tokens, &position))
        }
        return parts.count == 1 ? parts[0] : .and(parts)
    }

    private static func primary(_ tokens: inout [Token], _ position: inout Int) throws(SOSLSyntaxError) -> SearchExpression {
        guard position < tokens.count else { throw SOSLSyntaxError("The search term ends where a word was expected.") }
        let token = tokens[position]
        position += 1
        switch token {
        case .word(let word): return .word(word)
        case .phrase(let words): return .phrase(words)
        case .open:
            let inner = try or(&tokens, &position)
            guard position < tokens.count, tokens[position] == .close else {
                throw SOSLSyntaxError("A parenthesis in the search term is not closed.")
            }
            position += 1
            return inner
        default:
            throw SOSLSyntaxError("An operator (AND, OR, AND NOT) needs a word on each side.")
        }
    }

    /// The term's tokens, read scalar by scalar: an operator character a combining mark follows
    /// is still that operator, as Salesforce reads it.
    private static func tokenize(_ term: String) throws(SOSLSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var characters = term.unicodeScalars.makeIterator()
        var word = String.UnicodeScalarView()
        var escapedWord = false
        func finishWord() {
            guard !word.isEmpty else { return }
            let text = String(word)
            switch escapedWord ? "" : text.uppercased() {
            case "AND": tokens.append(.and)
            case "OR": tokens.append(.or)
            case "NOT": tokens.append(.not)
            default: tokens.append(.word(text))
            }
            word = String.UnicodeScalarView()
            escapedWord = false
        }
        while let character = characters.next() {
            switch character {
            case "\\":
                if let next = characters.next() {
                    word.append(next)
                    escapedWord = true
                }
            case "\"":
                finishWord()
                var phrase = String.UnicodeScalarView()
                var closed = false
                while let next = characters.next() {
                    if next == "\\", let escaped = characters.next() {
                        phrase.append(escaped)
                    } else if next == "\"" {
                        closed = true
                        break
                    } else {
                        phrase.append(next)
                    }
                }
                guard closed else { throw SOSLSyntaxError("A quoted phrase in the search term is not closed.") }
                let words = phrase.split(whereSeparator: \.properties.isWhitespace).map { String(String.UnicodeScalarView($0)) }
                if !words.isEmpty { tokens.append(.phrase(words)) }
            case "(":
                finishWord()
                tokens.append(.open)
            case ")":
                finishWord()
                tokens.append(.close)
            case _ where character.properties.isWhitespace:
                finishWord()
            default:
                word.append(character)
            }
        }
        finishWord()
        return tokens
    }
}
