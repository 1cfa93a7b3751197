public import SalesforceCore

/// Syncs up the local changes of a tree of related records, each object in its own soup: a
/// parent and its children created offline go up together, at any depth (an Account, its
/// Contacts and their Cases), with each new child pointing to its new parent.
///
/// Changes go through composite requests (`allOrNone: false`, 25 subrequests each), parents
/// before children and children's deletes before their parents', with new parents referenced as
/// `@{ref.id}`; whole trees are packed into as few requests as the limit allows. A child whose
/// parent could not be created is not sent and says why; its siblings and parent are reported
/// for what they are.
///
/// Under LEAVE_IF_CHANGED a tree is left alone when any of its records changed or was deleted on
/// the server since it came down (as the SDK documents), and every update and delete is also
/// conditional (`If-Unmodified-Since`), so no change made between the check and the write is lost.
public struct ParentChildrenSyncUpTarget: Sendable, Hashable {
    /// The root object and its children, with the fields each sends.
    public var tree: RelatedObject

    /// A target for `tree`.
    public init(tree: RelatedObject) {
        self.tree = tree
    }

    /// Reads a target from its JSON, as ForceKit or an SDK wrote it (D7: `parentChildren`,
    /// `parent_children` or the iOS SDK's `rest` with `SFParentChildrenSyncUpTarget`; either
    /// spelling of the parent's field lists).
    public init(json: JSON) throws(SyncError) {
        tree = try RelatedObject(target: json, lists: .up)
    }

    /// Whether `json` describes a parent-children sync up rather than a one-soup one.
    static func describes(_ json: JSON) -> Bool {
        let type = json["type"]?.stringValue ?? ""
        let impl = json["iOSImpl"]?.stringValue ?? json["androidImpl"]?.stringValue ?? ""
        return type == "parentChildren" || type == "parent_children" || impl.contains("ParentChildren")
            || (json["parent"]?.objectValue != nil && json["children"] != nil)
    }

    /// The SDK's parent-children JSON (`"type": "parentChildren"`, D7's iOS spelling), with
    /// nested `children` when the tree is deeper or wider than one child type.
    public var json: JSON { .object(tree.targetJSON(type: "parentChildren", lists: .up)) }

    /// The one-soup target whose rules apply to `object`'s records.
    func recordTarget(for object: RelatedObject) -> SyncUpTarget {
        SyncUpTarget(
            kind: .batch, createFieldlist: object.createFieldlist ?? (object.fieldlist.isEmpty ? nil : object.fieldlist),
            updateFieldlist: object.updateFieldlist ?? (object.fieldlist.isEmpty ? nil : object.fieldlist), idFieldName: object.idFieldName,
            modificationDateFieldName: object.modificationDateFieldName)
    }
}
