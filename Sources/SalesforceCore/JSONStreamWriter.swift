/// Writes JSON text piece by piece, keys in the order given: for responses whose key order
/// matters to readers (a record's `attributes` first, then its fields in SELECT order) and
/// for large documents written row by row without building a ``JSON`` value first.
///
/// Commas are placed for you; the caller opens and closes containers in pairs.
///
/// ```swift
/// var writer = JSONStreamWriter()
/// writer.beginObject()
/// writer.key("totalSize"); writer.integer(1)
/// writer.key("records"); writer.beginArray(); writer.value(["Name": "Acme"]); writer.endArray()
/// writer.endObject()
/// String(decoding: writer.bytes, as: UTF8.self)   // {"totalSize":1,"records":[{"Name":"Acme"}]}
/// ```
package struct JSONStreamWriter: Sendable {
    private var writer: JSONWriter
    /// One flag per open container: whether it already has an element.
    private var hasElements: [Bool] = []
    private var expectsValueAfterKey = false

    /// Creates an empty writer.
    /// - Parameter capacity: Bytes to reserve up front.
    package init(reservingCapacity capacity: Int = 1024) {
        writer = JSONWriter(reservingCapacity: capacity)
    }

    /// The UTF-8 text written so far.
    package var bytes: [UInt8] { writer.bytes }

    private mutating func separate() {
        if expectsValueAfterKey {
            expectsValueAfterKey = false
            return
        }
        guard let last = hasElements.last else { return }
        if last { writer.appendByte(UInt8(ascii: ",")) }
        hasElements[hasElements.count - 1] = true
    }

    /// Opens an object: `{`.
    package mutating func beginObject() {
        separate()
        writer.appendByte(UInt8(ascii: "{"))
        hasElements.append(false)
    }

    /// Closes the innermost object: `}`.
    package mutating func endObject() {
        hasElements.removeLast()
        writer.appendByte(UInt8(ascii: "}"))
    }

    /// Opens an array: `[`.
    package mutating func beginArray() {
        separate()
        writer.appendByte(UInt8(ascii: "["))
        hasElements.append(false)
    }

    /// Closes the innermost array: `]`.
    package mutating func endArray() {
        hasElements.removeLast()
        writer.appendByte(UInt8(ascii: "]"))
    }

    /// Writes an object member's key; the next value written is its value.
    package mutating func key(_ name: String) {
        separate()
        writer.writeString(name)
        writer.appendByte(UInt8(ascii: ":"))
        expectsValueAfterKey = true
    }

    /// Writes a string value.
    package mutating func string(_ text: String) {
        separate()
        writer.writeString(text)
    }

    /// Writes an integer value.
    package mutating func integer(_ number: Int64) {
        separate()
        writer.write(.integer(number))
    }

    /// Writes a floating-point value (`null` when not finite).
    package mutating func double(_ number: Double) {
        separate()
        writer.write(.double(number))
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ flag: Bool) {
        separate()
        writer.write(.bool(flag))
    }

    /// Writes `null`.
    package mutating func null() {
        separate()
        writer.write(.null)
    }

    /// Writes a whole ``JSON`` value, object keys sorted.
    package mutating func value(_ json: JSON) {
        separate()
        writer.write(json)
    }

    /// Writes a value that is already JSON text, unchanged: a document written earlier by
    /// another writer. The caller vouches that `json` is one valid JSON value.
    package mutating func rawValue(_ json: [UInt8]) {
        separate()
        writer.appendBytes(json)
    }
}
