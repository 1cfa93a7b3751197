extension Array {
    /// The array in consecutive pieces of at most `size` (at least 1): the batches a request or
    /// a statement takes at most.
    package func chunks(of size: Int) -> [[Element]] {
        let size = Swift.max(1, size)
        return stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
