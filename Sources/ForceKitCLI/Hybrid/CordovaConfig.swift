import Foundation
import HybridBridge

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What a Cordova project's `config.xml` says of the app: its `<name>` and the `<widget>`'s
/// `version` (with `ios-CFBundleVersion`, the build), which the SDK's `getInfo` reports as
/// the app's name and version. `forcekit hybrid serve` reads it beside the `www` folder, where a
/// Cordova project keeps it, or inside it.
struct CordovaConfig {
    var name: String?
    var version: String?
    var build: String?

    /// The app information for the `www` folder at `root`: from its project's `config.xml` when
    /// there is one, else named after the project's folder.
    static func appInfo(forWWW root: URL) -> HybridAppInfo {
        let project = root.lastPathComponent.lowercased() == "www" ? root.deletingLastPathComponent() : root
        let config = [project.appendingPathComponent("config.xml"), root.appendingPathComponent("config.xml")]
            .lazy.compactMap { FileManager.default.contents(atPath: $0.path) }.first.flatMap(CordovaConfig.init(xml:))
        let version = config?.version ?? "1.0"
        return HybridAppInfo(
            appName: config?.name ?? project.lastPathComponent, appVersion: "\(version)(\(config?.build ?? version))")
    }

    /// The values of a `config.xml`; nil when it is not XML.
    init?(xml: Data) {
        let reader = Reader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        guard parser.parse(), parser.parserError == nil else { return nil }
        // Only a closed element counts: a file cut short names nothing.
        let trimmed = reader.name.trimmingCharacters(in: .whitespacesAndNewlines)
        name = reader.sawName && !trimmed.isEmpty ? trimmed : nil
        version = reader.version
        build = reader.build
    }

    /// Collects the widget's attributes and the text of its first `<name>`.
    private final class Reader: NSObject, XMLParserDelegate {
        var name = ""
        var version: String?
        var build: String?
        private var depth = 0
        private var inName = false
        private(set) var sawName = false

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            if depth == 1, element == "widget" {
                version = attributes["version"].flatMap { $0.isEmpty ? nil : $0 }
                build = attributes["ios-CFBundleVersion"].flatMap { $0.isEmpty ? nil : $0 }
            } else if depth == 2, element == "name", !sawName {
                inName = true
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inName { name += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if inName, element == "name" {
                inName = false
                sawName = true
            }
            depth -= 1
        }
    }
}
