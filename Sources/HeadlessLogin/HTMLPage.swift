/// A page's forms as a browser's tokenizer reads them: an attribute ends at the first `"` byte,
/// whatever combining mark follows it (Swift `Character`s would not see that quote), and the five
/// references LocalOrg's pages escape in attribute values are turned back.
///
/// ``SimulatedBrowser`` answers login and consent pages with it; a test reads a page's form token
/// the same way:
///
/// ```swift
/// let token = HTMLPage(page).hiddenField(named: "_form")
/// ```
public struct HTMLPage: Sendable {
    private let bytes: [UInt8]

    /// The page with this HTML text.
    public init(_ html: String) {
        bytes = Array(html.utf8)
    }

    /// Where the page's first `post` form sends its fields, unescaped.
    public var formAction: String? {
        guard let start = find("<form method=\"post\" action=\"", from: 0), let end = bytes[start...].firstIndex(of: UInt8(ascii: "\""))
        else { return nil }
        return Self.unescaped(bytes[start..<end])
    }

    /// The text of the page's alert (a refused login's reason), unescaped.
    public var alert: String? {
        guard let start = find("role=\"alert\">", from: 0), let end = find("</p>", from: start) else { return nil }
        return Self.unescaped(bytes[start..<(end - 4)])
    }

    /// The name and value of every `<input type="hidden">` of the page, in order, unescaped.
    public var hiddenFields: [(name: String, value: String)] {
        let quote = UInt8(ascii: "\"")
        var fields: [(name: String, value: String)] = []
        var position = 0
        while let nameStart = find("<input type=\"hidden\" name=\"", from: position) {
            position = nameStart
            guard let nameEnd = bytes[nameStart...].firstIndex(of: quote), bytes[nameEnd...].starts(with: "\" value=\"".utf8) else {
                continue
            }
            let valueStart = nameEnd + 9
            guard let valueEnd = bytes[valueStart...].firstIndex(of: quote) else { break }
            fields.append((Self.unescaped(bytes[nameStart..<nameEnd]), Self.unescaped(bytes[valueStart..<valueEnd])))
            position = valueEnd
        }
        return fields
    }

    /// The value of the first hidden field named `name`.
    public func hiddenField(named name: String) -> String? {
        hiddenFields.first { $0.name == name }?.value
    }

    /// The index just after the first `pattern` in the page at or after `from`.
    private func find(_ pattern: String, from: Int) -> Int? {
        let needle = Array(pattern.utf8)
        guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        for index in from...(bytes.count - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) {
            return index + needle.count
        }
        return nil
    }

    /// Bytes with the five references a page escapes in attribute values turned back.
    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        let references: [(String, UInt8)] = [
            ("&quot;", UInt8(ascii: "\"")), ("&#39;", UInt8(ascii: "'")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")),
            ("&amp;", UInt8(ascii: "&")),
        ]
        var result: [UInt8] = []
        var index = bytes.startIndex
        scanning: while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "&") {
                for (reference, byte) in references where bytes[index...].starts(with: reference.utf8) {
                    result.append(byte)
                    index += reference.utf8.count
                    continue scanning
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
