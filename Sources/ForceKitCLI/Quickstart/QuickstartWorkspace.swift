import Foundation

/// Where `forcekit quickstart` keeps its files: a new temporary folder, removed at the end, or
/// the folder `--data` names, kept for the next run. Inside it, `org` is LocalOrg's data,
/// `config` the app's configuration files and `app` the app's own folder (accounts, store keys
/// and SmartStore), laid out as the CLI's home so `forcekit` commands can use it.
struct QuickstartWorkspace: Sendable {
    /// The folder everything is in.
    let root: URL
    /// Whether the folder is removed when the quickstart ends.
    let isTemporary: Bool

    /// LocalOrg's data folder.
    var orgData: URL { root.appendingPathComponent("org", isDirectory: true) }
    /// The app's configuration files.
    var configuration: URL { root.appendingPathComponent("config", isDirectory: true) }
    /// The app's folder: accounts, keys, SmartStore.
    var app: URL { root.appendingPathComponent("app", isDirectory: true) }

    /// A new temporary folder under `parent` (the system's temporary folder by default), or
    /// the `data` folder, created when missing.
    static func make(data: String?, parent: URL = FileManager.default.temporaryDirectory) throws -> QuickstartWorkspace {
        let workspace: QuickstartWorkspace
        if let data {
            workspace = QuickstartWorkspace(root: URL(fileURLWithPath: (data as NSString).expandingTildeInPath), isTemporary: false)
        } else {
            workspace = QuickstartWorkspace(
                root: parent.appendingPathComponent("forcekit-quickstart-\(UUID().uuidString)"), isTemporary: true)
        }
        for folder in [workspace.root, workspace.orgData, workspace.app] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        return workspace
    }

    /// Removes the folder if it is temporary.
    func removeIfTemporary() {
        guard isTemporary else { return }
        try? FileManager.default.removeItem(at: root)
    }
}
