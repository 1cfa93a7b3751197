package import Foundation

/// A SQLCipher 4 database as SQLite would read it: every page authenticated and decrypted, with
/// the transactions its write-ahead log holds applied. The files are only read.
package enum SQLCipherDatabase {
    /// The plain database: its pages in order, page 1 marked as having no log (the copy needs none).
    /// - Throws: ``SQLCipherError`` when the key is wrong, a page was changed, the salt is
    ///   missing, or the file is not such a database.
    package static func plaintext(of url: URL, key: SQLCipherKey) throws(SQLCipherError) -> [UInt8] {
        var buffer: UnsafeMutableRawBufferPointer?
        defer { buffer?.deallocate() }
        try decrypt(url, key: key) { size throws(SQLCipherError) in
            let allocated = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            buffer = allocated
            return allocated
        }
        return buffer.map { Array($0) } ?? []
    }

    /// Decrypts the database page by page into the buffer `destination` gives for its size in
    /// bytes, so the plain copy is the only one held: the file is read a page at a time, and the
    /// log (usually small) whole.
    /// - Throws: as ``plaintext(of:key:)``.
    package static func decrypt(
        _ url: URL, key: SQLCipherKey, into destination: (_ size: Int) throws(SQLCipherError) -> UnsafeMutableRawBufferPointer
    ) throws(SQLCipherError) {
        let file = try PageFile(url)
        defer { file.close() }
        let logURL = URL(fileURLWithPath: url.path + "-wal")
        let logBytes = FileManager.default.fileExists(atPath: logURL.path) ? try read(logURL) : []
        let log = try WriteAheadLog(logBytes, pageSize: SQLCipherFormat.pageSize)
        guard file.count % SQLCipherFormat.pageSize == 0 else {
            throw .unreadable("its size, \(file.count) bytes, is not a whole number of \(SQLCipherFormat.pageSize)-byte pages")
        }
        let pageCount = log.committedPageCount ?? file.count / SQLCipherFormat.pageSize
        guard pageCount > 0 else { throw .unreadable("it is empty") }
        // The log's headers are not authenticated: a size it claims must be one the files can hold.
        guard pageCount <= file.count / SQLCipherFormat.pageSize + log.frames.count else {
            throw .unreadable("its log says it has \(pageCount) pages, more than the files hold")
        }
        func encryptedPage(_ number: Int) throws(SQLCipherError) -> ArraySlice<UInt8> {
            if let start = log.frames[number] { return logBytes[start..<(start + SQLCipherFormat.pageSize)] }
            let start = (number - 1) * SQLCipherFormat.pageSize
            guard start + SQLCipherFormat.pageSize <= file.count else { throw .unreadable("page \(number) is missing") }
            return try file.bytes(at: start, count: SQLCipherFormat.pageSize)[...]
        }

        let first = try encryptedPage(1)
        let plainHeader =
            Array(first.prefix(SQLCipherFormat.sqliteHeader.count)) == SQLCipherFormat.sqliteHeader
            && first[first.startIndex + SQLCipherFormat.reserveOffsetInHeader] == UInt8(SQLCipherFormat.reserveSize)
        let salt: [UInt8]
        if let given = key.salt {
            guard given.count == SQLCipherFormat.saltSize else { throw .unreadable("a salt has 16 bytes, not \(given.count)") }
            salt = Array(given)
        } else {
            guard !plainHeader else { throw .saltNeeded }
            salt = Array(first.prefix(SQLCipherFormat.saltSize))
        }
        let pages = try SQLCipherPages(key: key, salt: salt, plainHeader: plainHeader)
        let buffer = try destination(pageCount * SQLCipherFormat.pageSize)
        for number in 1...pageCount {
            let page = try pages.plaintext(of: try encryptedPage(number), number: number)
            let offset = (number - 1) * SQLCipherFormat.pageSize
            page.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + page.count)]).copyMemory(from: $0) }
        }
        // Bytes 18 and 19: the file format's write and read versions, 2 in WAL mode.
        buffer[18] = 1
        buffer[19] = 1
    }

    private static func read(_ url: URL) throws(SQLCipherError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable("\(url.lastPathComponent) cannot be read (\(error.localizedDescription))")
        }
    }
}

/// A database file read a page at a time, never whole.
private struct PageFile {
    let handle: FileHandle
    let url: URL
    /// The file's size in bytes.
    let count: Int

    init(_ url: URL) throws(SQLCipherError) {
        self.url = url
        do {
            handle = try FileHandle(forReadingFrom: url)
            count = Int(try handle.seekToEnd())
        } catch {
            throw .unreadable("\(url.lastPathComponent) cannot be read (\(error.localizedDescription))")
        }
    }

    /// `count` bytes from `offset`.
    func bytes(at offset: Int, count: Int) throws(SQLCipherError) -> [UInt8] {
        do {
            try handle.seek(toOffset: UInt64(offset))
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw SQLCipherError.unreadable("\(url.lastPathComponent) ends inside a page") }
            return Array(data)
        } catch let error as SQLCipherError {
            throw error
        } catch {
            throw .unreadable("\(url.lastPathComponent) cannot be read (\(error.localizedDescription))")
        }
    }

    func close() {
        try? handle.close()
    }
}
