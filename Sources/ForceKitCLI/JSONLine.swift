/// One JSON object written with its keys in a fixed order, as the CLI contract lists them.
struct JSONLine {
    private var members: [String] = []

    /// Adds a string member, or `null` when the value is absent.
    mutating func add(_ key: String, _ value: String?) {
        members.append(Self.quote(key) + ": " + (value.map(Self.quote) ?? "null"))
    }

    /// Adds an array of strings.
    mutating func add(_ key: String, _ values: [String]) {
        members.append(Self.quote(key) + ": [" + values.map(Self.quote).joined(separator: ", ") + "]")
    }

    /// Adds an object of strings, keys sorted so output is stable.
    mutating func add(_ key: String, _ values: [String: String]) {
        let inner = values.sorted { $0.key < $1.key }.map { Self.quote($0.key) + ": " + Self.quote($0.value) }
        members.append(Self.quote(key) + ": {" + inner.joined(separator: ", ") + "}")
    }

    /// The object's text, on one line.
    var text: String { "{" + members.joined(separator: ", ") + "}" }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
