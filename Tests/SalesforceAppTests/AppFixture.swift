import ForceKitTesting
import Foundation
import LocalOrg

/// The Mobile SDK templates' configuration files, pointed at a LocalOrg's connected app.
enum TemplateFiles {
    /// Writes `bootconfig.json`, `userstore.json` and `usersyncs.json` into `folder`.
    static func write(for org: TestOrg, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = [
            "bootconfig.json": """
            {"remoteAccessConsumerKey": "\(org.credentials.clientID)", "oauthRedirectURI": "\(org.credentials.redirectURI)",
             "oauthScopes": ["api", "web"], "isLocal": true, "startPage": "index.html", "errorPage": "error.html",
             "shouldAuthenticate": true, "attemptOfflineLoad": false}
            """,
            "userstore.json": """
            {"soups": [{"soupName": "accounts", "indexes": [{"path": "Id", "type": "string"}, {"path": "Name", "type": "string"},
                        {"path": "__local__", "type": "string"}]}]}
            """,
            "usersyncs.json": """
            {"syncs": [{"syncName": "syncDownAccounts", "syncType": "syncDown", "soupName": "accounts",
                        "target": {"type": "soql", "query": "SELECT Id, Name FROM Account"}, "options": {"mergeMode": "OVERWRITE"}}]}
            """,
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    }

    /// Every path under `folder`, relative to it.
    static func paths(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String { paths.append(path) }
        return paths
    }
}
