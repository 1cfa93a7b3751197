public import Crypto
public import Foundation
import SalesforceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One key in a file only its owner can read (mode 0600): its 32 bytes, nothing else.
/// ``FileKeyStore`` keeps each of its keys this way; a tool that keeps a key beside its data
/// (the CLI's `DB.key`) uses one directly.
public struct KeyFile: Sendable {
    /// The file.
    public let url: URL
    /// What errors call the key.
    public let label: String

    /// The key file at `url`; errors name it `label`, or the path.
    public init(url: URL, label: String? = nil) {
        self.url = url
        self.label = label ?? url.path
    }

    /// The key in the file, or nil when there is no file.
    /// - Throws: ``KeyStoreError/unreadable(label:reason:)`` also when users other than the
    ///   owner may read the file: the key may be known to them, so it is not used (as ssh refuses
    ///   a private key others can read).
    public func read() throws(KeyStoreError) -> SymmetricKey? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int, mode & 0o077 != 0 {
            throw .unreadable(
                label: label,
                reason: "\(url.path) is readable by other users (mode \(String(mode, radix: 8))), so the key may be known to them; "
                    + "if nobody else could have read it, make it the owner's only (chmod 600), otherwise re-encrypt the data with a new key"
            )
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable(label: label, reason: "\(url.path) cannot be read")
        }
        guard data.count == 32 else { throw .corrupt(label: label) }
        return SymmetricKey(data: data)
    }

    /// Creates the file with a new random key, and its folder (mode 0700) when missing, as a
    /// store is created in a folder that does not exist yet. The file is created exclusively, so
    /// when another process creates it at the same moment, both end up with that process's key.
    public func create() throws(KeyStoreError) -> SymmetricKey {
        do {
            try OwnerOnlyFiles.createFolder(url.deletingLastPathComponent())
        } catch {
            throw .unwritable(label: label, reason: error.localizedDescription)
        }
        let key = SymmetricKey(size: .bits256)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor < 0 {
            if errno == EEXIST, let existing = try read() { return existing }
            throw .unwritable(label: label, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let written = key.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == 32 else { throw .unwritable(label: label, reason: "the key file was not fully written") }
        return key
    }
}
