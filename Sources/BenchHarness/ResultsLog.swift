package import Foundation

/// The recorded runs: `Benchmarks/results/<suite>.jsonl` in the repository, one record a line,
/// appended by `forcekit-bench … --record`; the documented figures are read from these.
package enum ResultsLog {
    /// Appends `record`'s line to its suite's file under `repository`, creating it as needed.
    /// - Returns: The file written.
    /// - Throws: When the file cannot be written, with its path.
    @discardableResult
    package static func append(_ record: BenchRecord, under repository: URL) throws -> URL {
        let folder = repository.appendingPathComponent("Benchmarks/results", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(record.suite).jsonl")
        if !FileManager.default.fileExists(atPath: file.path) { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((record.line + "\n").utf8))
        return file
    }

    /// The records of a suite's file, oldest first, each a parsed JSON object; lines that do not
    /// parse are skipped.
    package static func records(suite: String, under repository: URL) -> [[String: Any]] {
        let file = repository.appendingPathComponent("Benchmarks/results/\(suite).jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }
}
