import Foundation
import Testing

@Suite("forcekit --version")
struct VersionTests {
    @Test("--version prints the newest version CHANGELOG.md names, so a release sets it in one place and says so")
    func versionIsTheChangelogs() async throws {
        let changelog = try String(contentsOf: ExampleFiles.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let released = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let version = try #require(released?.dropFirst(4).prefix { $0 != "]" })
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(version)")
        let result = await forcekit("--version")
        #expect(result.exitCode == 0)
        #expect((result.output + result.error).trimmingCharacters(in: .whitespacesAndNewlines) == String(version))
    }
}
