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
        /// After a 32-byte header, frames of a 24-byte header and a page.
        case wal
        /// Records of a 4-byte page number, a page and a checksum, after headers padded to
        /// sectors; a page image is the only page-sized I/O not aligned to 8 bytes.
        case journal
        /// No page images (a super-journal's names): passed through.
        case passthrough
    }

    let layout: Layout
    let cipher: PageCipher
    /// The wrapped file, opened by the default VFS.
    let base: UnsafeMutablePointer<sqlite3_file>
    private let sealed = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.pageSize, alignment: 16)
    private let opened = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.pageSize, alignment: 16)

    init(layout: Layout, cipher: PageCipher, base: UnsafeMutablePointer<sqlite3_file>) {
        self.layout = layout
        self.cipher = cipher
        self.base = base
    }

    deinit {
        sealed.deallocate()
        opened.deallocate()
    }

    private static let pageSize = Int64(PageFormat.pageSize)

    private var role: PageCipher.FileRole {
        switch layout {
        case .database, .passthrough: .database
        case .wal: .wal
        case .journal: .journal
        }
    }

    // MARK: - Reading

    func read(into buffer: UnsafeMutableRawPointer, count: Int, offset: Int64) -> Int32 {
        let result = baseRead(buffer, count, offset)
        guard result == SQLITE_OK || result == ResultCode.SQLITE_IOERR_SHORT_READ.rawValue else { return result }
        let range = offset..<offset + Int64(count)
        for start in pageStarts(overlapping: range) {
            let pageRange = start..<start + Self.pageSize
            if range.contains(pageRange.lowerBound) && pageRange.upperBound <= range.upperBound {
                sealed.copyMemory(from: buffer + Int(start - offset), byteCount: PageFormat.pageSize)
            } else {
                let pageResult = baseRead(sealed, PageFormat.pageSize, start)
                guard pageResult == SQLITE_OK || pageResult == ResultCode.SQLITE_IOERR_SHORT_READ.rawValue else { return pageResult }
            }
            let outcome = cipher.open(sealed, into: opened, role: role, offset: start)
            let overlap = max(start, range.lowerBound)..<min(pageRange.upperBound, range.upperBound)
            switch outcome {
            case .opened, .blank:
                (buffer + Int(overlap.lowerBound - offset))
                    .copyMemory(from: opened + Int(overlap.lowerBound - start), byteCount: Int(overlap.count))
            case .unknownKey, .tampered:
                if layout == .journal { continue }  // SQLite's record checksum rejects the raw bytes.
                if layout == .wal && range.lowerBound <= start - Int64(PageFormat.walFrameHeaderSize) {
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
        let starts = pageStarts(overlapping: range)
        guard !starts.isEmpty else { return baseWrite(buffer, count, offset) }
        // A page is sealed whole or not written: a partial page image would reach the disk in the clear.
        guard starts.allSatisfy({ range.contains($0) && $0 + Self.pageSize <= range.upperBound }) else {
            return ResultCode.SQLITE_IOERR_WRITE.rawValue
        }
        if starts.count == 1 && count == PageFormat.pageSize {
            return sealAndWrite(buffer, at: offset) ?? baseWrite(sealed, count, offset)
        }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        defer { copy.deallocate() }
        copy.copyMemory(from: buffer, byteCount: count)
        for start in starts {
            if let failure = sealAndWrite(buffer + Int(start - offset), at: start) { return failure }
            (copy + Int(start - offset)).copyMemory(from: sealed, byteCount: PageFormat.pageSize)
        }
        return baseWrite(copy, count, offset)
    }

    /// Seals one page into `sealed`; returns an error code when it must not be written.
    private func sealAndWrite(_ page: UnsafeRawPointer, at offset: Int64) -> Int32? {
        // Page 1 carries the database header: its reserved-bytes count must leave room for the
        // trailer, or sealing would overwrite what SQLite keeps in the page.
        let header = UnsafeRawBufferPointer(start: page, count: PageFormat.sqliteHeader.count)
        if header.elementsEqual(PageFormat.sqliteHeader),
           page.load(fromByteOffset: PageFormat.reservedBytesHeaderOffset, as: UInt8.self) != UInt8(PageFormat.reservedBytes) {
            return ResultCode.SQLITE_IOERR_WRITE.rawValue
        }
        do {
            try cipher.seal(page, into: sealed, role: role, offset: offset)
            return nil
        } catch {
            return ResultCode.SQLITE_IOERR_WRITE.rawValue
        }
    }

    // MARK: - Layout

    /// The offset of every page image that overlaps `range`.
    func pageStarts(overlapping range: Range<Int64>) -> [Int64] {
        guard !range.isEmpty else { return [] }
        switch layout {
        case .database:
            return (range.lowerBound / Self.pageSize...(range.upperBound - 1) / Self.pageSize).map { $0 * Self.pageSize }
        case .wal:
            let header = Int64(PageFormat.walHeaderSize), frameHeader = Int64(PageFormat.walFrameHeaderSize)
            let frameSize = frameHeader + Self.pageSize
            var frame = max(0, (range.lowerBound - header) / frameSize)
            var starts: [Int64] = []
            while true {
                let start = header + frame * frameSize + frameHeader
                guard start < range.upperBound else { return starts }
                if start + Self.pageSize > range.lowerBound { starts.append(start) }
                frame += 1
            }
        case .journal:
            return range.count == PageFormat.pageSize && range.lowerBound % 8 == 4 ? [range.lowerBound] : []
        case .passthrough:
            return []
        }
    }

    // MARK: - The wrapped file

    private func baseRead(_ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int64) -> Int32 {
        base.pointee.pMethods.pointee.xRead?(base, buffer, Int32(count), offset) ?? ResultCode.SQLITE_IOERR_READ.rawValue
    }

    private func baseWrite(_ buffer: UnsafeRawPointer, _ count: Int, _ offset: Int64) -> Int32 {
        base.pointee.pMethods.pointee.xWrite?(base, buffer, Int32(count), offset) ?? ResultCode.SQLITE_IOERR_WRITE.rawValue
    }
}
