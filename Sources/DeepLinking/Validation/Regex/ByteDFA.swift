/// A deterministic automaton that decides whether a whole ASCII value matches a pattern.
///
/// Built once when the configuration loads; matching is one table lookup per byte, with no
/// backtracking, so no pattern can make validation slow.
struct ByteDFA: Sendable {
    /// Above this many states the pattern is left to NSRegularExpression.
    static let maximumStates = 1024

    /// `transitions[state * 128 + byte]` is the next state; state 0 is the dead state.
    private let transitions: [UInt16]
    private let accepting: [Bool]

    /// Whether the whole value matches, or `nil` when the value has non-ASCII bytes, which the
    /// automaton does not model.
    func wholeMatch(_ value: UnsafeBufferPointer<UInt8>) -> Bool? {
        var state = 1
        for byte in value {
            guard byte < 0x80 else { return nil }
            state = Int(transitions[state &* 128 &+ Int(byte)])
            // No state left after an ASCII prefix: ICU, reading the same characters, has none either.
            if state == 0 { return false }
        }
        return accepting[state]
    }

    /// Compiles a pattern in the supported subset.
    /// - Throws: ``UnsupportedRegexSyntax`` when the pattern or its automaton is out of reach.
    init(pattern: String) throws(UnsupportedRegexSyntax) {
        let nfa = try ByteNFA(RegexSyntaxParser.parse(pattern))
        var stateIndex: [[Int32]: UInt16] = [[]: 0]
        var sets: [[Int32]] = [[]]
        var transitions = [UInt16](repeating: 0, count: 128)
        var accepting = [false]

        func index(of set: [Int32]) throws(UnsupportedRegexSyntax) -> UInt16 {
            if let existing = stateIndex[set] { return existing }
            guard sets.count < Self.maximumStates else { throw UnsupportedRegexSyntax() }
            let new = UInt16(sets.count)
            stateIndex[set] = new
            sets.append(set)
            transitions.append(contentsOf: repeatElement(0, count: 128))
            accepting.append(set.contains(Int32(nfa.acceptState)))
            return new
        }

        _ = try index(of: nfa.closure(of: [nfa.startState]))
        var next = 1
        while next < sets.count {
            let current = sets[next]
            for byte in UInt8(0)..<128 {
                let targets = current.compactMap { nfa.target(of: Int($0), on: byte) }
                guard !targets.isEmpty else { continue }
                transitions[next * 128 + Int(byte)] = try index(of: nfa.closure(of: targets))
            }
            next += 1
        }
        self.transitions = transitions
        self.accepting = accepting
    }
}

/// A Thompson automaton: states that consume one byte of a set, or branch without consuming.
struct ByteNFA {
    enum State {
        case consume(ByteSet, next: Int)
        case branch([Int])
        case accept
    }

    /// Above this many states, counted repetitions have expanded too far.
    static let maximumStates = 4096

    private(set) var states: [State] = [.accept]
    let acceptState = 0
    private(set) var startState = 0

    init(_ root: RegexNode) throws(UnsupportedRegexSyntax) {
        startState = try compile(root, then: acceptState)
    }

    /// Adds the states for `node`, continuing to `next`, and returns the entry state.
    private mutating func compile(_ node: RegexNode, then next: Int) throws(UnsupportedRegexSyntax) -> Int {
        guard states.count < Self.maximumStates else { throw UnsupportedRegexSyntax() }
        switch node {
        case .bytes(let set):
            return add(.consume(set, next: next))
        case .sequence(let items):
            var entry = next
            for item in items.reversed() { entry = try compile(item, then: entry) }
            return entry
        case .alternatives(let branches):
            var entries: [Int] = []
            for branch in branches { entries.append(try compile(branch, then: next)) }
            return add(.branch(entries))
        case .repetition(let item, let minimum, let maximum):
            var entry: Int
            if let maximum {
                entry = next
                for _ in 0..<(maximum - minimum) {
                    let body = try compile(item, then: entry)
                    entry = add(.branch([body, next]))
                }
            } else {
                let loop = add(.branch([]))
                let body = try compile(item, then: loop)
                states[loop] = .branch([body, next])
                entry = loop
            }
            for _ in 0..<minimum { entry = try compile(item, then: entry) }
            return entry
        }
    }

    private mutating func add(_ state: State) -> Int {
        states.append(state)
        return states.count - 1
    }

    /// The consuming and accepting states reachable from `entries` without consuming, sorted.
    func closure(of entries: [Int]) -> [Int32] {
        var seen = Set<Int>()
        var stack = entries
        var result: [Int32] = []
        while let state = stack.popLast() {
            guard seen.insert(state).inserted else { continue }
            switch states[state] {
            case .consume, .accept: result.append(Int32(state))
            case .branch(let targets): stack.append(contentsOf: targets)
            }
        }
        return result.sorted()
    }

    /// Where a consuming state goes on `byte`, if it accepts it.
    func target(of state: Int, on byte: UInt8) -> Int? {
        if case .consume(let set, let next) = states[state], set.contains(byte) { return next }
        return nil
    }
}
