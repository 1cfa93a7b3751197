import Foundation
import LocalOrgEngine
import SalesforceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One LocalOrg per data directory: two servers over one database would each cache and write it
/// as its own. The server holds an exclusive lock on `localorg.lock` in the directory while it
/// runs and writes its URL there, so a second one is refused with the first one's address. The
/// system drops the lock when the process ends however it ends, so no stale lock outlives a crash.
final class DataDirectoryLock: Sendable {
    /// The lock file's name in the data directory.
    static let fileName = "localorg.lock"
    /// The open lock file; nil once released (a stop and a wait may both release).
    private let descriptor: Locked<Int32?>

    private init(descriptor: Int32) {
        self.descriptor = Locked(descriptor)
    }

    /// Takes the directory's lock, or says which LocalOrg holds it.
    static func acquire(in directory: URL) throws(LocalOrgError) -> DataDirectoryLock {
        let path = directory.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .dataDirectoryUnusable(path: directory.path, reason: "cannot open \(fileName): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .dataDirectoryInUse(path: directory.path, instanceURL: holder.flatMap { $0.isEmpty ? nil : $0 })
        }
        return DataDirectoryLock(descriptor: descriptor)
    }

    /// Writes where this server answers, for a second one to name.
    func record(instanceURL: String) {
        let bytes = Array((instanceURL + "\n").utf8)
        descriptor.withLock { descriptor in
            guard let descriptor else { return }
            _ = ftruncate(descriptor, 0)
            _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    /// Lets the directory go: the URL is cleared and the lock released, once.
    func release() {
        descriptor.withLock { descriptor in
            guard let open = descriptor else { return }
            _ = ftruncate(open, 0)
            close(open)
            descriptor = nil
        }
    }
}
