#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run to its end, with what it printed: for tests and the benchmark's facts.
///
/// Started with `posix_spawn`, not Foundation's `Process`: on Linux, `Process.run()` reads
/// `/proc/self/fd` with a copy that can run past the end of its buffer when the process has more
/// than about a thousand descriptors open, and a test run with hundreds of LocalOrgs at once has
/// several thousand (swift-corelibs-foundation pull request 5472). It crashed the whole run.
package struct ChildProcess: Sendable {
    /// Why a program could not be run (not its failure, which is its ``status``).
    package struct LaunchError: Error, CustomStringConvertible {
        /// What failed and the system's reason.
        package let description: String
    }

    /// The process id it had (no process has it after the run, unless the system reused it).
    package let processIdentifier: Int32
    /// Its exit status, or 128 plus the signal that ended it, as a shell reports it.
    package let status: Int32
    /// Where a child's standard error goes.
    package enum Errors: Sendable {
        /// To this process's standard error.
        case inherited
        /// Into ``ChildProcess/output``, with its standard output.
        case merged
        /// To `/dev/null`.
        case discarded
    }

    /// What it wrote to its standard output and, when merged, its standard error.
    package let output: [UInt8]

    /// What it printed, as UTF-8 text.
    package var text: String { String(decoding: output, as: UTF8.self) }

    /// Runs `executable` with `arguments` and this process's environment, with standard input
    /// from `/dev/null`; waits for it to end, collecting its output.
    ///
    /// - Parameter errors: where its standard error goes.
    package static func run(_ executable: String, _ arguments: [String] = [], errors: Errors = .inherited) throws -> ChildProcess {
        let (reading, pid) = try launching.withLock { _ in try spawn(executable, arguments, errors: errors) }
        defer { close(reading) }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) == -1 {
            guard errno == EINTR else { throw LaunchError(description: "could not wait for \(executable): \(reason())") }
        }
        // The wait status: the signal in the low seven bits, else the exit code in the next byte.
        let signal = raw & 0x7f
        let status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        return ChildProcess(processIdentifier: pid, status: status, output: output)
    }

    /// Serializes launches: between a pipe's creation and its close-on-exec flag, a child started
    /// by another thread would inherit the write end and hold this child's output open.
    private static let launching = Locked(())

    /// Starts the child with its output into a new pipe; returns the pipe's reading end and its pid.
    private static func spawn(_ executable: String, _ arguments: [String], errors: Errors) throws -> (Int32, pid_t) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw LaunchError(description: "could not make a pipe: \(reason())") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (reading, writing) = (ends[0], ends[1])
        defer { close(writing) }

        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writing, 1)
        switch errors {
        case .inherited: break
        case .merged: posix_spawn_file_actions_adddup2(&actions, writing, 2)
        case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            close(reading)
            throw LaunchError(description: "could not start \(executable): \(String(cString: strerror(spawned)))")
        }
        return (reading, pid)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
