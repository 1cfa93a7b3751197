import ArgumentParser
import Foundation
import HybridBridge
import SalesforceApp

/// `forcekit bridge`: the native side of the SDK's Cordova plugins over standard input and
/// output, for hybrid apps and their tests outside a device.
struct BridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Answer the Mobile SDK's hybrid plugin calls (cordova.exec) as JSON lines on standard input and output.",
        discussion: """
            Each line in is a call: {"id": 1, "service": "com.salesforce.smartstore", "action": \
            "pgSoupExists", "args": [{"soupName": "accounts"}]}. Each answer is a line out, \
            {"id": 1, "ok": true, "result": …} or {"id": 1, "ok": false, "error": "…"}, in the \
            order calls finish; sync progress comes as {"event": "sync", "detail": {…}} lines. \
            Only protocol lines go to standard output; logs go to standard error. The end of the \
            input ends the bridge once every call has answered.

            The services are com.salesforce.sdkinfo, oauth, network, sfaccountmanager, smartstore \
            and mobilesync (also smartsync), with the actions and arguments of the SDK's \
            cordova.force.js. By default the bridge acts as the CLI's signed-in account (forcekit \
            login; --user picks another), with its stores under the CLI's home; with --app, as the \
            app whose data is in that folder, with its configuration files (--config).

            Example:
              forcekit bridge <<'EOF'
              {"id":1,"service":"com.salesforce.sdkinfo","action":"getInfo","args":[]}
              EOF
            """
    )

    @OptionGroup var account: AccountOptions

    @Flag(
        help: ArgumentHelp(
            "Answer React Native's native modules: service SFSmartStoreReactBridge, SFMobileSyncReactBridge, SFNetReactBridge or SFOauthReactBridge, action the method, args [its argument object]; syncs answer once, at their end."
        ))
    var reactNative = false

    @Option(help: ArgumentHelp("An app's data folder (the directory its SalesforceApp was made with).", valueName: "DIR"))
    var app: String?

    @Option(
        help: ArgumentHelp(
            "With --app: the folder with bootconfig.json and the other configuration files (default: the app folder).", valueName: "DIR"))
    var config: String?

    @Option(
        help: ArgumentHelp(
            "The hybrid app's www folder: pages may upload files (fileParams) from it, and from the app's data folder, nowhere else.",
            valueName: "DIR"))
    var www: String?

    func validate() throws {
        try InputPath.requireFolder(www.map { ($0 as NSString).expandingTildeInPath }, given: "--www")
        try Self.requireConfigurationFolder(app: app, config: config)
    }

    /// The folder an app's configuration files are read from (--config, else --app) must be there.
    static func requireConfigurationFolder(app: String?, config: String?) throws {
        if let config {
            try InputPath.requireFolder((config as NSString).expandingTildeInPath, given: "--config")
        } else if let app {
            try InputPath.requireFolder((app as NSString).expandingTildeInPath, given: "--app")
        }
    }

    func run() async throws {
        let folders = www.map { [URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath)] } ?? []
        let bridge = HybridBridge(app: try await BridgeSession.app(account: account, folder: app, config: config), fileFolders: folders)
        await bridge.serve(lines: Self.standardInputLines(), reactNative: reactNative) { line in Console.print(line) }
    }

    /// Standard input's lines, read on a thread of their own (reading blocks).
    static func standardInputLines() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            reader.start()
        }
    }
}
