import SOQL
import SalesforceCore
import SmartStore

/// The local changes of a tree target, gathered by tree: each dirty record with the root it
/// belongs to, and the records whose parent is not in the store.
struct TreeChanges: Sendable {
    /// One tree with local changes: its root's id and its dirty records, parents first.
    struct Tree: Sendable {
        let rootId: String
        var records: [(level: Int, record: JSON)]
    }

    var trees: [Tree] = []
    /// Dirty records whose parent is not in the store: they cannot be placed in a tree.
    var orphans: [(level: Int, record: JSON)] = []

    var count: Int { trees.reduce(0) { $0 + $1.records.count } + orphans.count }

    /// Reads the dirty records of every soup of the tree, inside `tx`.
    init(_ trees: RecordTrees, tx: StoreTransaction) throws {
        var byRoot: [String: Int] = [:]
        for level in trees.levels.indices {
            let idField = trees.levels[level].object.idFieldName
            for record in try trees.dirtyRecords(at: level, tx: tx) {
                guard let id = record[idField]?.stringValue, let root = try trees.rootId(ofRecordAt: level, id: id, record: record, tx: tx)
                else {
                    orphans.append((level, record))
                    continue
                }
                if let index = byRoot[root] {
                    self.trees[index].records.append((level, record))
                } else {
                    byRoot[root] = self.trees.count
                    self.trees.append(Tree(rootId: root, records: [(level, record)]))
                }
            }
        }
    }

    /// The trees in groups that fit in one composite request each, whole trees together; a tree
    /// larger than a request is a group of its own, sent in several.
    func groups(limit: Int) -> [[Tree]] {
        var groups: [[Tree]] = []
        var current: [Tree] = []
        var size = 0
        for tree in trees {
            if !current.isEmpty && size + tree.records.count > limit {
                groups.append(current)
                current = []
                size = 0
            }
            current.append(tree)
            size += tree.records.count
        }
        if !current.isEmpty { groups.append(current) }
        return groups
    }
}

extension RecordTrees {
    /// Every local record of the tree under `rootId`, clean ones included, by level.
    func records(ofTreeWithRoot rootId: String, tx: StoreTransaction) throws -> [(level: Int, record: JSON)] {
        var found: [(level: Int, record: JSON)] = []
        var idsByLevel: [Int: [String]] = [0: [rootId]]
        if let root = try local(rootId, at: 0, tx: tx) { found.append((0, root)) }
        for index in levels.indices.dropFirst() {
            let object = levels[index].object
            guard let parent = levels[index].parent else { continue }
            for parentId in idsByLevel[parent] ?? [] {
                for child in try children(at: index, of: parentId, tx: tx) {
                    found.append((index, child))
                    if let id = child[object.idFieldName]?.stringValue { idsByLevel[index, default: []].append(id) }
                }
            }
        }
        return found
    }
}

/// A record's modification stamp in milliseconds: its base's when it has local changes (what
/// the server had when it came down), else its own.
func baseStampMilliseconds(of record: JSON, field: String) -> Int64? {
    let text = (record[SyncField.base]?[field] ?? record[field])?.stringValue
    return text.flatMap(SOQLDateTime.init(parsing:))?.millisecondsSinceEpoch
}
