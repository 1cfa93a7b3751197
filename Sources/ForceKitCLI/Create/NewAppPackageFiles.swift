import Foundation
import SalesforceCore

/// The package files of an app `forcekit create` writes that depend on where ForceKit comes
/// from: its manifest and .gitignore.
enum NewAppPackageFiles {
    /// How the app depends on ForceKit.
    enum Dependency: Sendable, Equatable {
        /// A checkout on this machine.
        case path(String)
        /// A released version at a Git URL.
        case version(url: String, version: String)
        /// One commit at a Git URL: how to depend on ForceKit until releases are tagged.
        case revision(url: String, revision: String)

        /// The `.package(...)` line.
        var declaration: String {
            switch self {
            case .path(let path): ".package(path: \(quoted(path)))"
            case .version(let url, let version): ".package(url: \(quoted(url)), from: \(quoted(version)))"
            case .revision(let url, let revision): ".package(url: \(quoted(url)), revision: \(quoted(revision)))"
            }
        }

        /// The package's identity, which `.product(name:package:)` names: the last part of the
        /// path or URL, without `.git`.
        var identity: String {
            let text: String
            switch self {
            case .path(let path): text = path
            case .version(let url, _), .revision(let url, _): text = url
            }
            let last = text.split(atScalars: ["/"]).last ?? text
            return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
        }

        private func quoted(_ text: String) -> String {
            "\"" + text.replacingScalars(["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r"]) + "\""
        }
    }

    static func files(name: String, dependency: Dependency) -> [(path: String, text: String)] {
        [("Package.swift", manifest(name, dependency)), (".gitignore", ".build/\n.swiftpm/\n*.xcodeproj/xcuserdata/\n")]
    }

    /// The app's manifest: the same targets and dependencies as `ForceKitExample` in
    /// ForceKit's own manifest, where the template is built and tested.
    static func manifest(_ name: String, _ dependency: Dependency) -> String {
        let package = dependency.identity
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v14), .iOS(.v17)],
                products: [
                    .library(name: "\(name)", targets: ["\(name)"])
                ],
                dependencies: [
                    \(dependency.declaration)
                ],
                targets: [
                    .target(
                        name: "\(name)",
                        dependencies: [
                            .product(name: "SalesforceApp", package: "\(package)"),
                            .product(name: "MobileSync", package: "\(package)"),
                            .product(name: "SmartStore", package: "\(package)"),
                            .product(name: "SalesforceCore", package: "\(package)"),
                        ],
                        resources: [.copy("Configuration")]
                    ),
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)",
                            .product(name: "ForceKitTesting", package: "\(package)"),
                            .product(name: "SalesforceREST", package: "\(package)"),
                        ]
                    ),
                ]
            )

            """
    }
}
