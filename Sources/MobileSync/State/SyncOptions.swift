public import SalesforceCore

/// How a sync runs: its merge mode and, for sync up, the fields it sends.
public struct SyncOptions: Sendable, Hashable {
    /// The merge mode; nil means ``MergeMode/overwrite``, as in the SDK.
    public var mergeMode: MergeMode?
    /// The fields sync up sends when the target names none for the operation.
    public var fieldlist: [String]?

    /// Options from their parts.
    public init(mergeMode: MergeMode? = nil, fieldlist: [String]? = nil) {
        self.mergeMode = mergeMode
        self.fieldlist = fieldlist
    }

    /// Options for a sync down.
    public static func syncDown(_ mergeMode: MergeMode = .overwrite) -> SyncOptions {
        SyncOptions(mergeMode: mergeMode)
    }

    /// Options for a sync up that sends `fieldlist`.
    public static func syncUp(fieldlist: [String], mergeMode: MergeMode = .overwrite) -> SyncOptions {
        SyncOptions(mergeMode: mergeMode, fieldlist: fieldlist)
    }

    /// The merge mode in effect.
    public var effectiveMergeMode: MergeMode { mergeMode ?? .overwrite }

    /// `{"mergeMode": …, "fieldlist": […]}`, keys present only when set.
    public var json: JSON {
        var members: [String: JSON] = [:]
        if let mergeMode { members["mergeMode"] = .string(mergeMode.rawValue) }
        if let fieldlist { members["fieldlist"] = .array(fieldlist.map(JSON.string)) }
        return .object(members)
    }

    /// Options read from their JSON; a missing object is no options.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` for an unknown merge mode or a field list that is not strings.
    public init(json: JSON?) throws(SyncError) {
        guard let json, !json.isNull else { return }
        guard json.objectValue != nil else { throw .invalidConfiguration("\"options\" must be an object") }
        if let mode = json["mergeMode"], !mode.isNull {
            guard let name = mode.stringValue, let parsed = MergeMode(rawValue: name) else {
                throw .invalidConfiguration("\"mergeMode\" must be OVERWRITE or LEAVE_IF_CHANGED, not \(mode.serialized())")
            }
            mergeMode = parsed
        }
        fieldlist = try JSONFields.strings(json["fieldlist"], key: "fieldlist")
    }
}

/// Reading lists of field names from sync JSON.
enum JSONFields {
    /// The strings of an array member; nil when absent or null.
    static func strings(_ value: JSON?, key: String) throws(SyncError) -> [String]? {
        guard let value, !value.isNull else { return nil }
        guard let array = value.arrayValue else { throw .invalidConfiguration("\"\(key)\" must be an array of field names") }
        var names: [String] = []
        for item in array {
            guard let name = item.stringValue else {
                throw .invalidConfiguration("\"\(key)\" must hold only field names, not \(item.serialized())")
            }
            names.append(name)
        }
        return names
    }
}
