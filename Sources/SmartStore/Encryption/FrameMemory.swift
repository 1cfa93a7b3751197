import Foundation

/// The plaintext of the WAL frames a connection sealed most recently, so that a checkpoint run
/// by the same connection, right after a commit, reads them without decrypting each page a second
/// time. A store's checkpoints usually run on a connection of their own (`LogCheckpointer`),
/// which copies the frames sealed (``EncryptedFile/copiesSealedFrames``); the writer checkpoints
/// itself only when that connection is missing.
///
/// A remembered page is returned only when the frame on disk still carries the nonce and tag it
/// was sealed with and the page number it was sealed for: a frame written since, by this or any
/// other connection, is opened as usual. The ciphertext between nonce and tag is not compared,
/// so what SQLite reads is always what was sealed; should it have been changed on disk in the
/// meantime, the checkpoint copies the changed frame and the database page fails when next read.
///
/// Not thread-safe: one connection's WAL uses it.
final class FrameMemory {
    /// Frames remembered at most: SQLite checkpoints once the WAL holds 1,000 pages (4 MiB).
    static let capacity = 1_024
    private static let sealSize = PageFormat.nonceSize + PageFormat.tagSize

    private var plainPages: UnsafeMutableRawPointer?
    /// Each remembered frame's nonce and tag, as on disk.
    private let seals = UnsafeMutableRawPointer.allocate(byteCount: capacity * sealSize, alignment: 8)
    private var pageNumbers = [UInt32](repeating: 0, count: capacity)
    private var offsetBySlot = [Int64?](repeating: nil, count: capacity)
    private var slotByOffset: [Int64: Int] = [:]
    private var nextSlot = 0

    deinit {
        plainPages?.deallocate()
        seals.deallocate()
    }

    /// Remembers that the frame page at `offset` holds `plain`, sealed as `sealed` for page
    /// `pageNumber`; the oldest frame is forgotten when the memory is full.
    func remember(_ plain: UnsafeRawPointer, sealed: UnsafeRawPointer, pageNumber: UInt32, offset: Int64) {
        let pages = plainPages ?? UnsafeMutableRawPointer.allocate(byteCount: Self.capacity * PageFormat.sealedBytes, alignment: 16)
        plainPages = pages
        let slot: Int
        if let existing = slotByOffset[offset] {
            slot = existing
        } else {
            slot = nextSlot
            nextSlot = (nextSlot + 1) % Self.capacity
            if let old = offsetBySlot[slot] { slotByOffset[old] = nil }
            offsetBySlot[slot] = offset
            slotByOffset[offset] = slot
        }
        (pages + slot * PageFormat.sealedBytes).copyMemory(from: plain, byteCount: PageFormat.sealedBytes)
        pageNumbers[slot] = pageNumber
        let seal = seals + slot * Self.sealSize
        seal.copyMemory(from: sealed, byteCount: PageFormat.nonceSize)
        (seal + PageFormat.nonceSize).copyMemory(
            from: sealed + PageFormat.nonceSize + PageFormat.sealedBytes, byteCount: PageFormat.tagSize)
    }

    /// Writes the remembered plaintext of the frame page at `offset` into `plain` (SQLite's
    /// reserved bytes zero) when `sealed`, as read from disk, is the page this connection sealed
    /// there for `pageNumber`; false otherwise.
    func recall(offset: Int64, sealed: UnsafeRawPointer, pageNumber: UInt32, into plain: UnsafeMutableRawPointer) -> Bool {
        guard let pages = plainPages, let slot = slotByOffset[offset], pageNumbers[slot] == pageNumber else { return false }
        let seal = seals + slot * Self.sealSize
        guard memcmp(seal, sealed, PageFormat.nonceSize) == 0,
            memcmp(seal + PageFormat.nonceSize, sealed + PageFormat.nonceSize + PageFormat.sealedBytes, PageFormat.tagSize) == 0
        else { return false }
        plain.copyMemory(from: pages + slot * PageFormat.sealedBytes, byteCount: PageFormat.sealedBytes)
        (plain + PageFormat.sealedBytes).initializeMemory(as: UInt8.self, repeating: 0, count: PageFormat.reservedBytes)
        return true
    }
}
