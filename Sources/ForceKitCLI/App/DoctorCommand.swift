import ArgumentParser
import Foundation
import SalesforceApp
import SalesforceAuth
import SmartStoreMigration

/// `forcekit doctor`: what an app's developer-support menu shows, for the app data in a folder.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Show developer support info: an app's (SDK version, users, boot config, stores, soups, syncs, push) or the CLI's own.",
        discussion: """
            With --app, reads the folder a SalesforceApp keeps its data in with the app's \
            configuration files (--config: bootconfig.json, userstore.json, usersyncs.json; the app \
            folder by default), as the SDK's "Show dev info" does. Without it, reports the CLI's own \
            home ($FORCEKIT_HOME, default $HOME/.forcekit): its accounts, the LocalOrg forcekit serve \
            runs, and the stores kept there. Nothing is written. The app reads device \
            management's configuration (MDM) from --managed FILE, a JSON object of the SDK's \
            keys (AppServiceHosts, OnlyShowAuthorizedHosts, RequireCertAuth, …), or from the \
            file FORCEKIT_MANAGED_CONFIGURATION names: Managed then says YES, with each value.

            Examples:
              forcekit doctor
              forcekit doctor --app ./AppData --config ./Resources --json
              forcekit doctor --app ./AppData --managed mdm.json
            """
    )

    @Option(
        help: ArgumentHelp(
            "The app's data folder (the directory its SalesforceApp was made with); without it, the CLI's home.", valueName: "DIR"))
    var app: String?

    @Option(
        help: ArgumentHelp("The folder with bootconfig.json and the other configuration files (default: the app folder).", valueName: "DIR")
    )
    var config: String?

    @Option(help: ArgumentHelp("A managed configuration (MDM) file for --app: a JSON object of its keys.", valueName: "FILE"))
    var managed: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        if managed != nil && app == nil { throw ValidationError("--managed is the configuration of an app: give it with --app.") }
        if config != nil && app == nil { throw ValidationError("--config is the configuration of an app: give it with --app.") }
        try InputPath.requireFolder(app.map { ($0 as NSString).expandingTildeInPath }, given: "--app")
        try InputPath.requireFolder(config.map { ($0 as NSString).expandingTildeInPath }, given: "--config")
        try InputPath.requireFile(managed.map { ($0 as NSString).expandingTildeInPath }, given: "--managed")
    }

    func run() async throws {
        let info: DeveloperSupportInfo
        do {
            if let app { info = try await appInfo(app) } else { info = try await CLIHomeReport.make() }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // A Mobile SDK app's folder has no ForceKit configuration yet: its stores are still listed.
            let stores = app.map { Self.mobileSDKStores(in: URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath)) } ?? []
            if !stores.isEmpty { show(DeveloperSupportInfo(entries: stores)) }
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
        show(info)
    }

    /// The developer support info of the app whose data is in `app`.
    private func appInfo(_ app: String) async throws -> DeveloperSupportInfo {
        let folder = URL(fileURLWithPath: (app as NSString).expandingTildeInPath)
        let configFolder = URL(fileURLWithPath: ((config ?? app) as NSString).expandingTildeInPath)
        let managedConfiguration = try managed.map { try ManagedConfiguration(contentsOf: URL(fileURLWithPath: $0)) }
        let salesforceApp = try await SalesforceApp(
            configuration: try AppConfiguration(contentsOf: configFolder), directory: folder, managed: managedConfiguration)
        var info = await salesforceApp.developerSupportInfo()
        info.entries += Self.mobileSDKStores(in: folder)
        return info
    }

    /// What the Salesforce Mobile SDK left in the app's folder: its stores, each to migrate with
    /// `forcekit store migrate`.
    static func mobileSDKStores(in folder: URL) -> [DeveloperSupportInfo.Entry] {
        let stores = MobileSDKStoreFile.find(in: folder)
        guard !stores.isEmpty else { return [] }
        let lines = stores.map { store in
            let path = String(store.url.path.dropFirst(folder.path.count).drop { $0 == "/" })
            let owner =
                store.userId.map { "user \($0) of org \(store.orgId ?? "?")" + (store.communityId.map { ", site \($0)" } ?? "") }
                ?? "global"
            return "\(path) (\(store.platform.rawValue), \(store.name), \(owner))"
        }
        return [
            .init(key: "Mobile SDK stores", value: lines.joined(separator: "; ")),
            .init(key: "Mobile SDK migration", value: "forcekit store migrate SDKSTORE --key KEY --path DB"),
        ]
    }

    private func show(_ info: DeveloperSupportInfo) {
        if json {
            Console.print(info.json)
        } else {
            let width = info.entries.map(\.key.count).max() ?? 0
            for entry in info.entries {
                Console.print(entry.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + entry.value)
            }
        }
    }
}
