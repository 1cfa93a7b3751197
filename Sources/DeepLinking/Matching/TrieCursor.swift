/// A depth-first walk of the trie that yields route indices in precedence order: at each depth
/// the literal child before the parameter child, and at the end the routes in file order.
///
/// The walk is iterative over caller-owned frames, so the routing path has no closures and no
/// reference counting.
struct TrieCursor {
    /// One level of the walk.
    struct Frame {
        var node: Int32
        var position: Int32
        /// 0: literal child next, 1: parameter child next, 2: done. At the last position,
        /// the index of the next terminal route instead.
        var step: Int32
    }

    private let view: TrieView
    private let segments: SegmentList
    private let start: Int
    private let end: Int
    private let foldFirst: Bool
    private let frames: UnsafeMutableBufferPointer<Frame>
    private var top = 0

    init(
        view: TrieView, segments: SegmentList, root: Int32, range: Range<Int>, foldFirst: Bool,
        frames: UnsafeMutableBufferPointer<Frame>
    ) {
        self.view = view
        self.segments = segments
        start = range.lowerBound
        end = range.upperBound
        self.foldFirst = foldFirst
        self.frames = frames
        frames[0] = Frame(node: root, position: Int32(range.lowerBound), step: 0)
    }

    /// The next matching route's index, or `nil` when there are no more.
    mutating func next() -> Int32? {
        while top >= 0 {
            let frame = frames[top]
            let node = view.nodes[Int(frame.node)]
            let position = Int(frame.position)
            if position == end {
                guard frame.step < node.terminalCount else {
                    top -= 1
                    continue
                }
                frames[top].step += 1
                return view.terminals[Int(node.terminalStart + frame.step)]
            }
            switch frame.step {
            case 0:
                frames[top].step = 1
                if node.literalCount > 0 {
                    let fold = foldFirst && position == start
                    let child = view.literalChild(of: node, matching: segments.bytes(at: position), fold: fold)
                    if child >= 0 { push(child, position + 1) }
                }
            case 1:
                frames[top].step = 2
                if node.parameterChild >= 0 { push(node.parameterChild, position + 1) }
            default:
                top -= 1
            }
        }
        return nil
    }

    private mutating func push(_ node: Int32, _ position: Int) {
        top += 1
        frames[top] = Frame(node: node, position: Int32(position), step: 0)
    }
}
