import Foundation
import LocalOrgEngine
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SmartStore

/// What `forcekit doctor` reports with no `--app`: the CLI's own home, as a developer looks at
/// it before asking why a command does not find an account, a LocalOrg or a store.
enum CLIHomeReport {
    /// The home's accounts, the LocalOrg `forcekit serve` runs, and the SmartStore files kept
    /// under the home; in the shape of an app's developer support info.
    static func make() async throws -> DeveloperSupportInfo {
        let home = ForceKitHome.directory
        let manager = try await ForceKitHome.accounts()
        let accounts = await manager.accounts
        let current = await manager.currentAccount
        func name(_ account: UserAccount) -> String {
            let alias = AccountChoice.alias(of: account).map { ", alias \($0)" } ?? ""
            return "\(account.username ?? account.identity.userID.id18) (\(account.credentials.instanceURL.absoluteString)\(alias))"
        }
        // Why it is current: only logins with --set-default, the first login, and org switch make one current.
        let why = accounts.count > 1 ? "; commands without -o use it, forcekit org switch NAME changes it" : ""
        let localOrgs = RunningLocalOrg.all()
        typealias Entry = DeveloperSupportInfo.Entry
        return DeveloperSupportInfo(entries: [
            Entry(key: "SDK Version", value: ForceKitVersion.current),
            Entry(key: "Home", value: home.path),
            Entry(key: "Current User", value: current.map { name($0) + why } ?? ""),
            Entry(key: "Authenticated Users", value: accounts.map(name).joined(separator: ", ")),
            Entry(
                key: "LocalOrg",
                value: localOrgs.isEmpty
                    ? "not running"
                    : localOrgs.map { "\($0.instanceURL) (process \($0.processID)\($0.dataDirectory.map { ", data in \($0)" } ?? ""))" }
                        .joined(separator: ", ")),
            Entry(key: "Stores", value: storeFiles(under: home).joined(separator: ", ")),
        ])
    }

    /// The SmartStore database files under `home`, by path relative to it. A LocalOrg's data
    /// folder (the one with its `localorg.json`) holds the org's database, not a store: skipped.
    static func storeFiles(under home: URL) -> [String] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        guard let files = FileManager.default.enumerator(at: home, includingPropertiesForKeys: keys) else { return [] }
        var found: [String] = []
        for case let url as URL in files {
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isDirectory == true {
                if FileManager.default.fileExists(atPath: url.appendingPathComponent(OrgSettings.fileName).path) { files.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, [.plaintext, .encrypted].contains(SmartStore.fileKind(at: url)) else { continue }
            found.append(String(url.standardizedFileURL.path.dropFirst(home.standardizedFileURL.path.count + 1)))
        }
        return found.sorted()
    }
}
