import Crypto
import CryptoExtras
import Foundation

/// The files the SDK kept externally stored entries in (its `externalStorage` soups, SDK 4.3 to
/// 10.x), one file an entry: `<folder>/TABLE_<soup id>/soupelt_<entry id>`, each the entry's JSON
/// encrypted with the store's 32 key bytes.
///
/// Two formats are read, those of the SDK versions that last wrote them:
/// - iOS 9.2 to 10.x: the text in 512-byte pieces, each sealed with AES-256-GCM as nonce (12
///   bytes), ciphertext and tag (16), the pieces one after another;
/// - Android 8.2 to 10.x: base64 text of an IV (12 bytes), the AES-256-GCM ciphertext and its tag,
///   the IV also authenticated as additional data; and, for files written before 8.2 and never
///   rewritten (8.2 and later still read them), base64 text of a 16-byte IV and AES-256-CBC text
///   with PKCS#7 padding. Such a file is not authenticated: one changed or read with another key
///   is told apart only by its padding and, later, by not being a JSON object.
struct ExternalEntryFiles: Sendable {
    /// How a platform's SDK wrote the files.
    enum Format: Sendable {
        case iOS
        case android
    }

    let folder: URL
    let format: Format
    let key: SymmetricKey

    /// The sealed pieces of an iOS file: 512 bytes of text with their nonce and tag.
    static let iOSPieceSize = 512 + 12 + 16

    /// The entry's JSON text.
    /// - Throws: ``EntryFileError`` when the file is missing, does not authenticate with the
    ///   key, or is not UTF-8.
    func text(table: String, id: Int64) throws(EntryFileError) -> String {
        let url = folder.appendingPathComponent(table, isDirectory: true).appendingPathComponent("soupelt_\(id)")
        let sealed: Data
        do { sealed = try Data(contentsOf: url) } catch {
            throw EntryFileError("entry \(id)'s file \(url.path) cannot be read (\(error.localizedDescription))")
        }
        let plain: Data
        do {
            plain = try format == .iOS ? openPieces(sealed) : openAndroid(sealed)
        } catch {
            throw EntryFileError(
                "entry \(id)'s file \(url.path) does not open with the store's key: it was changed, or another key wrote it")
        }
        guard let text = String(bytes: plain, encoding: .utf8) else {
            throw EntryFileError("entry \(id)'s file \(url.path) is not UTF-8 text")
        }
        return text
    }

    private func openPieces(_ sealed: Data) throws -> Data {
        var plain = Data()
        var start = sealed.startIndex
        while start < sealed.endIndex {
            let end = min(start + Self.iOSPieceSize, sealed.endIndex)
            plain += try AES.GCM.open(AES.GCM.SealedBox(combined: sealed[start..<end]), using: key)
            start = end
        }
        return plain
    }

    private func openAndroid(_ file: Data) throws -> Data {
        guard let sealed = Data(base64Encoded: file, options: .ignoreUnknownCharacters), sealed.count >= 12 + 16 else {
            throw EntryFileError("not base64")
        }
        let iv = sealed.prefix(12)
        do {
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: iv), ciphertext: sealed.dropFirst(12).dropLast(16), tag: sealed.suffix(16))
            return try AES.GCM.open(box, using: key, authenticating: iv)
        } catch {
            // Written before 8.2: a 16-byte IV and CBC text, a whole number of blocks.
            guard sealed.count >= 32, (sealed.count - 16).isMultiple(of: 16) else { throw error }
            return try AES._CBC.decrypt(sealed.dropFirst(16), using: key, iv: AES._CBC.IV(ivBytes: sealed.prefix(16)))
        }
    }
}

/// Why an entry file could not be read; the message names the file.
struct EntryFileError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
