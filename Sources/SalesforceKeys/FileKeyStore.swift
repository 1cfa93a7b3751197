public import Crypto
public import Foundation

/// Keys kept as files readable only by their owner (mode 0600, in a 0700 folder): the Linux
/// key store, where there is no Keychain. Anyone who can read the folder can read the keys, so it
/// belongs under the user's home, never in a shared place.
public struct FileKeyStore: KeyStore {
    /// The folder the key files are in.
    public let directory: URL

    /// A store in `directory`, created with mode 0700 when missing.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The key, created when missing. Two processes creating it at once end up with the same key.
    public func key(for label: String) async throws(KeyStoreError) -> SymmetricKey {
        let file = KeyFile(url: file(for: label), label: label)
        if let key = try file.read() { return key }
        return try file.create()
    }

    /// The key, if its file exists.
    public func existingKey(for label: String) async throws(KeyStoreError) -> SymmetricKey? {
        try KeyFile(url: file(for: label), label: label).read()
    }

    /// Deletes the key file.
    public func removeKey(for label: String) async throws(KeyStoreError) {
        let url = file(for: label)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .unwritable(label: label, reason: error.localizedDescription)
        }
    }

    /// The file for a label: the label with anything but letters, digits, `.`, `-` and `_` replaced.
    /// A letter that a mark joins to a `/` (one Swift `Character`) is replaced too, so no label
    /// names a file outside the folder.
    public func file(for label: String) -> URL {
        let safe = String(
            label.map { character in
                let kept = character.isLetter || character.isNumber || "._-".contains(character)
                return kept && !character.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) ? character : "_"
            })
        return directory.appendingPathComponent(safe + ".key")
    }
}
