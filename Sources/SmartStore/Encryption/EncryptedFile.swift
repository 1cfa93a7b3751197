import Foundation
import GRDB
import GRDBSQLite

/// A store file SQLite opened through the encrypting VFS: the database, its WAL or a rollback
/// journal. Reads decrypt and writes encrypt every page image; everything else (the WAL's own
/// headers, journal headers, locks, shared memory) goes to the wrapped file unchanged.
///
/// SQLite uses a file from one connection at a time, so the scratch pages need no lock.
final class EncryptedFile {
    /// Where page images sit in the file.
    enum Layout {
        /// Page `n` at `(n - 1) * pageSize`.
        case database
        /// After a 32-byte header, frames of a 24-byte header (starting with the page number) and a page.
        case wal
        /// Records of a 4-byte page number, a page and a checksum, after headers padded to
        /// sectors; a page image is the only page-sized I/O not aligned to 8 bytes.
        case journal
        /// No page images (a super-journal's names): passed through.
        case passthrough

        /// Bytes before each page image that hold its page number.
        var pageHeaderSize: Int64 {
            switch self {
            case .wal: Int64(PageFormat.walFrameHeaderSize)
            case .journal: Int64(PageFormat.journalRecordHeaderSize)
            case .database, .passthrough: 0
            }
        }
    }

    let layout: Layout
    let cipher: PageCipher
    /// The wrapped file, opened by the default VFS.
    let base: UnsafeMutablePointer<sqlite3_file>
    /// For a database, the WAL of the same connection: a checkpoint reads each frame from it and
    /// then writes the same page here, so the frame's sealed bytes can be written as they are.
    weak var wal: EncryptedFile?
    /// For a database, the name it is known by in ``ConnectionFiles`` until it closes.
    var connectionName: sqlite3_filename?

