/// HTML's character references turned back into text, byte by byte, as a browser decodes an
/// attribute value: `&quot;` a combining mark follows is still a reference. (Foundation's
/// `replacingOccurrences` compares Swift `Character`s on Linux and would miss it.) Only the five
/// references LocalOrg's escaper writes are decoded.
public enum HTMLReferences {
    private static let references: [(text: [UInt8], byte: UInt8)] = [
        ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
    ].map { (Array($0.0.utf8), UInt8(ascii: $0.1)) }

    /// The text `markup` stands for.
    public static func decoded(_ markup: some Collection<UInt8>) -> String {
        let bytes = Array(markup)
        var result: [UInt8] = []
        var index = 0
        scanning: while index < bytes.count {
            for reference in references where bytes[index...].starts(with: reference.text) {
                result.append(reference.byte)
                index += reference.text.count
                continue scanning
            }
            result.append(bytes[index])
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }
}
