import Foundation

/// Where commands write: standard output and standard error, replaceable per task so tests
/// can run commands in-process and read what a user would see.
public struct Console: Sendable {
    /// Writes text to the output stream.
    public var output: @Sendable (String) -> Void
    /// Writes text to the error stream.
    public var error: @Sendable (String) -> Void
    /// Whether the error stream is a terminal, where a progress line is redrawn in place.
    public var errorIsTerminal: Bool

    /// Creates a console from two writers; progress lines are redrawn in place only when
    /// `errorIsTerminal` says the error stream is a terminal.
    public init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool = false
    ) {
        self.output = output
        self.error = error
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and standard error. A closed stream (`forcekit … | head`)
    /// drops what is written instead of stopping the process: `write(_:)` traps on EPIPE.
    public static let standard = Console(
        output: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
        error: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1
    )

    /// The console commands in this task write to.
    @TaskLocal public static var current = Console.standard

    /// Writes a line to standard output.
    static func print(_ line: String) { current.output(line + "\n") }

    /// Writes a line to standard error.
    static func printError(_ line: String) { current.error(line + "\n") }

    /// Writes why a command failed to standard error, with the prefix ArgumentParser gives the
    /// errors it prints (`Error: `), so every failure reads alike.
    static func printFailure(_ message: String) { current.error("Error: " + message + "\n") }
}
