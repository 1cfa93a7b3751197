import Foundation

/// This process's resident memory, where the platform tells it (Linux's `/proc/self/status`).
enum ProcessMemory {
    /// The resident set size in MiB, or nil where the platform does not say.
    static func residentMiB() -> Double? { status("VmRSS:") }

    /// Another process's resident set size in MiB, or nil where the platform does not say.
    static func residentMiB(ofProcess pid: Int32) -> Double? { status("VmRSS:", of: "/proc/\(pid)/status") }

    /// The highest resident set size since the process started or since ``resetPeak()``, in MiB:
    /// the kernel's own high-water mark, so no peak between two samples is missed.
    static func peakResidentMiB() -> Double? { status("VmHWM:") }

    /// Starts the high-water mark again from the current size (Linux 4.0 and later), so that a
    /// peak measures one piece of work and not the set-up before it. Returns whether it could.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    private static func status(_ field: String, of file: String = "/proc/self/status") -> Double? {
        guard let status = try? String(contentsOfFile: file, encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}
