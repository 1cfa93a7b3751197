import SalesforceCore
import SmartStore

/// The arguments of a plugin action: the SDK's JavaScript sends one object (after the
/// `"pluginSDKVersion:…"` marker its `exec` puts first), whose keys this reads.
struct BridgeArguments: Sendable {
    /// The version of the SDK's JavaScript that called, when it said.
    let pluginSDKVersion: String?
    /// The first argument object, or an empty one.
    let object: [String: JSON]
    /// Every argument after the version marker.
    let all: [JSON]

    init(_ arguments: [JSON]) {
        var rest = arguments[...]
        if let first = rest.first?.stringValue, first.hasPrefix("pluginSDKVersion:") {
            pluginSDKVersion = String(first.dropFirst("pluginSDKVersion:".count))
            rest = rest.dropFirst()
        } else {
            pluginSDKVersion = nil
        }
        all = Array(rest)
        object = rest.first?.objectValue ?? [:]
    }

    /// The value of `key`, with JSON `null` read as absent.
    subscript(key: String) -> JSON? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    func string(_ key: String) -> String? { self[key]?.stringValue }

    func requiredString(_ key: String) throws(BridgeFailure) -> String {
        guard let value = string(key), !value.isEmpty else { throw BridgeFailure("The argument \(key) is missing; give it as a string.") }
        return value
    }

    func bool(_ key: String) -> Bool {
        switch self[key] {
        case .bool(let flag)?: return flag
        case .string(let text)?: return text == "true"
        case .integer(let number)?: return number != 0
        default: return false
        }
    }

    func integer(_ key: String) -> Int64? {
        if let number = self[key]?.integerValue { return number }
        if let double = self[key]?.doubleValue, double.rounded() == double, abs(double) < 9e15 { return Int64(double) }
        return self[key]?.stringValue.flatMap { Int64($0) }
    }

    /// Which store the action is for: `isGlobalStore` and `storeName` (the default store when absent).
    var store: StoreSelector {
        StoreSelector(isGlobal: bool("isGlobalStore"), name: string("storeName") ?? StoreSelector.defaultName)
    }
}

/// A store an action names: a user's or a global one, by name.
struct StoreSelector: Sendable, Hashable {
    /// The store an action without `storeName` is for: SmartStore's default one.
    static let defaultName = SmartStore.defaultStoreName
    var isGlobal: Bool
    var name: String

    /// The selector as the SDK's JavaScript writes it: `{"storeName", "isGlobalStore"}`.
    var json: [String: JSON] { ["storeName": .string(name), "isGlobalStore": .bool(isGlobal)] }
}
