import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        if let key = try await existingKey(for: label) { return key }
        let key = SymmetricKey(size: .bits256)
        let bytes = key.withUnsafeBytes { Data($0) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(label: label, reason: error.localizedDescription)
        }
        let path = file(for: label).path
        // O_EXCL: if another process got there first, its key wins and is read back.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor < 0 {
            if errno == EEXIST, let key = try await existingKey(for: label) { return key }
            throw .unwritable(label: label, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw .unwritable(label: label, reason: "the key file was not fully written") }
        return key
    }

    /// The key, if its file exists.
    public func existingKey(for label: String) async throws(KeyStoreError) -> SymmetricKey? {
        let url = file(for: label)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable(label: label, reason: "\(url.path) cannot be read")
        }
        guard data.count == 32 else { throw .corrupt(label: label) }
        return SymmetricKey(data: data)
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
    public func file(for label: String) -> URL {
        let safe = String(label.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".key")
    }
}
