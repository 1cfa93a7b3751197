import SalesforceCore

/// What the SDK's developer-support menu shows ("Show dev info"), as data: named values in a
/// fixed order, with the iOS SDK's keys where they exist and ForceKit's own after them (the
/// current user's soups and syncs, push registration). No UI: an app shows it as it likes, and
/// `forcekit doctor` prints it.
public struct DeveloperSupportInfo: Sendable, Equatable {
    /// One named value.
    public struct Entry: Sendable, Equatable {
        /// The name, such as `SDK Version`.
        public var key: String
        /// The value, booleans as `YES` and `NO` as in the iOS SDK.
        public var value: String

        /// An entry from its parts.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, in order.
    public var entries: [Entry]

    /// Info from its entries.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The SDK's flat form: `[key1, value1, key2, value2, …]`.
    public var flattened: [String] {
        entries.flatMap { [$0.key, $0.value] }
    }

    /// The value of the first entry named `key`.
    public subscript(key: String) -> String? {
        entries.first { $0.key == key }?.value
    }

    /// The entries as one JSON object, keys in order.
    public var json: String {
        var writer = JSONStreamWriter(reservingCapacity: 1024)
        writer.beginObject()
        for entry in entries {
            writer.key(entry.key)
            writer.string(entry.value)
        }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
