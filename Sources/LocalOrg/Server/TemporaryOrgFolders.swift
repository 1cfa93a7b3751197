import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data folders of temporary LocalOrgs: `localorg-<pid>-<uuid>` in the temporary directory.
///
/// A server removes its own folder when it stops; one whose process was killed cannot, so each
/// new temporary org first removes the folders of processes that no longer run. Their tokens
/// and passwords do not outlive a crash by more than the next start.
enum TemporaryOrgFolders {
    private static let prefix = "localorg-"

    /// A new folder's URL (not yet created), after removing the folders of dead processes.
    static func make() -> URL {
        let temporary = FileManager.default.temporaryDirectory
        removeAbandoned(in: temporary)
        return temporary.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString)")
    }

    /// Removes `localorg-<pid>-...` folders whose process is gone. Folders of another user's
    /// processes, or named otherwise, are left alone.
    static func removeAbandoned(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            // kill with signal 0 only asks whether the process exists.
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
