import Foundation
import SalesforceCore
import URLEncoding

/// Where a served app's Mobile SDK plugins come from, as Cordova would load them on a device.
///
/// A built app's `www` has Cordova's `cordova_plugins.js`, which lists each plugin's file;
/// `cordova.js` loads them all before `deviceready`. An app's source folder, as upstream's
/// samples and templates keep it, has the SDK's `cordova.force.js` (every plugin in one file)
/// that a build would install: `cordova.js` loads that one instead.
enum PluginScripts: Equatable {
    /// `cordova_plugins.js` at the folder's root.
    case pluginList
    /// The SDK's plugins in one file, at this path in the folder.
    case sdkScript(String)
    /// Neither: the page brings its plugins itself, or calls `cordova.exec` directly.
    case none

    /// What the folder at `root` has, the shallowest `cordova.force.js` when it has several.
    static func find(in root: URL) -> PluginScripts {
        let manager = FileManager.default
        if manager.fileExists(atPath: root.appendingPathComponent("cordova_plugins.js").path) { return .pluginList }
        guard let walk = manager.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return .none
        }
        let base = root.standardizedFileURL.path + "/"
        var found: [String] = []
        for case let url as URL in walk where url.lastPathComponent == "cordova.force.js" {
            let path = url.standardizedFileURL.path
            if path.hasPrefix(base) { found.append(String(path.dropFirst(base.count))) }
        }
        let depth = { (path: String) in path.unicodeScalars.filter { $0 == "/" }.count }
        return found.min { (depth($0), $0) < (depth($1), $1) }.map(PluginScripts.sdkScript) ?? .none
    }

    /// What `/__forcekit/ready` tells our `cordova.js` to load.
    var json: JSON {
        switch self {
        case .pluginList: ["list": "cordova_plugins.js"]
        case .sdkScript(let path): ["script": .string(Self.urlPath(path))]
        case .none: [:]
        }
    }

    /// A path of the folder as a URL path, each segment percent-encoded.
    static func urlPath(_ path: String) -> String {
        path.split(atScalars: ["/"]).map { PercentEncoding.encode($0, keeping: .pathSegment) }.joined(separator: "/")
    }
}
