package import Foundation

/// A SQLCipher 4 or 3 database as SQLite would read it: every page authenticated and decrypted, with
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
    /// log (usually small) whole. SQLCipher 4's layout is tried first, then version 3's (the
    /// Mobile SDK's before 8.0), each with the rounds the key gives and the version's own.
    /// - Throws: as ``plaintext(of:key:)``.
    package static func decrypt(
        _ url: URL, key: SQLCipherKey, into destination: (_ size: Int) throws(SQLCipherError) -> UnsafeMutableRawBufferPointer
    ) throws(SQLCipherError) {
        let file = try PageFile(url)
        defer { file.close() }
        let logURL = URL(fileURLWithPath: url.path + "-wal")
        let logBytes = FileManager.default.fileExists(atPath: logURL.path) ? try read(logURL) : []
        // Why each layout did not fit, the first (version 4's) told unless a later one found the key.
        var refusal: SQLCipherError?
        for format in [SQLCipherFormat.version4, .version3] {
            for iterations in key.iterations(for: format) {
                do {
                    try decrypt(file, log: logBytes, key: key, iterations: iterations, format: format, into: destination)
                    return
                } catch Attempt.notThisLayout(let reason) {
                    if refusal == nil { refusal = reason }
                } catch Attempt.failed(let failure) {
                    throw failure
                } catch {
                    throw .unreadable("\(error)")
                }
            }
        }
        throw refusal ?? .wrongKey
    }

    /// Why one layout did not give the database: not this one (its pages do not fit, or its
    /// first page does not authenticate), or this one and a failure on the way.
    private enum Attempt: Error {
        case notThisLayout(SQLCipherError)
        case failed(SQLCipherError)
    }

    private static func decrypt(
        _ file: PageFile, log logBytes: [UInt8], key: SQLCipherKey, iterations: Int, format: SQLCipherFormat,
        into destination: (_ size: Int) throws(SQLCipherError) -> UnsafeMutableRawBufferPointer
    ) throws {
        let pageSize = format.pageSize
        let log: WriteAheadLog
        do { log = try WriteAheadLog(logBytes, pageSize: pageSize) } catch { throw Attempt.notThisLayout(error) }
        guard file.count % pageSize == 0 else {
            throw Attempt.notThisLayout(.unreadable("its size, \(file.count) bytes, is not a whole number of \(pageSize)-byte pages"))
        }
        let pageCount = log.committedPageCount ?? file.count / pageSize
        guard pageCount > 0 else { throw Attempt.failed(.unreadable("it is empty")) }
        // The log's headers are not authenticated: a size it claims must be one the files can hold.
        guard pageCount <= file.count / pageSize + log.frames.count else {
            throw Attempt.notThisLayout(.unreadable("its log says it has \(pageCount) pages, more than the files hold"))
        }
        func encryptedPage(_ number: Int) throws(SQLCipherError) -> ArraySlice<UInt8> {
            if let start = log.frames[number] { return logBytes[start..<(start + pageSize)] }
            let start = (number - 1) * pageSize
            guard start + pageSize <= file.count else { throw .unreadable("page \(number) is missing") }
            return try file.bytes(at: start, count: pageSize)[...]
        }
        do {
            let first = try encryptedPage(1)
            let plainHeader =
                format.version >= 4 && Array(first.prefix(SQLCipherFormat.sqliteHeader.count)) == SQLCipherFormat.sqliteHeader
                && first[first.startIndex + SQLCipherFormat.reserveOffsetInHeader] == UInt8(format.reserveSize)
            if let given = key.salt, given.count != SQLCipherFormat.saltSize {
                throw SQLCipherError.unreadable("a salt has 16 bytes, not \(given.count)")
            }
            // A file with a plain header needs the salt given; any other holds its own, so one key
            // with the app's salt opens all of an app's stores, with plain headers or not.
            let salt: [UInt8]
            if plainHeader {
                guard let given = key.salt else { throw SQLCipherError.saltNeeded }
                salt = Array(given)
            } else {
                salt = Array(first.prefix(SQLCipherFormat.saltSize))
            }
            let pages = try SQLCipherPages(key: key, iterations: iterations, format: format, salt: salt, plainHeader: plainHeader)
            let firstPage: [UInt8]
            do { firstPage = try pages.plaintext(of: first, number: 1) } catch {
                throw error == .wrongKey ? Attempt.notThisLayout(.wrongKey) : Attempt.failed(error)
            }
            let buffer = try destination(pageCount * pageSize)
            for number in 1...pageCount {
                let page = number == 1 ? firstPage : try pages.plaintext(of: try encryptedPage(number), number: number)
                let offset = (number - 1) * pageSize
                page.withUnsafeBytes {
                    UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + page.count)]).copyMemory(from: $0)
                }
            }
            // Bytes 18 and 19: the file format's write and read versions, 2 in WAL mode.
            buffer[18] = 1
            buffer[19] = 1
        } catch let attempt as Attempt {
            throw attempt
        } catch let error as SQLCipherError {
            throw Attempt.failed(error)
        }
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
