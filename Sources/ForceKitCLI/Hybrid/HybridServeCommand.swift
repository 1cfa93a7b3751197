import ArgumentParser
import Foundation
import Hummingbird
import HybridBridge
import Logging
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import ServiceLifecycle
import UnixSignals

/// `forcekit hybrid serve WWW`: a hybrid app's folder on loopback, its plugin calls answered by
/// ForceKit.
struct HybridServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a hybrid app's www folder on loopback, with a cordova.js whose plugin calls ForceKit answers.",
        discussion: """
            Serves the folder's files (/ opens bootconfig.json's startPage, or index.html; the SDK's \
            JavaScript the app ships) and, at /cordova.js, ForceKit's own in place of Cordova's: \
            cordova.define and cordova.require as the SDK's cordova.force.js uses them, the SDK's \
            plugins loaded before deviceready (the files a built app's cordova_plugins.js lists, or \
            the app's own cordova.force.js), cordova.exec carried to ForceKit's bridge (smartstore, \
            mobilesync, network, oauth, sfaccountmanager, sdkinfo), and sync events dispatched on \
            document. The folder's userstore.json and usersyncs.json set up the user's soups and \
            syncs, and config.xml beside it names the app, as on a device. A remote app's start page \
            ("isLocal": false) is the org's, opened through frontdoor.jsp and served under this origin; \
            when the org's session ends, a reload renews it and shows the same page; with \
            attemptOfflineLoad, the last copy of a page is shown while the org cannot be reached. The \
            first line printed is the URL to open; each call is logged after it. Stop with Ctrl-C.

            The plugins act as the CLI's signed-in account (forcekit login; --user picks another; \
            --local logs in to the running LocalOrg first), or with --app as the app whose data is in \
            that folder.

            Example:
              forcekit serve &
              forcekit hybrid serve ./www --local --open
            """
    )

    @Argument(help: ArgumentHelp("The app's www folder.", valueName: "WWW"))
    var www: String

    @Option(help: "The loopback port to listen on; 0 picks a free one.")
    var port = 0

    @Flag(help: "Open the page in the browser.")
    var open = false

    @Flag(help: "Log in to the LocalOrg that forcekit serve runs first, as forcekit login --local does.")
    var local = false

    @OptionGroup var account: AccountOptions

    @Option(help: ArgumentHelp("An app's data folder (the directory its SalesforceApp was made with).", valueName: "DIR"))
    var app: String?

    @Option(help: ArgumentHelp("With --app: the folder with bootconfig.json (default: the app folder).", valueName: "DIR"))
    var config: String?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        if local && app != nil { throw ValidationError("--local logs the CLI's account in; --app serves an app's own: give one.") }
        try InputPath.requireFolder((www as NSString).expandingTildeInPath, given: "The www folder")
        try BridgeCommand.requireConfigurationFolder(app: app, config: config)
    }

    func run() async throws {
        let root = URL(fileURLWithPath: (www as NSString).expandingTildeInPath).standardizedFileURL
        var account = account
        if local {
            // The login's lines go to standard error: the first line out is the page's URL.
            let login = try LoginCommand.parse(["--local"])
            let console = Console.current
            let signedIn = try await Console.$current.withValue(
                Console(output: console.error, error: console.error, errorIsTerminal: console.errorIsTerminal)
            ) {
                try await login.logIn()
            }
            // The page runs as the LocalOrg's account, whichever account is current.
            account.user = "\(signedIn.identity.orgID.id18)/\(signedIn.identity.userID.id18)"
        }
        let salesforceApp = try await BridgeSession.app(account: account, folder: app, config: config, appFiles: root)
        let bridge = HybridBridge(app: salesforceApp, info: CordovaConfig.appInfo(forWWW: root), fileFolders: [root])
        let events = HybridEventLog()
        let stream = bridge.events()
        let collecting = Task { for await event in stream { events.append(event) } }
        defer { collecting.cancel() }
        var server = HybridPageServer(root: root, bridge: bridge, events: events) { line in Console.print(line) }
        // The app starts on its boot config's start page, as the container loads it.
        let boot = await salesforceApp.configuration.bootConfig
        if let page = boot.startPage, !page.isEmpty { server.startPage = page }
        // A remote app's start page is the org's, opened through frontdoor.jsp as the container does.
        if boot.isLocal == false {
            server.remote = RemoteStartPage(app: salesforceApp, keepsOfflineCopies: boot.attemptOfflineLoad)
            server.errorPage = boot.errorPage
        }
        var logger = Logger(label: "forcekit.hybrid")
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream<Int?>.makeStream()
        let application = Application(
            router: try server.router(), configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                boundContinuation.yield(channel.localAddress?.port)
                boundContinuation.finish()
            }, logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [application], gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        let running = Task { try await group.run() }
        let watcher = Task { if case .failure = await running.result { boundContinuation.finish() } }
        var listening: Int?
        for await value in bound {
            listening = value
            break
        }
        watcher.cancel()
        guard let listening else {
            Console.printFailure("cannot listen on 127.0.0.1:\(port): \((await running.result).description)")
            throw ExitCode(1)
        }
        let url = "http://127.0.0.1:\(listening)/"
        Console.print(url)
        if open, let page = URL(string: url) { await CLIEnvironment.openBrowser(page) }
        _ = await running.result
    }
}

extension Result where Success == Void {
    fileprivate var description: String {
        switch self {
        case .success: "it stopped"
        case .failure(let error): "\(error)"
        }
    }
}
