import SOQL
public import SalesforceCore

/// Syncs down a tree of related records, each object into its own soup: Accounts with their
/// Contacts (the SDK's parent-children target), or deeper and wider trees (Accounts with their
/// Contacts and Opportunities, each Contact with its Cases).
///
/// Each object of the tree is queried on its own, with its own keyset cursor, through its path
/// to the root (`SELECT … FROM Contact WHERE AccountId != null AND (Account.Name LIKE 'A%')`).
/// So, unlike the SDK's target:
/// - a child changed on the server comes down on the next re-sync even when its parent did not
///   change;
/// - children are paged like any query, never assumed to fit in their parent's response;
/// - the parents' cursor follows the parents only, so a child's later stamp never makes a
///   resumed run skip parents it had not saved yet.
///
/// Under LEAVE_IF_CHANGED a record is left alone when any record of its tree (its root and
/// everything under it) has local changes, as the SDK documents.
public struct ParentChildrenSyncDownTarget: SyncDownTarget, Equatable {
    /// The root object and its children.
    public let tree: RelatedObject
    /// A condition on the root object (`Name LIKE 'A%'`); nil for every root.
    public let parentSoqlFilter: String?
    /// The records a page holds at most; nil for the server's default.
    public private(set) var batchSize: Int?
    /// The query of each object of the tree, in level order.
    private(set) var levelTargets: [SoqlSyncDownTarget]
    let levels: [TreeLevel]

    /// A target for `tree`, its roots picked by `parentSoqlFilter`.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the filter is not a SOQL condition
    ///   that can be followed from the children, or a child has no parent field.
    public init(tree: RelatedObject, parentSoqlFilter: String? = nil) throws(SyncError) {
        self.tree = tree
        self.parentSoqlFilter = parentSoqlFilter?.isEmpty == true ? nil : parentSoqlFilter
        levels = tree.levels
        var targets: [SoqlSyncDownTarget] = []
        for level in levels {
            let object = level.object
            var fields = object.fieldlist
            if let parentField = object.parentIdFieldName, !fields.contains(where: { $0.lowercased() == parentField.lowercased() }) {
                fields.append(parentField)
            }
            if fields.isEmpty { fields = [object.idFieldName] }
            let query = SOQLQuery(
                selection: fields.map { .field(FieldPath($0.split(atScalars: ["."]))) }, object: object.objectType,
                condition: try RelationshipFilter.condition(for: level, rootFilter: self.parentSoqlFilter))
            let target = try SoqlSyncDownTarget(
                query: query.description, idFieldName: object.idFieldName, modificationDateFieldName: object.modificationDateFieldName)
            guard target.isOrderedByCursor else {
                throw .invalidConfiguration("the \(object.objectType) query of the tree cannot be ordered by its stamp and id")
            }
            targets.append(target)
        }
        levelTargets = targets
    }

    /// Reads a target from its JSON, as ForceKit or an SDK wrote it (`parentChildren` or
    /// `parent_children`, either spelling of the field lists).
    public init(json: JSON) throws(SyncError) {
        try self.init(tree: RelatedObject(target: json, lists: .down), parentSoqlFilter: json["parentSoqlFilter"]?.stringValue)
        if let size = json["batchSize"]?.integerValue { setBatchSize(Int(clamping: size)) }
    }

    /// The target with a page size for every object's query.
    public func withBatchSize(_ size: Int?) -> ParentChildrenSyncDownTarget {
        var copy = self
        copy.setBatchSize(size)
        return copy
    }

    private mutating func setBatchSize(_ size: Int?) {
        batchSize = size
        levelTargets = levelTargets.map {
            var target = $0
            target.batchSize = size
            return target
        }
    }

    /// The SDK's parent-children JSON (`"type": "parentChildren"`), with nested `children`
    /// when the tree is deeper or wider than one child type.
    public var json: JSON {
        var members = tree.targetJSON(type: "parentChildren", lists: .down)
        if let parentSoqlFilter { members["parentSoqlFilter"] = .string(parentSoqlFilter) }
        if let batchSize { members["batchSize"] = .integer(Int64(batchSize)) }
        return .object(members)
    }

    /// The root's id field.
    public var idFieldName: String { tree.idFieldName }
    /// The root's stamp field.
    public var modificationDateFieldName: String { tree.modificationDateFieldName }
    /// True: every object's query is in (stamp, id) order.
    public var isOrderedByCursor: Bool { true }

    /// The SOQL each object of the tree is fetched with, by the object types' path from the
    /// root (`Account`, `Account/Contact`).
    public var queries: [(path: String, query: String)] {
        zip(levels, levelTargets).map { ($0.path, $1.query) }
    }

    /// The roots' pages; a sync's run fetches the other objects of the tree after them.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        try await levelTargets[0].fetch(after: cursor, context: context)
    }

    /// Which of the roots' `localIds` the target still brings.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        try await levelTargets[0].remoteIds(among: localIds, context: context)
    }

    /// Targets are equal when their JSON is.
    public static func == (lhs: ParentChildrenSyncDownTarget, rhs: ParentChildrenSyncDownTarget) -> Bool { lhs.json == rhs.json }
}
