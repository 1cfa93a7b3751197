/// A temporary file SQLite asked for (sort spills, temporary tables, statement journals), kept
/// in memory so that no plaintext of an encrypted store ever reaches the disk through one.
final class MemoryFile {
    private var bytes: [UInt8] = []

    var size: Int64 { Int64(bytes.count) }

    /// Copies bytes out; past the end reads zeros, as SQLite expects of a short read.
    func read(into buffer: UnsafeMutableRawPointer, count: Int, offset: Int64) -> Bool {
        let start = Int(clamping: offset)
        let available = max(0, min(count, bytes.count - start))
        if available > 0 {
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(start: buffer, count: available)
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + available]))
            }
        }
        if available < count { (buffer + available).initializeMemory(as: UInt8.self, repeating: 0, count: count - available) }
        return available == count
    }

    func write(from buffer: UnsafeRawPointer, count: Int, offset: Int64) {
        let start = Int(clamping: offset)
        if bytes.count < start + count { bytes.append(contentsOf: repeatElement(0, count: start + count - bytes.count)) }
        bytes.withUnsafeMutableBytes { target in
            UnsafeMutableRawBufferPointer(rebasing: target[start..<start + count])
                .copyMemory(from: UnsafeRawBufferPointer(start: buffer, count: count))
        }
    }

    func truncate(to size: Int64) {
        let size = Int(clamping: max(0, size))
        if size < bytes.count { bytes.removeSubrange(size...) }
    }
}
