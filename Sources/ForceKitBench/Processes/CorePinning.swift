import ArgumentParser
import Foundation
import SalesforceCore

/// Where a suite's processes run, with `--pin`: LocalOrg on the machine's last core, the client
/// (the bench and its workers) on the others, so that neither takes the other's core. Without it
/// the system places them, and each process's CPU time still says what it used.
struct CorePinning: Sendable {
    /// The cores, as `taskset -c` takes them, for LocalOrg and for the client.
    let server: String
    let client: String

    /// The split for this machine; nil when it has one core, or no `taskset` (not Linux).
    static func split() throws -> CorePinning {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores >= 2, FileManager.default.isExecutableFile(atPath: taskset) else {
            throw ValidationError("--pin needs two cores or more and taskset (Linux's util-linux); this machine has \(cores) core(s).")
        }
        return CorePinning(server: String(cores - 1), client: cores == 2 ? "0" : "0-\(cores - 2)")
    }

    /// `taskset`, which starts a program on the given cores.
    static let taskset = "/usr/bin/taskset"

    /// Moves every thread of this process onto the client's cores.
    func pinThisProcess() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.taskset)
        process.arguments = ["--all-tasks", "--cpu-list", "--pid", client, String(ProcessInfo.processInfo.processIdentifier)]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ValidationError("taskset could not pin the bench to cores \(client)") }
    }
}

/// `--pin`, for the suites that run LocalOrg in a process of its own.
struct PinningOption: ParsableArguments {
    @Flag(help: "Run LocalOrg on the last core and the client on the others (Linux, two cores or more).")
    var pin = false

    /// The split, with `--pin`; nil without.
    func pinning() throws -> CorePinning? { pin ? try CorePinning.split() : nil }

    /// What the record says of where the processes ran.
    func note(_ pinning: CorePinning?) -> String {
        guard let pinning else {
            return "LocalOrg runs in a process of its own, not pinned: the system places it and the client on the cores."
        }
        return "LocalOrg runs in a process of its own on core \(pinning.server), the client on core(s) \(pinning.client) (--pin)."
    }
}
