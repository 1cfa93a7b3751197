/// The route patterns as a trie over segments, flattened into arrays of plain values.
///
/// Each node has its literal children (a short list, or an open-addressing hash table when
/// there are many), at most one parameter child, and the routes that end there in file order.
/// Search tries the literal child before the parameter child at every depth, which is the
/// precedence rule: a literal beats a parameter, compared left to right.
final class RouteTrie: @unchecked Sendable {
    struct Node: Sendable {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        /// `capacity - 1` of the node's hash table, or `-1` when its literals are a short list.
        var hashMask: Int32 = -1
        var parameterChild: Int32 = -1
        var terminalStart: Int32 = 0
        var terminalCount: Int32 = 0
    }

    struct LiteralEntry: Sendable {
        var hash: UInt32 = 0
        var offset: Int32 = 0
        var length: Int32 = 0
        /// The child node, or `-1` for an empty hash slot.
        var child: Int32 = -1
    }

    /// Lists longer than this become hash tables.
    static let linearLimit = 6

    /// The tables, in memory this object owns and never changes after `init`: routing reads
    /// them through plain pointers, with no reference counting on the hot path (which is why
    /// the type is `@unchecked Sendable`: it is immutable).
    private let view: TrieView

    /// The root for patterns whose first segment is the host.
    static let hostRoot: Int32 = 0
    /// The root for patterns that start with `/` and match the path alone.
    static let pathRoot: Int32 = 1

    /// Builds the trie. `patterns[i]` is route `i`'s pattern; a route without one (a default
    /// route placed among the routes) is never matched by pattern.
    init(patterns: [RoutePattern?]) {
        let hostRoot = BuilderNode()
        let pathRoot = BuilderNode()
        for (index, pattern) in patterns.enumerated() {
            guard let pattern else { continue }
            var node = pattern.matchesPathOnly ? pathRoot : hostRoot
            for (depth, segment) in pattern.segments.enumerated() {
                switch segment {
                case .literal(let text):
                    // Hosts are case-insensitive, so a host pattern's first literal is stored folded.
                    let folded = !pattern.matchesPathOnly && depth == 0
                    node = node.literalChild(Array((folded ? text.lowercased() : text).utf8))
                case .parameter:
                    node = node.parameterChild()
                }
            }
            node.routes.append(Int32(index))
        }
        var flattener = Flattener()
        flattener.flatten(roots: [hostRoot, pathRoot])
        view = TrieView(
            nodes: Self.copy(flattener.nodes), literals: Self.copy(flattener.literals),
            arena: Self.copy(flattener.arena), terminals: Self.copy(flattener.terminals))
    }

    deinit {
        view.nodes.deallocate()
        view.literals.deallocate()
        view.arena.deallocate()
        view.terminals.deallocate()
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// A cursor over the routes that match `segments[range]` exactly, in precedence order.
    /// `frames` must hold `range.count + 1` frames; the caller owns it (stack memory).
    func cursor(
        from root: Int32, segments: SegmentList, range: Range<Int>, foldFirst: Bool,
        frames: UnsafeMutableBufferPointer<TrieCursor.Frame>
    ) -> TrieCursor {
        TrieCursor(view: view, segments: segments, root: root, range: range, foldFirst: foldFirst, frames: frames)
    }

    /// FNV-1a over the segment's bytes, ASCII-lower-cased when `fold` is set.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, fold: Bool) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(fold ? folded(byte) : byte)) &* 16_777_619
        }
        return hash
    }

    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}

/// The trie's tables as plain pointers: what the search walks.
struct TrieView {
    let nodes: UnsafeBufferPointer<RouteTrie.Node>
    let literals: UnsafeBufferPointer<RouteTrie.LiteralEntry>
    let arena: UnsafeBufferPointer<UInt8>
    let terminals: UnsafeBufferPointer<Int32>

