import ArgumentParser

/// `forcekit-bench`: ForceKit measured against a baseline on the same work, in one run.
@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcekit-bench",
        abstract: "Measure ForceKit against baselines on the same work. The last line of output is one JSON object.",
        discussion:
            "Run in release mode: swift run -c release forcekit-bench <suite>. Compare ratios, not absolute times: machines are shared and noisy.",
        subcommands: [
            RouterSuite.self, SmartStoreSuite.self, LocalOrgSuite.self, RESTSuite.self, LoadSuite.self, SyncSuite.self, ScaleSuite.self,
            MigrationSuite.self,
            OrgServerCommand.self, SyncWorkerCommand.self, StoreBuildCommand.self,
        ]
    )
}
