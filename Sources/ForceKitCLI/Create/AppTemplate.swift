import Foundation

/// The app `forcekit create` writes: the package in `AppTemplate/`, which this repository
/// builds and tests as `ForceKitExample`, bundled with the CLI and copied with its names
/// replaced. Its configuration files are also the ones `forcekit quickstart` runs its app from.
enum AppTemplate {
    /// The template's app name, module prefix and test suite prefix.
    static let name = "ForceKitExample"
    /// The template's URL scheme.
    static let scheme = "forcekitexample"
    /// The template's bundle identifier.
    static let bundleID = "com.example.forcekitexample"

    /// The bundled template.
    static func folder() throws -> URL {
        guard let folder = Bundle.module.url(forResource: "AppTemplate", withExtension: nil) else {
            throw CLIInputError(
                "this forcekit has no app template next to it (ForceKit_ForceKitCLI.resources); run it from its build folder")
        }
        return folder
    }

    /// The app's configuration files: `bootconfig.json`, `userstore.json`, `usersyncs.json`
    /// and `MobileDeepLinkingConfig.json`. The boot config names the Mobile SDK's sample
    /// connected app, which every LocalOrg knows.
    static func configurationFolder() throws -> URL {
        try folder().appendingPathComponent("Sources/\(name)/Configuration", isDirectory: true)
    }

    /// Copies the configuration files into `folder`, creating it.
    static func writeConfiguration(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try configurationFolder()
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try Data(contentsOf: source.appendingPathComponent(file)).write(to: folder.appendingPathComponent(file), options: .atomic)
        }
    }

    /// Every file of the template, by path inside it, with `name`, `scheme` and `bundleID` in
    /// place of the template's, in its paths and its text.
    static func files(name: String, bundleID: String, scheme: String) throws -> [(path: String, text: String)] {
        try files(ofTemplate: "AppTemplate", replacing: [(Self.bundleID, bundleID), (Self.name, name), (Self.scheme, scheme)])
    }

    /// Every file of the bundled template `resource` (a folder of the CLI's resources), by path
    /// inside it, with each replacement made in order in its paths and its text.
    static func files(ofTemplate resource: String, replacing replacements: [(String, String)]) throws -> [(path: String, text: String)] {
        guard let root = Bundle.module.url(forResource: resource, withExtension: nil),
            let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            throw CLIInputError(
                "this forcekit has no \(resource) next to it (ForceKit_ForceKitCLI.resources); run it from its build folder")
        }
        func renamed(_ text: String) -> String {
            replacements.reduce(text) { text, replacement in text.replacingOccurrences(of: replacement.0, with: replacement.1) }
        }
        var files: [(path: String, text: String)] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walk where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            let text = try String(contentsOf: url, encoding: .utf8)
            files.append((renamed(path), renamed(text)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
