import Crypto
import Foundation
import SalesforceCore
import SalesforceKeys

/// The key of a store the CLI opens: a `KeyFile` (SalesforceKeys) (32 random bytes, mode 0600),
/// `DB.key` beside the database unless `--key-file` names another.
struct StoreKeyFile {
    let url: URL

    /// The key in the file. With `creating`, a missing file is created with a new random key;
    /// without, a missing file is an error, since a new key could not open the existing store.
    func key(creating: Bool) throws(CLIInputError) -> SymmetricKey {
        let file = KeyFile(url: url, label: "in \(url.path)")
        let existing: SymmetricKey?
        do { existing = try file.read() } catch { throw CLIInputError(error.message) }
        if let existing { return existing }
        guard creating else {
            throw CLIInputError(
                "the store is encrypted and its key file \(url.path) is missing; name the key with --key-file, or use --plaintext for a plain store"
            )
        }
        do { return try file.create() } catch { throw CLIInputError(error.message) }
    }
}
