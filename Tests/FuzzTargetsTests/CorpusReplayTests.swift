import Foundation
import FuzzTargets
import Testing

/// Every committed input, seeds and past findings alike, replayed through its target on each
/// test run: what once crashed stays fixed, without the fuzzer.
@Suite("Fuzz corpora replay without a crash")
struct CorpusReplayTests {
    /// `Fuzz/corpus` at the repository root.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    @Test("every target has a committed corpus", arguments: FuzzTarget.all.map(\.name))
    func corpusExists(_ name: String) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.appendingPathComponent(name).path)
        #expect(files.count >= 5, "Fuzz/corpus/\(name) has \(files.count) seeds")
    }

    @Test("Fuzz/run.sh runs every target, and only those")
    func scriptNamesEveryTarget() throws {
        let script = try String(contentsOf: Self.corpus.deletingLastPathComponent().appendingPathComponent("run.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("all_targets=(") })
        let names = line.dropFirst("all_targets=(".count).dropLast().split(separator: " ").map(String.init)
        #expect(names == FuzzTarget.all.map(\.name))
    }

    @Test("every input of a target's corpus runs through it", arguments: FuzzTarget.all.map(\.name))
    func replay(_ name: String) async throws {
        let target = try #require(FuzzTarget.named(name))
        let folder = Self.corpus.appendingPathComponent(name)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { file in
            Array(try Data(contentsOf: folder.appendingPathComponent(file)))
        }
        #expect(!inputs.isEmpty)
        await Self.onOwnThread { for input in inputs { target.run(input) } }
    }

    /// Runs `work` on a thread of its own, as libFuzzer does: targets block their thread on async
    /// work, which must not be one of the few threads that work runs on.
    static func onOwnThread(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                work()
                done.resume()
            }.start()
        }
    }
}
