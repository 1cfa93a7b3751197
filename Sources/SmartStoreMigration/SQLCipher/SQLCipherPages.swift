import Crypto
import CryptoExtras
import Foundation
import SalesforceKeys

/// Reads SQLCipher pages: checks each page's HMAC (SHA-512 in version 4, SHA-1 in 3), then
/// decrypts it with AES-256-CBC, giving the page SQLite wrote.
struct SQLCipherPages: Sendable {
    let format: SQLCipherFormat
    private let pageKey: SymmetricKey
    private let macKey: SymmetricKey
    /// Whether page 1 keeps its first 32 bytes plain; else its first 16 are the salt.
    private let plainHeader: Bool

    /// The keys for a file of `format` with `salt`, derived from `key` as SQLCipher derives them,
    /// a passphrase stretched `iterations` times.
    init(key: SQLCipherKey, iterations: Int, format: SQLCipherFormat, salt: [UInt8], plainHeader: Bool) throws(SQLCipherError) {
        self.format = format
        let pageKeyBytes: Data
        do {
            switch key.secret {
            case .passphrase(let text, _):
                guard (1...Int(UInt32.max)).contains(iterations) else {
                    throw SQLCipherError.unreadable("a passphrase is stretched 1 to \(UInt32.max) times, not \(iterations)")
                }
                pageKeyBytes = try PassphraseKey.deriveAsFormatRequires(
                    Data(text.utf8), salt: salt, rounds: iterations, byteCount: SQLCipherFormat.keySize, sha1: format.usesSHA1)
            case .raw(let bytes):
                guard bytes.count == SQLCipherFormat.keySize else {
                    throw SQLCipherError.unreadable("a raw key has 32 bytes, not \(bytes.count)")
                }
                pageKeyBytes = bytes
            }
            let macSalt = salt.map { $0 ^ SQLCipherFormat.macSaltMask }
            let macKeyBytes = try PassphraseKey.deriveAsFormatRequires(
                pageKeyBytes, salt: macSalt, rounds: SQLCipherFormat.macKeyRounds, byteCount: SQLCipherFormat.keySize,
                sha1: format.usesSHA1)
            pageKey = SymmetricKey(data: pageKeyBytes)
            macKey = SymmetricKey(data: macKeyBytes)
        } catch let error as SQLCipherError {
            throw error
        } catch {
            // The range of the rounds is checked above; what is left is the crypto library refusing the key.
            throw .unreadable("its keys could not be derived from the key given")
        }
        self.plainHeader = plainHeader
    }

    /// Page `number` (from 1) as SQLite wrote it: authenticated, decrypted, its reserve zeroed,
    /// and page 1 with SQLite's header.
    func plaintext(of page: ArraySlice<UInt8>, number: Int) throws(SQLCipherError) -> [UInt8] {
        guard page.count == format.pageSize else { throw .unreadable("page \(number) is cut short") }
        let start = page.startIndex
        let usable = format.usableSize
        let encryptedFrom = number == 1 ? (plainHeader ? SQLCipherFormat.plainHeaderSize : SQLCipherFormat.saltSize) : 0
        let ciphertext = page[(start + encryptedFrom)..<(start + usable)]
        let iv = page[(start + usable)..<(start + usable + SQLCipherFormat.ivSize)]
        let macStart = start + usable + SQLCipherFormat.ivSize
        let mac = page[macStart..<(macStart + format.macSize)]
        let number32 = withUnsafeBytes(of: UInt32(number).littleEndian) { Array($0) }
        let authentic: Bool
        if format.usesSHA1 {
            var code = HMAC<Insecure.SHA1>(key: macKey)
            code.update(data: ciphertext)
            code.update(data: iv)
            code.update(data: number32)
            authentic = code.finalize() == mac
        } else {
            var code = HMAC<SHA512>(key: macKey)
            code.update(data: ciphertext)
            code.update(data: iv)
            code.update(data: number32)
            authentic = code.finalize() == mac
        }
        guard authentic else { throw number == 1 ? .wrongKey : .damagedPage(number) }
        let decrypted: Data
        do {
            decrypted = try AES._CBC.decrypt(ciphertext, using: pageKey, iv: try AES._CBC.IV(ivBytes: iv), noPadding: true)
        } catch {
            throw .damagedPage(number)
        }
        var plain: [UInt8] = []
        plain.reserveCapacity(format.pageSize)
        if number == 1 {
            plain += plainHeader ? Array(page.prefix(SQLCipherFormat.plainHeaderSize)) : SQLCipherFormat.sqliteHeader
        }
        plain += decrypted
        plain += repeatElement(0, count: format.reserveSize)
        return plain
    }
}
