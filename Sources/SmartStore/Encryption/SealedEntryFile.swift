import Crypto
import Foundation

/// The format of an externally stored entry in an encrypted store: AES-256-GCM in chunks, so a
/// large entry is sealed and opened a piece at a time.
///
/// A 24-byte header (`FKX1`, the key check, the chunk size, an 8-byte random nonce prefix and
/// four zero bytes) is followed by chunks of ciphertext and a 16-byte tag. Chunk `i` uses the
/// nonce prefix and `i` as its nonce and authenticates the header, the entry's place
/// (`TABLE_n/soupelt_id`) and whether it is the last chunk, so chunks cannot be reordered,
/// dropped or cut short, nor a file put in another entry's place, without failing.
enum SealedEntryFile {
    static let magic: [UInt8] = Array("FKX1".utf8)
    static let headerSize = 24
    static let chunkSize = 64 * 1024
    static let tagSize = 16

    /// Why a sealed entry does not open.
    enum Failure: Error {
        case unknownKey
        case tampered
    }

    /// Seals `bytes`, the entry at `place`, into a new file at `url` with the cipher's current key.
    static func write(_ bytes: [UInt8], to url: URL, place: String, cipher: PageCipher) throws {
        let key = cipher.currentKey
        var header = magic + key.check
        withUnsafeBytes(of: UInt32(chunkSize).bigEndian) { header.append(contentsOf: $0) }
        var generator = SystemRandomNumberGenerator()
        let prefix = (0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        header += prefix + [0, 0, 0, 0]
        guard FileManager.default.createFile(atPath: url.path, contents: Data(header)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        var start = 0
        var index: UInt32 = 0
        repeat {
            let end = min(start + chunkSize, bytes.count)
            let isLast = end == bytes.count
            let box = try AES.GCM.seal(
                bytes[start..<end], using: key.key, nonce: try nonce(prefix, index),
                authenticating: associatedData(header, place, isLast))
            try handle.write(contentsOf: box.ciphertext + box.tag)
            start = end
            index += 1
        } while start < bytes.count
    }

    /// Opens the file at `url`, which must hold the entry at `place`, a chunk at a time.
    static func read(_ url: URL, place: String, cipher: PageCipher) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 0)
        let header = [UInt8](try handle.read(upToCount: headerSize) ?? Data())
        guard header.count == headerSize, header.starts(with: magic) else { throw Failure.tampered }
        guard let key = cipher.key(withCheck: header[4..<8]) else { throw Failure.unknownKey }
        let storedChunkSize = header[8..<12].reduce(0) { $0 << 8 | Int($1) }
        guard storedChunkSize > 0, storedChunkSize <= 16 * 1024 * 1024 else { throw Failure.tampered }
        let prefix = Array(header[12..<20])
        var plain = Data()
        var offset = UInt64(headerSize)
        var index: UInt32 = 0
        repeat {
            let record = try handle.read(upToCount: storedChunkSize + tagSize) ?? Data()
            guard record.count >= tagSize else { throw Failure.tampered }
            offset += UInt64(record.count)
            let isLast = offset == size
            do {
                let box = try AES.GCM.SealedBox(
                    nonce: try nonce(prefix, index),
                    ciphertext: record.dropLast(tagSize), tag: record.suffix(tagSize))
                plain.append(try AES.GCM.open(box, using: key.key, authenticating: associatedData(header, place, isLast)))
            } catch {
                throw Failure.tampered
            }
            index += 1
        } while offset < size
        return plain
    }

    private static func associatedData(_ header: [UInt8], _ place: String, _ isLast: Bool) -> [UInt8] {
        header + Array(place.utf8) + [isLast ? 1 : 0]
    }

    private static func nonce(_ prefix: [UInt8], _ index: UInt32) throws -> AES.GCM.Nonce {
        var bytes = prefix
        withUnsafeBytes(of: index.bigEndian) { bytes.append(contentsOf: $0) }
        return try AES.GCM.Nonce(data: bytes)
    }
}