    func literalChild(of node: RouteTrie.Node, matching segment: UnsafeBufferPointer<UInt8>, fold: Bool) -> Int32 {
        let start = Int(node.literalStart)
        if node.hashMask < 0 {
            // A short list: comparing lengths first is cheaper than hashing the segment.
            for slot in start..<(start + Int(node.literalCount)) {
                let entry = literals[slot]
                if equals(entry, segment, fold: fold) { return entry.child }
            }
            return -1
        }
        let hash = RouteTrie.hash(segment, fold: fold)
        var slot = Int(hash) & Int(node.hashMask)
        while true {
            let entry = literals[start + slot]
            if entry.child < 0 { return -1 }
            if entry.hash == hash, equals(entry, segment, fold: fold) { return entry.child }
            slot = (slot + 1) & Int(node.hashMask)
        }
    }

    private func equals(_ entry: RouteTrie.LiteralEntry, _ segment: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        guard Int(entry.length) == segment.count else { return false }
        var offset = Int(entry.offset)
        for byte in segment {
            if arena[offset] != (fold ? RouteTrie.folded(byte) : byte) { return false }
            offset += 1
        }
        return true
    }

}

// MARK: - Building

/// A mutable trie node used while building.
private final class BuilderNode {
    var literalKeys: [[UInt8]] = []
    var literalNodes: [[UInt8]: BuilderNode] = [:]
    var parameter: BuilderNode?
    var routes: [Int32] = []

    func literalChild(_ key: [UInt8]) -> BuilderNode {
        if let existing = literalNodes[key] { return existing }
        let node = BuilderNode()
        literalNodes[key] = node
        literalKeys.append(key)
        return node
    }

    func parameterChild() -> BuilderNode {
        if let parameter { return parameter }
        let node = BuilderNode()
        parameter = node
        return node
    }
}

/// Lays the builder nodes out breadth-first into flat arrays.
private struct Flattener {
    var nodes: [RouteTrie.Node] = []
    var literals: [RouteTrie.LiteralEntry] = []
    var arena: [UInt8] = []
    var terminals: [Int32] = []

    mutating func flatten(roots: [BuilderNode]) {
        var queue = roots
        var indices = [ObjectIdentifier: Int32]()
        for (index, root) in roots.enumerated() { indices[ObjectIdentifier(root)] = Int32(index) }
        nodes = Array(repeating: RouteTrie.Node(), count: roots.count)
        func index(of child: BuilderNode) -> Int32 {
            if let existing = indices[ObjectIdentifier(child)] { return existing }
            let new = Int32(nodes.count)
            indices[ObjectIdentifier(child)] = new
            nodes.append(RouteTrie.Node())
            queue.append(child)
            return new
        }
        var next = 0
        while next < queue.count {
            let builder = queue[next]
            let nodeIndex = Int(indices[ObjectIdentifier(builder)] ?? 0)
            next += 1
            var node = RouteTrie.Node()
            node.terminalStart = Int32(terminals.count)
            node.terminalCount = Int32(builder.routes.count)
            terminals.append(contentsOf: builder.routes)
            if let parameter = builder.parameter { node.parameterChild = index(of: parameter) }
            let entries = builder.literalKeys.map { key -> RouteTrie.LiteralEntry in
                let entry = RouteTrie.LiteralEntry(
                    hash: key.withUnsafeBufferPointer { RouteTrie.hash($0, fold: false) },
                    offset: Int32(arena.count), length: Int32(key.count),
                    child: index(of: builder.literalNodes[key] ?? BuilderNode()))
                arena.append(contentsOf: key)
                return entry
            }
            node.literalStart = Int32(literals.count)
            node.literalCount = Int32(entries.count)
            if entries.count <= RouteTrie.linearLimit {
                literals.append(contentsOf: entries)
            } else {
                var capacity = 1
                while capacity < entries.count * 2 { capacity <<= 1 }
                var table = [RouteTrie.LiteralEntry](repeating: RouteTrie.LiteralEntry(), count: capacity)
                for entry in entries {
                    var slot = Int(entry.hash) & (capacity - 1)
                    while table[slot].child >= 0 { slot = (slot + 1) & (capacity - 1) }
                    table[slot] = entry
                }
                node.hashMask = Int32(capacity - 1)
                literals.append(contentsOf: table)
            }
            nodes[nodeIndex] = node
        }
    }
}
