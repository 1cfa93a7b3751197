import Foundation

/// This process's resident memory, where the platform tells it.
enum ProcessMemory {
    /// Resident set size in MiB (Linux's `/proc/self/status`), or nil elsewhere.
    static func residentMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1024
    }
}
