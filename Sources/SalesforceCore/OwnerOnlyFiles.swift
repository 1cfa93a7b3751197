package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files and folders that hold secrets (tokens, keys, passwords, stores), readable by their
/// owner only from the first byte: created 0600 or 0700, never written open and narrowed after,
/// so no other user of the machine can read one in the moment between.
package enum OwnerOnlyFiles {
    /// Creates `folder` and any missing parents with mode 0700. An existing folder is left as it is:
    /// it may be one the user chose and shares on purpose.
    package static func createFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Writes `data` to `file` atomically: into a new file created 0600 beside it, then renamed
    /// over it, so readers see the old content or the new, and nobody else sees either.
    package static func write(_ data: some DataProtocol, to file: URL) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw OwnerOnlyFileError(path: temporary.path, errno: errno) }
        var written = true
        let bytes = Array(data)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let count = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if count <= 0 {
                    written = false
                    return
                }
                offset += count
            }
        }
        let failure = errno
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written, synced else {
            unlink(temporary.path)
            throw OwnerOnlyFileError(path: file.path, errno: failure)
        }
        guard rename(temporary.path, file.path) == 0 else {
            let failure = errno
            unlink(temporary.path)
            throw OwnerOnlyFileError(path: file.path, errno: failure)
        }
    }

    /// Creates an empty `file` with mode 0600 unless it exists. Done before SQLite opens a new
    /// database: SQLite gives the database's mode to its `-wal`, `-shm` and `-journal` files,
    /// which it would otherwise create readable by everyone the umask allows.
    package static func prepareDatabaseFile(_ file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw OwnerOnlyFileError(path: file.path, errno: errno)
        }
    }

    /// Whether users other than the owner may read `file` (its mode has a group or other bit).
    package static func isReadableByOthers(_ file: URL) -> Bool {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.posixPermissions] as? Int else { return false }
        return mode & 0o077 != 0
    }
}

/// A file that could not be created or written owner-only, with the system's reason.
package struct OwnerOnlyFileError: Error, CustomStringConvertible {
    /// The file.
    package let path: String
    /// The system's reason.
    package let reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    package var description: String { "\(path): \(reason)" }
}
