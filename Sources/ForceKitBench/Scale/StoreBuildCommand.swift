import ArgumentParser
import Crypto
import Foundation
import Logging
import SalesforceCore
import SmartStore

/// `forcekit-bench store-build` (hidden): builds one contender's database of the scale suite in
/// a fresh process, so that its memory peak is its own and not what an earlier build left the
/// allocator; prints what it measured as its last line.
struct StoreBuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-build", abstract: "Build one database of the scale suite (used by the suite).", shouldDisplay: false)

    @Option(help: "encrypted, plain or grdb.") var contender: String
    @Option(help: "Entries to write.") var entries: Int
    @Option(help: "The database file to make.") var path: String
    @Option(help: "The encrypted store's key, base64.") var key: String?

    func run() async throws {
        ForceKitLogging.setLevel(.warning)
        let workload = StoreScale.workload(entries: entries)
        let url = URL(fileURLWithPath: path)
        let build: StoreScale.Build
        switch contender {
        case "grdb":
            build = try await StoreScale.buildPlain(workload, at: url)
        case "encrypted":
            guard let key, let bytes = Data(base64Encoded: key) else { throw ValidationError("an encrypted build needs --key") }
            build = try await StoreScale.buildStore(workload, at: url, encryption: .key(SymmetricKey(data: bytes)))
        case "plain":
            build = try await StoreScale.buildStore(workload, at: url, encryption: .plaintext)
        default:
            throw ValidationError("--contender is encrypted, plain or grdb")
        }
        var figures = RunFigures()
        figures["seconds"] = build.seconds
        figures["bytes"] = build.bytes
        figures["peakGrowthMiB"] = build.peakGrowthMiB
        print(figures.line)
    }
}
