public import Foundation

/// Runs `body` with a new, empty directory that is deleted when `body` returns or throws.
///
/// Every test that writes files takes its folder from here, so that no test leaves files behind
/// and no two tests share one.
@discardableResult
public func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forcekit-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
