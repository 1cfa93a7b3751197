/// Splits a SOQL statement into tokens.
///
/// Keywords are not told apart here: they are identifiers that the parser recognises in
/// place, because SOQL lets most keywords also be names (a field called `Order__c`, an
/// alias `last`).
///
/// It reads Unicode scalars, as Salesforce's parser does: a quote, comma or parenthesis that a
/// combining mark follows (one Swift `Character`) is still that quote, comma or parenthesis.
struct SOQLLexer {
    private let characters: [Unicode.Scalar]
    private let source: String
    private var index = 0
    private var row = 1
    private var column = 1

    init(_ source: String) {
        self.source = source
        self.characters = Array(source.unicodeScalars)
    }

    /// All tokens of the statement, ending with `.end`.
    static func tokens(of source: String) throws(SOQLSyntaxError) -> [SOQLToken] {
        var lexer = SOQLLexer(source)
        var tokens: [SOQLToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var position: SOQLPosition { SOQLPosition(row: row, column: column) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let at = index + offset
        return at < characters.count ? characters[at] : nil
    }

    private mutating func advance() -> Unicode.Scalar {
        let character = characters[index]
        index += 1
        if character == "\n" {
            row += 1
            column = 1
        } else {
            column += 1
        }
        return character
    }

    private func error(_ reason: String, at position: SOQLPosition) -> SOQLSyntaxError {
        SOQLSyntaxError(reason: reason, position: position, source: source)
    }

    private mutating func skipWhitespace() {
        while let character = peek(), character.properties.isWhitespace { _ = advance() }
    }

    mutating func next() throws(SOQLSyntaxError) -> SOQLToken {
        skipWhitespace()
        let start = position
        let startIndex = index
        guard let character = peek() else { return SOQLToken(kind: .end, position: start, text: "<EOF>") }
        let kind: SOQLToken.Kind
        if character == "'" {
            kind = try readString(start: start)
        } else if character.isASCIIDigit || (character == "-" || character == "+") && peek(1)?.isASCIIDigit == true
            || character == "." && peek(1)?.isASCIIDigit == true
        {
            kind = try readNumberOrDate(start: start)
        } else if character.properties.isAlphabetic || character == "_" {
            var name = String.UnicodeScalarView()
            while let next = peek(), next.continuesIdentifier { name.append(advance()) }
            // A currency amount's fraction belongs to it: `EUR1200.50` is one literal.
            if Self.isCurrencyAmount(String(name)), peek() == ".", peek(1)?.isASCIIDigit == true {
                name.append(advance())
                while let next = peek(), next.isASCIIDigit { name.append(advance()) }
            }
            kind = .identifier(String(name))
        } else {
            kind = try readSymbol(start: start)
        }
        return SOQLToken(kind: kind, position: start, text: String(String.UnicodeScalarView(characters[startIndex..<index])))
    }

    /// Whether `name` is three letters and digits, as a currency literal's code and amount are.
    private static func isCurrencyAmount(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        return scalars.count > 3 && scalars[..<3].allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
            && scalars[3...].allSatisfy(\.isASCIIDigit)
    }

    private mutating func readSymbol(start: SOQLPosition) throws(SOQLSyntaxError) -> SOQLToken.Kind {
        let first = advance()
        switch first {
        case ",", ".", "(", ")", ":", "=":
            return .symbol(String(first))
        case "!":
            guard peek() == "=" else { throw error("unexpected token: !", at: start) }
            _ = advance()
            return .symbol("!=")
        case "<":
            if peek() == "=" {
                _ = advance()
                return .symbol("<=")
            }
            if peek() == ">" {
                _ = advance()
                return .symbol("!=")
            }
            return .symbol("<")
        case ">":
            if peek() == "=" {
                _ = advance()
                return .symbol(">=")
            }
            return .symbol(">")
        default:
            throw error("unexpected token: \(first)", at: start)
        }
    }

    /// Reads `'...'` with SOQL's escapes: `\n \t \r \b \f \" \' \\`, and `\% \_` for LIKE.
    private mutating func readString(start: SOQLPosition) throws(SOQLSyntaxError) -> SOQLToken.Kind {
        _ = advance()
        var value = String.UnicodeScalarView()
        var likePattern = String.UnicodeScalarView()
        while true {
            guard let character = peek() else {
                throw error("unexpected end of query: the string starting here has no closing quote", at: start)
            }
            let escapePosition = position
            _ = advance()
            if character == "'" { return .string(value: String(value), likePattern: String(likePattern)) }
            guard character == "\\" else {
                value.append(character)
                likePattern.append(character)
                continue
            }
            guard let escaped = peek() else {
                throw error("unexpected end of query: the string starting here has no closing quote", at: start)
            }
            _ = advance()
            switch escaped {
            case "n":
                value.append("\n")
                likePattern.append("\n")
            case "t":
                value.append("\t")
                likePattern.append("\t")
            case "r":
                value.append("\r")
                likePattern.append("\r")
            case "b":
                value.append("\u{8}")
                likePattern.append("\u{8}")
            case "f":
                value.append("\u{c}")
                likePattern.append("\u{c}")
            case "\"", "'":
                value.append(escaped)
                likePattern.append(escaped)
            case "\\", "%", "_":
                value.append(escaped)
                likePattern.append("\\")
                likePattern.append(escaped)
            default:
                throw error(
                    "Invalid string literal '\\\(escaped)'. Illegal character sequence '\\\(escaped)' in string literal.",
                    at: escapePosition)
            }
        }
    }

    private mutating func readDigits() -> String {
        var digits = ""
        while let next = peek(), next.isASCIIDigit { digits.unicodeScalars.append(advance()) }
        return digits
    }

    /// Reads a number, a date `2024-05-01` or a date-time `2024-05-01T10:00:00Z`.
    private mutating func readNumberOrDate(start: SOQLPosition) throws(SOQLSyntaxError) -> SOQLToken.Kind {
        var text = ""
        if peek() == "-" || peek() == "+" { text.unicodeScalars.append(advance()) }
        let integerPart = readDigits()
        text += integerPart
        if integerPart.count == 4, text.count == 4, peek() == "-", peek(1)?.isASCIIDigit == true {
            return try readDateTail(year: integerPart, start: start)
        }
        var isDecimal = false
        if peek() == ".", peek(1)?.isASCIIDigit == true {
            isDecimal = true
            text.unicodeScalars.append(advance())
            text += readDigits()
        }
        if let next = peek(), next.properties.isAlphabetic || next == "_" {
            throw error("unexpected token: \(text)\(next)", at: start)
        }
        if isDecimal { return .decimal(text) }
        guard let value = Int64(text) else { return .decimal(text) }
        return .integer(value)
    }

    private mutating func expectDigits(_ count: Int, start: SOQLPosition, what: String) throws(SOQLSyntaxError) -> String {
        let digits = readDigits()
        guard digits.count == count else { throw error("invalid \(what) literal", at: start) }
        return digits
    }

    private mutating func expect(_ character: Unicode.Scalar, start: SOQLPosition, what: String) throws(SOQLSyntaxError) {
        guard peek() == character else { throw error("invalid \(what) literal", at: start) }
        _ = advance()
    }

    private mutating func readDateTail(year: String, start: SOQLPosition) throws(SOQLSyntaxError) -> SOQLToken.Kind {
        try expect("-", start: start, what: "date")
        let month = try expectDigits(2, start: start, what: "date")
        try expect("-", start: start, what: "date")
        let day = try expectDigits(2, start: start, what: "date")
        let date = "\(year)-\(month)-\(day)"
        guard CivilDate(parsing: date) != nil else { throw error("invalid date: \(date)", at: start) }
        guard peek() == "T" else { return .date(date) }
        _ = advance()
        let hour = try expectDigits(2, start: start, what: "datetime")
        try expect(":", start: start, what: "datetime")
        let minute = try expectDigits(2, start: start, what: "datetime")
        try expect(":", start: start, what: "datetime")
        let second = try expectDigits(2, start: start, what: "datetime")
        var text = "\(date)T\(hour):\(minute):\(second)"
        if peek() == "." {
            _ = advance()
            let fraction = readDigits()
            guard !fraction.isEmpty else { throw error("invalid datetime literal", at: start) }
            text += "." + fraction
        }
        switch peek() {
        case "Z":
            _ = advance()
            text += "Z"
        case "+", "-":
            text.unicodeScalars.append(advance())
            // `+hhmm` reads as one run of four digits; `+hh:mm` as two runs of two.
            var zone = readDigits()
            if zone.count == 2, peek() == ":" {
                _ = advance()
                zone += try expectDigits(2, start: start, what: "datetime")
            }
            guard zone.count == 4 else { throw error("invalid datetime literal", at: start) }
            text += "\(zone.prefix(2)):\(zone.suffix(2))"
        default:
            throw error("invalid datetime: \(text), a time zone (Z or ±hh:mm) is required", at: start)
        }
        guard SOQLDateTime(parsing: text) != nil else { throw error("invalid datetime: \(text)", at: start) }
        return .dateTime(text)
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9 (not any Unicode number).
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Unicode.Scalar {
    /// Whether this is one of the ASCII digits 0–9 (not any Unicode number).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

    /// Whether an identifier goes on with this: a letter, a number, `_`, or a mark that joins
    /// the letter before it (`é` written as `e` and U+0301).
    var continuesIdentifier: Bool {
        if self == "_" || properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
