import SalesforceCore

/// One JSON object written with its keys in a fixed order, as the CLI contract lists them.
struct JSONLine {
    private var writer = JSONStreamWriter(reservingCapacity: 256)

    init() {
        writer.beginObject()
    }

    /// Adds a string member, or `null` when the value is absent.
    mutating func add(_ key: String, _ value: String?) {
        writer.key(key)
        if let value { writer.string(value) } else { writer.null() }
    }

    /// Adds an array of strings.
    mutating func add(_ key: String, _ values: [String]) {
        writer.key(key)
        writer.value(.array(values.map(JSON.string)))
    }

    /// Adds an object of strings, keys sorted so output is stable.
    mutating func add(_ key: String, _ values: [String: String]) {
        writer.key(key)
        writer.value(.object(values.mapValues(JSON.string)))
    }

    /// The object's text, on one line.
    var text: String {
        var finished = writer
        finished.endObject()
        return String(decoding: finished.bytes, as: UTF8.self)
    }
}
