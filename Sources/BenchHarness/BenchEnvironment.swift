package import Foundation
import SalesforceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The facts a figure depends on, recorded with it so that a reader can tell two runs apart: the
/// code (commit, and whether it had changes), the build, the toolchain, the machine's cores and
/// CPU quota, its load before and after, and the file system the scratch files were on.
package struct BenchEnvironment: Sendable {
    /// The commit the binary was built from, when the checkout can say.
    package var commit: String?
    /// Whether the checkout had uncommitted changes to tracked files.
    package var isDirty: Bool?
    /// `release` or `debug`: a debug build's figures say nothing of the product's speed.
    package var configuration: String
    /// The Swift compiler's version, as the binary was compiled.
    package var swiftVersion: String
    /// The cores this process may use.
    package var cores: Int
    /// The CPU quota of the process's cgroup, in cores; nil when there is none.
    package var cpuQuota: Double?
    /// The load averages (1, 5, 15 minutes) when the suite started.
    package var loadBefore: [Double]?
    /// The load averages when it finished.
    package var loadAfter: [Double]?
    /// The file system type of the scratch folder (`ext4`, `tmpfs`, `overlay`…).
    package var scratchFileSystem: String?
    /// The machine's architecture.
    package var machine: String
    /// When the suite started.
    package var date: Date

    /// Whether this is a release build.
    package var isRelease: Bool { configuration == "release" }

    /// The facts of this run, read now; `scratch` is the folder the suite writes to.
    package static func current(scratch: URL = FileManager.default.temporaryDirectory, repository: URL? = Self.repository)
        -> BenchEnvironment
    {
        BenchEnvironment(
            commit: repository.flatMap { git(["rev-parse", "HEAD"], in: $0) },
            // The records a run appends are not changes to what is measured.
            isDirty: repository.flatMap {
                git(["status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)Benchmarks/results"], in: $0)
            }.map { !$0.isEmpty },
            configuration: buildConfiguration, swiftVersion: compilerVersion, cores: ProcessInfo.processInfo.activeProcessorCount,
            cpuQuota: cgroupQuota(), loadBefore: loadAverages(), loadAfter: nil, scratchFileSystem: fileSystem(of: scratch),
            machine: machineName(), date: Date())
    }

    /// The checkout this file was compiled from, when it is still there.
    package static var repository: URL? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) ? root : nil
    }

    /// The load averages now (1, 5 and 15 minutes); nil where the system does not say.
    package static func loadAverages() -> [Double]? {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return nil }
        return loads.map { ($0 * 100).rounded() / 100 }
    }

    private static var buildConfiguration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    private static var compilerVersion: String {
        #if compiler(>=6.4)
            "6.4 or later"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    /// `cpu.max` of cgroup v2: "max 100000" is no quota, "150000 100000" is 1.5 cores.
    private static func cgroupQuota() -> Double? {
        guard let text = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8) else { return nil }
        let parts = text.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, let quota = Double(parts[0]), let period = Double(parts[1]), period > 0 else { return nil }
        return quota / period
    }

    private static func fileSystem(of folder: URL) -> String? {
        #if canImport(Darwin)
            var info = statfs()
            guard statfs(folder.path, &info) == 0 else { return nil }
            return withUnsafeBytes(of: info.f_fstypename) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #else
            // The mount that holds the folder: the longest mount point its real path starts with.
            guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return nil }
            let path = folder.resolvingSymlinksInPath().path
            var best: (point: String, type: String)?
            for line in mounts.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count >= 3 else { continue }
                let point = String(fields[1])
                let inside = point == "/" || path == point || path.hasPrefix(point + "/")
                if inside, point.count > (best?.point.count ?? -1) { best = (point, String(fields[2])) }
            }
            return best?.type
        #endif
    }

    private static func machineName() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        return withUnsafeBytes(of: name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func git(_ arguments: [String], in repository: URL) -> String? {
        guard let run = try? ChildProcess.run("/usr/bin/env", ["git", "-C", repository.path] + arguments, errors: .discarded),
            run.status == 0
        else { return nil }
        return run.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
