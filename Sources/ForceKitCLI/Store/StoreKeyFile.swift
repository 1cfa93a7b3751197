import Crypto
import Foundation
import SalesforceCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The key of a store the CLI opens: 32 random bytes in a file only its owner can read (0600),
/// `DB.key` beside the database unless `--key-file` names another.
struct StoreKeyFile {
    let url: URL

    /// The key in the file. With `creating`, a missing file is created with a new random key;
    /// without, a missing file is an error, since a new key could not open the existing store.
    func key(creating: Bool) throws(CLIInputError) -> SymmetricKey {
        if FileManager.default.fileExists(atPath: url.path) {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CLIInputError("the key file \(url.path) cannot be read")
            }
            guard data.count == 32 else {
                throw CLIInputError("the key file \(url.path) holds \(data.count) bytes; a store key is 32 bytes")
            }
            return SymmetricKey(data: data)
        }
        guard creating else {
            throw CLIInputError("the store is encrypted and its key file \(url.path) is missing; name the key with --key-file, or use --plaintext for a plain store")
        }
        let key = SymmetricKey(size: .bits256)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw CLIInputError("the key file \(url.path) cannot be created: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == 32 else { throw CLIInputError("the key file \(url.path) was not fully written") }
        return key
    }
}
