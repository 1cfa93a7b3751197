#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Random AES-GCM nonces for page seals, drawn from the system's random source a block at a
/// time: one system call serves 21 pages instead of two calls for every page.
///
/// Not thread-safe: ``PageCipher`` uses it under its lock. Every byte is handed out once.
final class NonceSource {
    /// The most `getentropy` returns in one call.
    private static let blockSize = 256
    private let block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 8)
    private var used = blockSize

    deinit {
        block.initializeMemory(as: UInt8.self, repeating: 0, count: Self.blockSize)
        block.deallocate()
    }

    /// Writes a fresh nonce of `PageFormat.nonceSize` bytes to `destination`; false when the
    /// system has no randomness to give.
    func fill(_ destination: UnsafeMutableRawPointer) -> Bool {
        let size = PageFormat.nonceSize
        if used + size > Self.blockSize {
            guard Self.random(block, count: Self.blockSize) else { return false }
            used = 0
        }
        destination.copyMemory(from: block + used, byteCount: size)
        used += size
        return true
    }

    private static func random(_ buffer: UnsafeMutableRawPointer, count: Int) -> Bool {
        #if canImport(Darwin)
            arc4random_buf(buffer, count)
            return true
        #else
            return getentropy(buffer, count) == 0
        #endif
    }
}
