import Crypto
import CryptoExtras
import Foundation
import SalesforceKeys

/// Reads SQLCipher 4 pages: checks each page's HMAC-SHA512, then decrypts it with AES-256-CBC,
/// giving the page SQLite wrote.
struct SQLCipherPages: Sendable {
    private let pageKey: SymmetricKey
    private let macKey: SymmetricKey
    /// Whether page 1 keeps its first 32 bytes plain; else its first 16 are the salt.
    private let plainHeader: Bool

    /// The keys for a file with `salt`, derived from `key` as SQLCipher derives them.
    init(key: SQLCipherKey, salt: [UInt8], plainHeader: Bool) throws(SQLCipherError) {
        let pageKeyBytes: Data
        do {
            switch key.secret {
            case .passphrase(let text, let iterations):
                guard (1...Int(UInt32.max)).contains(iterations) else {
                    throw SQLCipherError.unreadable("a passphrase is stretched 1 to \(UInt32.max) times, not \(iterations)")
                }
                pageKeyBytes = try PassphraseKey.deriveAsFormatRequires(
                    Data(text.utf8), salt: salt, rounds: iterations, byteCount: SQLCipherFormat.keySize)
            case .raw(let bytes):
                guard bytes.count == SQLCipherFormat.keySize else {
                    throw SQLCipherError.unreadable("a raw key has 32 bytes, not \(bytes.count)")
                }
                pageKeyBytes = bytes
            }
            let macSalt = salt.map { $0 ^ SQLCipherFormat.macSaltMask }
            let macKeyBytes = try PassphraseKey.deriveAsFormatRequires(
                pageKeyBytes, salt: macSalt, rounds: SQLCipherFormat.macKeyRounds, byteCount: SQLCipherFormat.keySize)
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
        guard page.count == SQLCipherFormat.pageSize else { throw .unreadable("page \(number) is cut short") }
        let start = page.startIndex
        let encryptedFrom = number == 1 ? (plainHeader ? SQLCipherFormat.plainHeaderSize : SQLCipherFormat.saltSize) : 0
        let ciphertext = page[(start + encryptedFrom)..<(start + SQLCipherFormat.usableSize)]
        let iv = page[(start + SQLCipherFormat.usableSize)..<(start + SQLCipherFormat.usableSize + SQLCipherFormat.ivSize)]
        let mac = page[(start + SQLCipherFormat.usableSize + SQLCipherFormat.ivSize)...]
        var code = HMAC<SHA512>(key: macKey)
        code.update(data: ciphertext)
        code.update(data: iv)
        code.update(data: withUnsafeBytes(of: UInt32(number).littleEndian) { Array($0) })
        guard code.finalize() == mac else { throw number == 1 ? .wrongKey : .damagedPage(number) }
        let decrypted: Data
        do {
            decrypted = try AES._CBC.decrypt(ciphertext, using: pageKey, iv: try AES._CBC.IV(ivBytes: iv), noPadding: true)
        } catch {
            throw .damagedPage(number)
        }
        var plain: [UInt8] = []
        plain.reserveCapacity(SQLCipherFormat.pageSize)
        if number == 1 {
            plain += plainHeader ? Array(page.prefix(SQLCipherFormat.plainHeaderSize)) : SQLCipherFormat.sqliteHeader
        }
        plain += decrypted
        plain += repeatElement(0, count: SQLCipherFormat.reserveSize)
        return plain
    }
}
