package import Foundation

/// A SQLCipher 4 database as SQLite would read it: every page authenticated and decrypted, with
/// the transactions its write-ahead log holds applied. The files are only read.
package enum SQLCipherDatabase {
    /// The plain database: its pages in order, page 1 marked as having no log (the copy needs none).
    /// - Throws: ``SQLCipherError`` when the key is wrong, a page was changed, the salt is
    ///   missing, or the file is not such a database.
    package static func plaintext(of url: URL, key: SQLCipherKey) throws(SQLCipherError) -> [UInt8] {
        let file = try read(url)
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
            return file[start..<(start + SQLCipherFormat.pageSize)]
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
        var plain: [UInt8] = []
        plain.reserveCapacity(pageCount * SQLCipherFormat.pageSize)
        for number in 1...pageCount {
            plain += try pages.plaintext(of: try encryptedPage(number), number: number)
        }
        // Bytes 18 and 19: the file format's write and read versions, 2 in WAL mode.
        plain[18] = 1
        plain[19] = 1
        return plain
    }

    private static func read(_ url: URL) throws(SQLCipherError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw .unreadable("\(url.lastPathComponent) cannot be read (\(error.localizedDescription))")
        }
    }
}
