import ArgumentParser
import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceKeys

/// The session a bridge serves: an app's folder with its configuration files, or the CLI's
/// home with its signed-in account.
enum BridgeSession {
    /// With the CLI's account, `appFiles` is a folder of the app's own configuration (a hybrid
    /// app's `www`): its `userstore.json`, `usersyncs.json` and the rest apply as they do on a
    /// device, and its boot config's pages and options with the account's connected app.
    static func app(account: AccountOptions, folder: String?, config: String?, appFiles: URL? = nil) async throws -> SalesforceApp {
        do {
            if let folder {
                let appFolder = URL(fileURLWithPath: (folder as NSString).expandingTildeInPath)
                let configFolder = URL(fileURLWithPath: ((config ?? folder) as NSString).expandingTildeInPath)
                return try await SalesforceApp(configuration: try AppConfiguration(contentsOf: configFolder), directory: appFolder)
            }
            let (chosen, _) = try await account.account()
            let credentials = chosen.credentials
            let home = ForceKitHome.directory
            var bootConfig = try BootConfig(
                consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: credentials.scopes)
            var configuration = AppConfiguration(bootConfig: bootConfig)
            if let appFiles {
                // The app's own boot config for its pages and options; the account signed in
                // through the CLI's connected app, whatever the app's says (an app made from
                // upstream's templates still has their placeholders there).
                let file = appFiles.appendingPathComponent("bootconfig.json")
                if let data = FileManager.default.contents(atPath: file.path), case .object(var members)? = try? JSON(parsing: data) {
                    members["remoteAccessConsumerKey"] = .string(credentials.clientID)
                    members["oauthRedirectURI"] = .string(credentials.redirectURI)
                    members["oauthScopes"] = .array(credentials.scopes.map(JSON.string))
                    bootConfig = try BootConfig(json: Data(JSON.object(members).serialized().utf8), source: file.path)
                }
                configuration = try AppConfiguration(contentsOf: appFiles, bootConfig: bootConfig)
            }
            let salesforceApp = try await SalesforceApp(
                configuration: configuration,
                directory: home, keyStore: FileKeyStore(directory: home.appendingPathComponent("keys")),
                transport: try account.transport(for: chosen))
            if await salesforceApp.currentUser?.identity != chosen.identity { try await salesforceApp.switchTo(chosen.identity) }
            return salesforceApp
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.printFailure("\(error)")
            throw ExitCode(1)
        }
    }
}
