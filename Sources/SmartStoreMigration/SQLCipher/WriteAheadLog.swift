/// The committed pages of a SQLite write-ahead log, as SQLite itself would read them: frames
/// whose salts match the log's header and whose running checksum holds, up to the last frame
/// that ends a transaction; the latest frame of a page wins.
///
/// SQLCipher writes each frame's page encrypted, as in the database file; the headers and
/// checksums are SQLite's own, over the encrypted bytes.
struct WriteAheadLog {
    /// Where each committed page's latest frame begins, by page number.
    private(set) var frames: [Int: Int] = [:]
    /// The database's size in pages after the last committed transaction; nil with none.
    private(set) var committedPageCount: Int?

    private static let headerSize = 32
    private static let frameHeaderSize = 24

    /// The log in `bytes`, for pages of `pageSize` bytes; empty when it holds no committed frame.
    /// - Throws: ``SQLCipherError/unreadable(_:)`` when the log has bytes but no valid header:
    ///   SQLite never leaves one so, and the database without its log may be missing pages.
    init(_ bytes: [UInt8], pageSize: Int) throws(SQLCipherError) {
        guard !bytes.isEmpty else { return }
        let damaged = SQLCipherError.unreadable("its write-ahead log's header is damaged")
        guard bytes.count >= Self.headerSize else { throw damaged }
        let magic = Self.bigEndian(bytes, 0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, Int(Self.bigEndian(bytes, 8)) == pageSize else { throw damaged }
        let bigEndianWords = magic & 1 == 1
        let salts = (Self.bigEndian(bytes, 16), Self.bigEndian(bytes, 20))
        var sums = Self.checksum(bytes[0..<24], bigEndianWords: bigEndianWords, from: (0, 0))
        guard sums == (Self.bigEndian(bytes, 24), Self.bigEndian(bytes, 28)) else { throw damaged }
        var pending: [Int: Int] = [:]
        var offset = Self.headerSize
        while offset + Self.frameHeaderSize + pageSize <= bytes.count {
            guard (Self.bigEndian(bytes, offset + 8), Self.bigEndian(bytes, offset + 12)) == salts else { break }
            sums = Self.checksum(bytes[offset..<(offset + 8)], bigEndianWords: bigEndianWords, from: sums)
            let pageStart = offset + Self.frameHeaderSize
            sums = Self.checksum(bytes[pageStart..<(pageStart + pageSize)], bigEndianWords: bigEndianWords, from: sums)
            guard sums == (Self.bigEndian(bytes, offset + 16), Self.bigEndian(bytes, offset + 20)) else { break }
            let page = Int(Self.bigEndian(bytes, offset))
            guard page > 0 else { break }
            pending[page] = pageStart
            let pageCount = Int(Self.bigEndian(bytes, offset + 4))
            if pageCount > 0 {
                frames.merge(pending) { _, latest in latest }
                pending = [:]
                committedPageCount = pageCount
            }
            offset = pageStart + pageSize
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// SQLite's log checksum over `bytes` (a multiple of 8), continuing from `sums`.
    private static func checksum(
        _ bytes: ArraySlice<UInt8>, bigEndianWords: Bool, from sums: (UInt32, UInt32)
    ) -> (UInt32, UInt32) {
        var (first, second) = sums
        var index = bytes.startIndex
        func word(_ at: Int) -> UInt32 {
            let value = bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return bigEndianWords ? value : value.byteSwapped
        }
        while index < bytes.endIndex {
            first = first &+ word(index) &+ second
            second = second &+ word(index + 4) &+ first
            index += 8
        }
        return (first, second)
    }
}
