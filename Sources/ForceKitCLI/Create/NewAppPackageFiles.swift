import Foundation

/// The package files of an app `forcekit create` writes: its manifest, README and .gitignore.
enum NewAppPackageFiles {
    /// How the app depends on ForceKit.
    enum Dependency: Sendable, Equatable {
        /// A checkout on this machine.
        case path(String)
        /// A released version at a Git URL.
        case version(url: String, version: String)

        /// The `.package(...)` line.
        var declaration: String {
            switch self {
            case .path(let path): ".package(path: \(quoted(path)))"
            case .version(let url, let version): ".package(url: \(quoted(url)), from: \(quoted(version)))"
            }
        }

        /// The package's identity, which `.product(name:package:)` names: the last part of the
        /// path or URL, without `.git`.
        var identity: String {
            let text: String
            switch self {
            case .path(let path): text = path
            case .version(let url, _): text = url
            }
            let last = text.split(separator: "/").last.map(String.init) ?? text
            return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
        }

        private func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    static func files(name: String, bundleID: String, scheme: String, dependency: Dependency) -> [(path: String, text: String)] {
        [
            ("Package.swift", manifest(name, dependency)),
            ("README.md", readme(name, bundleID: bundleID, scheme: scheme, dependency: dependency)),
            (".gitignore", ".build/\n.swiftpm/\n*.xcodeproj/xcuserdata/\n"),
        ]
    }

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
                            .product(name: "DeepLinking", package: "\(package)"),
                        ],
                        resources: [.copy("Configuration")]
                    ),
                    .testTarget(
                        name: "\(name)Tests",
                        dependencies: [
                            "\(name)",
                            .product(name: "LocalOrg", package: "\(package)"),
                            .product(name: "IdentityProvider", package: "\(package)"),
                            .product(name: "SalesforceAuth", package: "\(package)"),
                            .product(name: "SalesforceREST", package: "\(package)"),
                        ]
                    ),
                ]
            )

            """
    }

    static func readme(_ name: String, bundleID: String, scheme: String, dependency: Dependency) -> String {
        let source =
            switch dependency {
            case .path(let path): "the ForceKit checkout at `\(path)`"
            case .version(let url, let version): "ForceKit \(version) from \(url)"
            }
        return """
            # \(name)

            An offline-first Salesforce app on ForceKit (\(source)): it lists and edits Contacts in
            an encrypted SmartStore with or without a network, and syncs them with the org.

            ```sh
            swift test      # logs in to a LocalOrg, syncs, edits offline, syncs up: no org, no network
            ```

            ## What is here

            | Path | What it is |
            |---|---|
            | `Sources/\(name)/Configuration/bootconfig.json` | The connected app: the Mobile SDK's sample app, which every LocalOrg knows. Put your own consumer key and callback here for a real org. |
            | `Sources/\(name)/Configuration/userstore.json` | The soups of each user's encrypted store (`accounts`, `contacts`). |
            | `Sources/\(name)/Configuration/usersyncs.json` | The syncs: Accounts and Contacts down, changes up under LEAVE_IF_CHANGED. |
            | `Sources/\(name)/Configuration/MobileDeepLinkingConfig.json` | The app's deep links: `\(scheme)://contacts`, `\(scheme)://contacts/<id>`. |
            | `Sources/\(name)/\(name)App.swift` | The ForceKit session built from those files. |
            | `Sources/\(name)/ContactsModel.swift` | Contacts listed, saved and deleted offline; `sync()`; conflicts. |
            | `Sources/\(name)/AppLinks.swift` | Deep links to the list or a Contact. |
            | `Sources/\(name)/Views/` | SwiftUI views (list and edit), compiled where SwiftUI exists. |
            | `Tests/\(name)Tests/` | The app's sync against LocalOrg, started in the test. |

            ## Run it against LocalOrg

            ```sh
            forcekit serve --data ~/.forcekit/org &     # a Salesforce-compatible server on this machine
            forcekit quickstart                         # the whole SDK end to end, to see what the app does
            ```

            ## Make it an app

            In Xcode, create an iOS app (bundle id `\(bundleID)`, URL scheme `\(scheme)`), add this
            package, and show `ContactListView(model: ContactsModel(session: session))` once
            `\(name)App.makeSession(directory:)` has a session and its user is logged in
            (`session.logIn(using:)` with `WebAuthenticationBrowser`).

            """
    }
}
