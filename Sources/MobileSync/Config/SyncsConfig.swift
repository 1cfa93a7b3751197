public import Foundation
public import SalesforceCore

/// The syncs of a `usersyncs.json` or `globalsyncs.json` file, as the SDK's templates write them:
///
/// ```json
/// {"syncs": [{"syncName": "syncDownContacts", "syncType": "syncDown", "soupName": "contacts",
///             "target": {"type": "soql", "query": "SELECT FirstName, LastName FROM Contact"},
///             "options": {"mergeMode": "OVERWRITE"}}]}
/// ```
///
/// A malformed entry (an unknown merge mode such as the guide's `"MERGE"`, a target missing its
/// query) is left out and named in ``problems``; the others load, as in the SDK.
public struct SyncsConfig: Sendable {
    /// One sync of the file.
    public struct Entry: Sendable, Hashable {
        /// Its name.
        public var name: String
        /// Down or up.
        public var type: SyncType
        /// The soup it syncs.
        public var soupName: String
        /// Its target's JSON.
        public var target: JSON
        /// Its options.
        public var options: SyncOptions
    }

    /// The entries that can be created, in file order.
    public let entries: [Entry]
    /// Why each left-out entry was left out.
    public let problems: [String]

    /// Reads a configuration.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the text is not JSON or has no `syncs` array.
    public init(data: some Collection<UInt8>) throws(SyncError) {
        let json: JSON
        do {
            json = try JSON(parsing: data)
        } catch {
            throw .invalidConfiguration("the sync configuration is not JSON: \(error.message)")
        }
        guard let syncs = json["syncs"]?.arrayValue else { throw .invalidConfiguration("the sync configuration has no \"syncs\" array") }
        var entries: [Entry] = []
        var problems: [String] = []
        for (index, item) in syncs.enumerated() {
            do {
                entries.append(try Self.entry(item))
            } catch {
                problems.append("syncs[\(index)]: \(error.message)")
            }
        }
        self.entries = entries
        self.problems = problems
    }

    /// Reads the configuration in the file at `url`.
    public init(contentsOf url: URL) throws(SyncError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .invalidConfiguration("\(url.path) cannot be read: \(error.localizedDescription)")
        }
        try self.init(data: data)
    }

    private static func entry(_ item: JSON) throws(SyncError) -> Entry {
        guard let name = item["syncName"]?.stringValue, !name.isEmpty else { throw .invalidConfiguration("the entry has no \"syncName\"") }
        guard let typeName = item["syncType"]?.stringValue, let type = SyncType(rawValue: typeName) else {
            throw .invalidConfiguration("\"\(name)\" needs a \"syncType\" of syncDown or syncUp")
        }
        guard let soupName = item["soupName"]?.stringValue, !soupName.isEmpty else {
            throw .invalidConfiguration("\"\(name)\" has no \"soupName\"")
        }
        let target = item["target"] ?? .object([:])
        switch type {
        case .syncDown: _ = try SyncTargetRegistry.downTarget(from: target)
        case .syncUp where ParentChildrenSyncUpTarget.describes(target): _ = try ParentChildrenSyncUpTarget(json: target)
        case .syncUp:
            let upTarget = try SyncUpTarget(json: target)
            if upTarget.kind == .custom { _ = try SyncTargetRegistry.upTarget(for: upTarget) }
        }
        return Entry(name: name, type: type, soupName: soupName, target: target, options: try SyncOptions(json: item["options"]))
    }
}

extension SyncManager {
    /// Creates the configuration's syncs whose names do not exist yet, NEW and not run, and
    /// returns them; existing syncs of those names are left as they are (a sync created in code
    /// first wins, as in the SDK).
    @discardableResult
    public func createSyncs(from config: SyncsConfig) async throws(SyncError) -> [SyncState] {
        var created: [SyncState] = []
        for entry in config.entries where try await !hasSync(named: entry.name) {
            switch entry.type {
            case .syncDown:
                created.append(
                    try await createSyncDown(
                        target: try SyncTargetRegistry.downTarget(from: entry.target), options: entry.options, soupName: entry.soupName,
                        name: entry.name))
            case .syncUp where ParentChildrenSyncUpTarget.describes(entry.target):
                created.append(
                    try await createSyncUp(
                        target: try ParentChildrenSyncUpTarget(json: entry.target), options: entry.options, name: entry.name))
            case .syncUp:
                created.append(
                    try await createSyncUp(
                        target: try SyncUpTarget(json: entry.target), options: entry.options, soupName: entry.soupName, name: entry.name))
            }
        }
        return created
    }
}
