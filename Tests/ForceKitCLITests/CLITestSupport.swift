import ArgumentParser
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceCore

@testable import ForceKitCLI

/// What a command printed and how it exited.
struct CommandResult {
    var output: String
    var error: String
    var exitCode: Int32

    var outputLines: [String] { output.split(separator: "\n").map(String.init) }
}

/// Collects console text from any task.
private final class Capture: Sendable {
    private let texts = Locked((output: "", error: ""))
    func appendOutput(_ text: String) { texts.withLock { $0.output += text } }
    func appendError(_ text: String) { texts.withLock { $0.error += text } }
    var captured: (String, String) { texts.withLock { ($0.output, $0.error) } }
}

/// Runs `forcekit` with these arguments in-process, as the executable would.
func forcekit(_ arguments: String...) async -> CommandResult {
    await forcekit(arguments)
}

func forcekit(_ arguments: [String]) async -> CommandResult {
    let capture = Capture()
    let console = Console(output: { capture.appendOutput($0) }, error: { capture.appendError($0) })
    var exitCode: Int32 = 0
    await Console.$current.withValue(console) {
        do {
            var command = try ForceKitCommand.parseCommand(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let message: String
            (message, exitCode) = ForceKitCommand.failure(for: error)
            if !message.isEmpty { capture.appendError(message + "\n") }
        }
    }
    let (output, error) = capture.captured
    return CommandResult(output: output, error: error, exitCode: exitCode)
}

/// The repository's example files.
enum ExampleFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let deepLinkConfig = root.appendingPathComponent("Examples/DeepLinks/MobileDeepLinkingConfig.json").path
    static let links = root.appendingPathComponent("Examples/DeepLinks/links.txt").path
}

/// A scratch folder for one test's files.
struct Scratch {
    let directory: URL

    /// Writes `text` to a file in the folder and returns its path.
    func file(_ text: String, name: String = "config.json") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The path of `name` in the folder, for a file a command creates.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}

/// Runs `body` with a scratch folder that is deleted when it returns or throws.
@discardableResult
func withScratch<T>(_ body: (Scratch) async throws -> T) async throws -> T {
    try await withTemporaryDirectory { try await body(Scratch(directory: $0)) }
}

/// Parses one line of JSON output, keeping null values.
func jsonObject(_ line: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
}

/// The keys of a JSON object line, in the order they were written.
func keyOrder(_ line: String) -> [String] {
    var keys: [String] = []
    var depth = 0
    var index = line.startIndex
    while index < line.endIndex {
        let character = line[index]
        if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
        if character == "\"", depth == 1 {
            guard let close = line[line.index(after: index)...].firstIndex(of: "\"") else { break }
            let after = line[line.index(after: close)...].prefix(1)
            if after == ":" { keys.append(String(line[line.index(after: index)..<close])) }
            index = line.index(after: close)
            continue
        }
        index = line.index(after: index)
    }
    return keys
}

/// Runs `body` with a CLI home of its own and two LocalOrgs recorded in it as `forcekit serve`
/// records them (the first seeded when `seedFirst`), as a developer with two orgs has them.
func withTwoLocalOrgs(seedFirst: Bool = false, _ body: (URL, TestOrg, TestOrg) async throws -> Void) async throws {
    try await withTemporaryDirectory { home throws in
        try await CLIEnvironment.$home.withValue(home) {
            try await withLocalOrg(seed: seedFirst) { first throws in
                try await withLocalOrg { second throws in
                    try RunningLocalOrg(first.credentials, dataDirectory: nil).save()
                    try RunningLocalOrg(second.credentials, dataDirectory: nil).save()
                    try await body(home, first, second)
                }
            }
        }
    }
}