    /// A page image as on disk, with room before it for a WAL frame header.
    private let scratch = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.walFrameHeaderSize + PageFormat.pageSize, alignment: 16)
    private var sealedPage: UnsafeMutableRawPointer { scratch + PageFormat.walFrameHeaderSize }
    /// The page `sealedPage` holds, decrypted.
    private let openedPage = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.pageSize, alignment: 16)
    /// The number of the page in `sealedPage` and `openedPage` after a read that opened one.
    private var lastOpenedPage: UInt32?
    /// The page-number header SQLite last wrote on its own, just before the page it numbers.
    private var lastPageHeader: (offset: Int64, pageNumber: UInt32)?
    /// For a WAL, the pages this connection sealed last, which its checkpoint reads back.
    private lazy var frameMemory = FrameMemory()
    /// For a database opened by a store's checkpointing connection (`LogCheckpointer`): while
    /// that connection holds SQLite's checkpoint lock, its WAL hands out whole frames sealed and
    /// they are written into the database as they are, so a checkpoint neither opens nor seals.
    var copiesSealedFrames = false
    /// For a WAL: whether whole-page reads return the frame as sealed on disk (during a
    /// checkpoint by a connection that copies sealed frames).
    private var readsSealedFrames = false
    /// For a WAL, the page number of the frame the last read returned sealed.
    private var lastSealedFrame: UInt32?

    init(layout: Layout, cipher: PageCipher, base: UnsafeMutablePointer<sqlite3_file>) {
        self.layout = layout
        self.cipher = cipher
        self.base = base
    }

    deinit {
        if let connectionName { ConnectionFiles.removeDatabase(name: connectionName) }
        scratch.deallocate()
        openedPage.deallocate()
    }

    private static let pageSize = Int64(PageFormat.pageSize)

    // MARK: - Reading

    func read(into buffer: UnsafeMutableRawPointer, count: Int, offset: Int64) -> Int32 {
        let range = offset..<offset + Int64(count)
        let starts = pageStarts(overlapping: range)
        var remaining = starts.makeIterator()
        guard let first = remaining.next() else { return baseRead(buffer, count, offset) }
        lastOpenedPage = nil
        lastSealedFrame = nil
        // The usual read, one whole page image, reads the file once (with the page's header)
        // into the scratch page and opens it from there.
        let wholePage = first == offset && count == PageFormat.pageSize
        var result = SQLITE_OK
        if !wholePage {
            result = baseRead(buffer, count, offset)
            guard Self.succeeded(result) else { return result }
        }
        let headerSize = Int(layout.pageHeaderSize)
        let image = sealedPage - headerSize
        for start in starts {
            let headerStart = start - layout.pageHeaderSize
            if !wholePage && range.contains(headerStart) && start + Self.pageSize <= range.upperBound {
                image.copyMemory(from: buffer + Int(headerStart - offset), byteCount: headerSize + PageFormat.pageSize)
            } else {
                let pageResult = baseRead(image, headerSize + PageFormat.pageSize, headerStart)
                guard Self.succeeded(pageResult) else { return pageResult }
                if wholePage { result = pageResult }
            }
            let pageNumber = layout == .database ? Self.databasePageNumber(at: start) : UnsafeRawPointer(image).loadBigEndianUInt32()
            // A checkpoint only copies the frame into the database: it gets the sealed bytes.
            if wholePage && readsSealedFrames && cipher.isSealedWithCurrentKey(sealedPage) {
                buffer.copyMemory(from: sealedPage, byteCount: PageFormat.pageSize)
                lastSealedFrame = pageNumber
                return result
            }
            // Only the WAL keeps what it opened, for the checkpoint that writes it next.
            let opensInPlace = wholePage && layout != .wal
            let destination = opensInPlace ? buffer : openedPage
            let overlap = max(start, range.lowerBound)..<min(start + Self.pageSize, range.upperBound)
            let outcome =
                layout == .wal && frameMemory.recall(offset: start, sealed: sealedPage, pageNumber: pageNumber, into: destination)
                ? .opened
                : cipher.open(sealedPage, into: destination, pageNumber: pageNumber)
            switch outcome {
            case .opened, .blank:
                if !opensInPlace {
                    (buffer + Int(overlap.lowerBound - offset))
                        .copyMemory(from: openedPage + Int(overlap.lowerBound - start), byteCount: overlap.count)
                }
                if outcome == .opened { lastOpenedPage = pageNumber }
            case .unknownKey, .tampered:
                if layout == .journal {
                    // SQLite's record checksum rejects the raw bytes and ends the playback there.
                    if wholePage { buffer.copyMemory(from: sealedPage, byteCount: count) }
                    continue
                }
                if layout == .wal && range.contains(headerStart) {
                    rejectFrame(in: buffer, range: range, pageStart: start, overlap: overlap)
                    continue
                }
                return ResultCode.SQLITE_IOERR_DATA.rawValue
            }
        }
        return result
    }

    /// A frame that does not open while SQLite scans the WAL after a crash is one whose write
    /// never finished. Spoiling its salt makes SQLite end the log there, as it does when its own
    /// checksum fails, instead of failing the whole store.
    private func rejectFrame(in buffer: UnsafeMutableRawPointer, range: Range<Int64>, pageStart: Int64, overlap: Range<Int64>) {
        (buffer + Int(overlap.lowerBound - range.lowerBound)).initializeMemory(as: UInt8.self, repeating: 0, count: overlap.count)
        let saltStart = pageStart - Int64(PageFormat.walFrameHeaderSize) + 8
        for position in saltStart..<saltStart + 8 where range.contains(position) {
            let byte = buffer + Int(position - range.lowerBound)
            byte.storeBytes(of: ~byte.load(as: UInt8.self), as: UInt8.self)
        }
    }

    // MARK: - Writing

    func write(from buffer: UnsafeRawPointer, count: Int, offset: Int64) -> Int32 {
        let range = offset..<offset + Int64(count)
        if layout.pageHeaderSize > 0 && count >= 4 && count < PageFormat.pageSize {
            lastPageHeader = (offset, buffer.loadBigEndianUInt32())
        }
        let starts = pageStarts(overlapping: range)
        var remaining = starts.makeIterator()
        guard remaining.next() != nil else { return baseWrite(buffer, count, offset) }
        // A page is sealed whole or not written: a partial page image would reach the disk in the clear.
        guard starts.allSatisfy({ range.contains($0) && $0 + Self.pageSize <= range.upperBound }) else {
            return ResultCode.SQLITE_IOERR_WRITE.rawValue
        }
        lastOpenedPage = nil
        if count == PageFormat.pageSize {
            guard let pageNumber = pageNumber(ofPageAt: offset, in: buffer, range: range) else {
                return ResultCode.SQLITE_IOERR_WRITE.rawValue
            }
            if layout == .database, let frame = wal?.lastSealedFrame {
                // What the WAL handed out sealed comes back unchanged, to the same page, or not at all.
                guard frame == pageNumber, let wal, memcmp(wal.sealedPage, buffer, PageFormat.pageSize) == 0 else {
                    return ResultCode.SQLITE_IOERR_WRITE.rawValue
                }
                return baseWrite(buffer, count, offset)
            }
            if let frame = checkpointedFrame(buffer, pageNumber: pageNumber) { return baseWrite(frame, count, offset) }
            if let failure = seal(buffer, pageNumber: pageNumber) { return failure }
            if layout == .wal { frameMemory.remember(buffer, sealed: sealedPage, pageNumber: pageNumber, offset: offset) }
            return baseWrite(sealedPage, count, offset)
        }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { copy.deallocate() }
        copy.copyMemory(from: buffer, byteCount: count)
        for start in starts {
            guard let pageNumber = pageNumber(ofPageAt: start, in: buffer, range: range) else {
                return ResultCode.SQLITE_IOERR_WRITE.rawValue
            }
            if let failure = seal(buffer + Int(start - offset), pageNumber: pageNumber) { return failure }
            (copy + Int(start - offset)).copyMemory(from: sealedPage, byteCount: PageFormat.pageSize)
        }
        return baseWrite(copy, count, offset)
    }

    /// Seals one page into `sealedPage`; returns an error code when it must not be written.
    private func seal(_ page: UnsafeRawPointer, pageNumber: UInt32) -> Int32? {
        // Page 1 carries the database header: its reserved-bytes count must leave room for the
        // seal, or sealing would drop bytes SQLite keeps in the page.
        let header = UnsafeRawBufferPointer(start: page, count: PageFormat.sqliteHeader.count)
        if header.elementsEqual(PageFormat.sqliteHeader),
            page.load(fromByteOffset: PageFormat.reservedBytesHeaderOffset, as: UInt8.self) != UInt8(PageFormat.reservedBytes)
        {
            return ResultCode.SQLITE_IOERR_WRITE.rawValue
        }
        do {
            try cipher.seal(page, into: sealedPage, pageNumber: pageNumber)
            return nil
        } catch {
            return ResultCode.SQLITE_IOERR_WRITE.rawValue
        }
    }

    /// Follows the database's shared-memory locks: SQLite's checkpoint lock (slot 1, alone,
    /// exclusive) taken by a connection that copies sealed frames switches its WAL to handing
    /// them out sealed until the lock is released.
    func shmLockChanged(offset: Int32, count: Int32, flags: Int32) {
        guard layout == .database, copiesSealedFrames, offset == 1, count == 1, let wal else { return }
        if flags == SQLITE_SHM_LOCK | SQLITE_SHM_EXCLUSIVE {
            wal.readsSealedFrames = true
        } else if flags & SQLITE_SHM_UNLOCK != 0 {
            wal.readsSealedFrames = false
            wal.lastSealedFrame = nil
        }
    }

    /// The sealed frame a checkpoint is copying into the database, when `page` is what this
    /// connection's WAL just opened for page `pageNumber` (with the current key): writing those
    /// bytes as they are saves sealing the page a second time.
    private func checkpointedFrame(_ page: UnsafeRawPointer, pageNumber: UInt32) -> UnsafeRawPointer? {
        guard layout == .database, let wal, wal.lastOpenedPage == pageNumber,
            memcmp(wal.openedPage, page, PageFormat.sealedBytes) == 0,
            cipher.isSealedWithCurrentKey(wal.sealedPage)
        else { return nil }
        return UnsafeRawPointer(wal.sealedPage)
    }

    // MARK: - Layout

    /// The offset of every page image that overlaps `range`.
    func pageStarts(overlapping range: Range<Int64>) -> StrideTo<Int64> {
        let none = stride(from: Int64(0), to: 0, by: 1)
        guard !range.isEmpty else { return none }
        switch layout {
        case .database:
            return stride(from: range.lowerBound / Self.pageSize * Self.pageSize, to: range.upperBound, by: PageFormat.pageSize)
        case .wal:
            let frameSize = Int64(PageFormat.walFrameHeaderSize) + Self.pageSize
            let firstPage = Int64(PageFormat.walHeaderSize + PageFormat.walFrameHeaderSize)
            // The first frame whose page ends after the range starts.
            let beforeEnd = range.lowerBound - firstPage - Self.pageSize
            let frame = beforeEnd < 0 ? 0 : beforeEnd / frameSize + 1
            return stride(from: firstPage + frame * frameSize, to: range.upperBound, by: Int(frameSize))
        case .journal:
            guard range.count == PageFormat.pageSize && range.lowerBound % 8 == 4 else { return none }
            return stride(from: range.lowerBound, to: range.upperBound, by: PageFormat.pageSize)
        case .passthrough:
            return none
        }
    }

    /// The number of the page whose image starts at `start` in the database file.
    private static func databasePageNumber(at start: Int64) -> UInt32 {
        UInt32(truncatingIfNeeded: start / pageSize + 1)
    }

    /// The number of the page SQLite writes at `start`: from its offset in the database; from
    /// the header before it in a WAL or journal, in the same write, the one just before, or on disk.
    private func pageNumber(ofPageAt start: Int64, in buffer: UnsafeRawPointer, range: Range<Int64>) -> UInt32? {
        if layout == .database { return Self.databasePageNumber(at: start) }
        let headerStart = start - layout.pageHeaderSize
        if range.contains(headerStart) { return (buffer + Int(headerStart - range.lowerBound)).loadBigEndianUInt32() }
        if let header = lastPageHeader, header.offset == headerStart { return header.pageNumber }
        var bytes: UInt32 = 0
        let result = withUnsafeMutableBytes(of: &bytes) { header in
            header.baseAddress.map { baseRead($0, header.count, headerStart) } ?? ResultCode.SQLITE_IOERR_READ.rawValue
        }
        return result == SQLITE_OK ? UInt32(bigEndian: bytes) : nil
    }

    // MARK: - The wrapped file

    private static func succeeded(_ result: Int32) -> Bool {
        result == SQLITE_OK || result == ResultCode.SQLITE_IOERR_SHORT_READ.rawValue
    }

    private func baseRead(_ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int64) -> Int32 {
        base.pointee.pMethods.pointee.xRead?(base, buffer, Int32(count), offset) ?? ResultCode.SQLITE_IOERR_READ.rawValue
    }

    private func baseWrite(_ buffer: UnsafeRawPointer, _ count: Int, _ offset: Int64) -> Int32 {
        base.pointee.pMethods.pointee.xWrite?(base, buffer, Int32(count), offset) ?? ResultCode.SQLITE_IOERR_WRITE.rawValue
    }
}

extension UnsafeRawPointer {
    /// The big-endian 32-bit number at the pointer, aligned or not.
    fileprivate func loadBigEndianUInt32() -> UInt32 {
        UInt32(bigEndian: loadUnaligned(as: UInt32.self))
    }
}
