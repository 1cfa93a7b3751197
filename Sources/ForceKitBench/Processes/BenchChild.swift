import ArgumentParser
import Foundation
import SalesforceCore

/// A `forcekit-bench` subcommand run in a process of its own: LocalOrg apart from the client, so
/// the two do not share one process's threads and each one's CPU is its own, and each contender
/// of a suite in a fresh process, so its memory peak is its own.
///
/// The child's standard output is read on a thread of its own (never a concurrency thread, which
/// a blocking read would hold) and always to its end, so a child that prints cannot stall on a
/// full pipe; its standard error is this process's.
final class BenchChild: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let input = Pipe()
    private let lines = LineCollector()
    /// The subcommand the child runs, for messages.
    private let name: String

    /// Starts `forcekit-bench ARGUMENTS…` from this process's own executable, on the cores
    /// `cores` lists (as `taskset -c` takes them) or where the system places it.
    init(_ arguments: [String], cores: String? = nil) throws {
        name = arguments.first ?? ""
        if let cores {
            process.executableURL = URL(fileURLWithPath: CorePinning.taskset)
            process.arguments = ["--cpu-list", cores, Self.executable.path] + arguments
        } else {
            process.executableURL = Self.executable
            process.arguments = arguments
        }
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.standardError
        try process.run()
        let reading = output.fileHandleForReading
        let lines = self.lines
        Thread.detachNewThread {
            while true {
                let data = reading.availableData
                if data.isEmpty { break }
                lines.append(data)
            }
            lines.finish()
        }
    }

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }

    /// The first line the child prints, waiting for it.
    func firstLine() async throws -> String {
        guard let line = await lines.first() else {
            process.waitUntilExit()
            throw ValidationError("forcekit-bench \(name) ended (status \(process.terminationStatus)) before it was ready")
        }
        return line
    }

    /// Closes the child's standard input (which tells a server to stop), waits for it to end and
    /// returns the last line it printed; an exit other than 0 throws.
    func finish() async throws -> String {
        try? input.fileHandleForWriting.close()
        let last = await lines.last()
        let process = self.process
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        guard process.terminationStatus == 0, let last else {
            throw ValidationError(
                "forcekit-bench \(name) failed (status \(process.terminationStatus)); its errors are above")
        }
        return last
    }

    /// This binary: the child runs the same build as its parent.
    private static var executable: URL {
        let linux = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if FileManager.default.isExecutableFile(atPath: linux.path), linux.path != "/proc/self/exe" { return linux }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}

/// The lines a child printed, as they arrive.
private final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = Data()
    private var lines: [String] = []
    private var ended = false
    private var waiting: [(firstOnly: Bool, continuation: CheckedContinuation<String?, Never>)] = []

    func append(_ data: Data) {
        lock.lock()
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending = Data(pending[pending.index(after: newline)...])
            if !line.isEmpty { lines.append(line) }
        }
        let ready = lines.isEmpty ? [] : waiting.filter(\.firstOnly)
        if !lines.isEmpty { waiting.removeAll(where: \.firstOnly) }
        let first = lines.first
        lock.unlock()
        for waiter in ready { waiter.continuation.resume(returning: first) }
    }

    func finish() {
        lock.lock()
        if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
        pending = Data()
        ended = true
        let all = waiting
        waiting = []
        let (first, last) = (lines.first, lines.last)
        lock.unlock()
        for waiter in all { waiter.continuation.resume(returning: waiter.firstOnly ? first : last) }
    }

    func first() async -> String? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let first = lines.first {
                lock.unlock()
                continuation.resume(returning: first)
                return
            }
            if ended {
                lock.unlock()
                continuation.resume(returning: nil)
                return
            }
            waiting.append((true, continuation))
            lock.unlock()
        }
    }

    func last() async -> String? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if ended {
                let last = lines.last
                lock.unlock()
                continuation.resume(returning: last)
                return
            }
            waiting.append((false, continuation))
            lock.unlock()
        }
    }
}
