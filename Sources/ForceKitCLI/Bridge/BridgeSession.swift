import ArgumentParser
import Foundation
import SalesforceApp
import SalesforceAuth
import SalesforceKeys

/// The session a bridge serves: an app's folder with its configuration files, or the CLI's
/// home with its signed-in account.
enum BridgeSession {
    static func app(account: AccountOptions, folder: String?, config: String?) async throws -> SalesforceApp {
        do {
            if let folder {
                let appFolder = URL(fileURLWithPath: (folder as NSString).expandingTildeInPath)
                let configFolder = URL(fileURLWithPath: ((config ?? folder) as NSString).expandingTildeInPath)
                return try await SalesforceApp(configuration: try AppConfiguration(contentsOf: configFolder), directory: appFolder)
            }
            let (chosen, _) = try await account.account()
            let credentials = chosen.credentials
            let home = ForceKitHome.directory
            let salesforceApp = try await SalesforceApp(
                configuration: AppConfiguration(
                    bootConfig: try BootConfig(
                        consumerKey: credentials.clientID, redirectURI: credentials.redirectURI, scopes: credentials.scopes)),
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
