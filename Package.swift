// swift-tools-version: 6.0
import PackageDescription

/// Settings every ForceKit target shares: Swift 6 mode with the upcoming features that make
/// dependencies explicit. Imports are internal unless a file says `public import`, so a module's
/// public API shows which modules it exposes.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "ForceKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SalesforceCore", targets: ["SalesforceCore"]),
        .library(name: "SalesforceKeys", targets: ["SalesforceKeys"]),
        .library(name: "DeepLinking", targets: ["DeepLinking"]),
        .library(name: "SalesforceLinks", targets: ["SalesforceLinks"]),
        .library(name: "SalesforceAuth", targets: ["SalesforceAuth"]),
        .library(name: "SalesforceREST", targets: ["SalesforceREST"]),
        .library(name: "SmartStore", targets: ["SmartStore"]),
        .library(name: "SmartStoreMigration", targets: ["SmartStoreMigration"]),
        .library(name: "SOQL", targets: ["SOQL"]),
        .library(name: "MobileSync", targets: ["MobileSync"]),
        .library(name: "IdentityProvider", targets: ["IdentityProvider"]),
        .library(name: "SalesforceApp", targets: ["SalesforceApp"]),
        .library(name: "LocalOrg", targets: ["LocalOrg", "LocalOrgEngine"]),
        .library(name: "HeadlessLogin", targets: ["HeadlessLogin"]),
        .library(name: "ForceKitTesting", targets: ["ForceKitTesting"]),
        .library(name: "HybridBridge", targets: ["HybridBridge"]),
        .executable(name: "forcekit", targets: ["forcekit"]),
        .executable(name: "forcekit-bench", targets: ["ForceKitBench"]),
        .executable(name: "forcekit-fuzz", targets: ["ForceKitFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        // The CLI's HTTPS client when it must trust a LocalOrg's CA (URLSession on Linux cannot).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Documentation only: `swift package generate-documentation --target <Module>`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // Benchmark baseline only: the router suite compares against RoutingKit's trie.
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
    ],
    targets: [
        // Percent- and form-encoding: the one encoder, with no dependency at all, so that
        // DeepLinking (Foundation only) and SalesforceCore share it.
        .target(name: "URLEncoding", swiftSettings: strictSettings),
        .target(
            name: "SalesforceCore",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SalesforceKeys",
            dependencies: [
                "SalesforceCore", .product(name: "Crypto", package: "swift-crypto"),
                // PBKDF2, for keys derived from passphrases and passcodes.
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "DeepLinking", dependencies: ["URLEncoding"], swiftSettings: strictSettings),
        // Fixed-seed randomness shared by the property tests and the benchmark workloads.
        .target(name: "ForceKitTestSupport", dependencies: ["SalesforceCore", "URLEncoding"], swiftSettings: strictSettings),
        // Playing the user where there is no screen: a browser that answers login and consent
        // pages, a device whose apps open each other's URLs, an IdP user who answers from a script.
        // The CLI logs in with it; ForceKitTesting re-exports it.
        .target(
            name: "HeadlessLogin",
            dependencies: ["SalesforceAuth", "SalesforceCore", "IdentityProvider", "URLEncoding"],
            swiftSettings: strictSettings
        ),
        // What a ForceKit app's tests use: a LocalOrg scoped to a test, with HeadlessLogin's
        // browser and device.
        .target(
            name: "ForceKitTesting",
            dependencies: [
                "LocalOrg", "SalesforceAuth", "SalesforceCore", "HeadlessLogin",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SalesforceLinks",
            dependencies: ["SalesforceCore", "DeepLinking", "URLEncoding"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SalesforceAuth",
            dependencies: [
                "SalesforceCore", "SalesforceKeys", "URLEncoding",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SalesforceREST",
            dependencies: ["SalesforceAuth", "SalesforceCore", "SOQL", "URLEncoding", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        // The system's zlib, for gzip (the analytics upload and LocalOrg's reading of it).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "Gzip", dependencies: ["CZlib"], swiftSettings: strictSettings),
        // Binding a row's values straight through SQLite's C API, for the stores' hot writes.
        .target(
            name: "SQLiteBinding",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SmartStore",
            dependencies: [
                "SalesforceCore", "SalesforceKeys", "SQLiteBinding", "URLEncoding",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C API, for the encrypting VFS.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Reads what the Salesforce Mobile SDK leaves on a device (its SQLCipher stores) for
        // moving it into ForceKit.
        .target(
            name: "SmartStoreMigration",
            dependencies: [
                "SmartStore", "SalesforceCore", "SalesforceKeys",
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_deserialize, to open a decrypted copy in memory.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                // AES-256-CBC, SQLCipher's page cipher.
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "SOQL", swiftSettings: strictSettings),
        // LocalOrg's storage and query engine: records, metadata, SOQL and SOSL, files, OAuth
        // state and the REST API's resources, with no HTTP.
        .target(
            name: "LocalOrgEngine",
            dependencies: [
                "SOQL", "SalesforceCore", "SQLiteBinding", "URLEncoding", "Gzip",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                // RSA, for the ID tokens LocalOrg signs.
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            // The standard objects, one description per object (see StandardSchema).
            resources: [.copy("Metadata/StandardObjects")],
            swiftSettings: strictSettings
        ),
        // Mobile Sync: records down into SmartStore, local changes back up.
        .target(
            name: "MobileSync",
            dependencies: [
                "SmartStore", "SalesforceREST", "SalesforceAuth", "SalesforceCore", "SOQL", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The app layer: one entry point for a user's whole session (accounts, stores, syncs).
        .target(
            name: "SalesforceApp",
            dependencies: [
                "MobileSync", "IdentityProvider", "SmartStore", "SalesforceREST", "SalesforceAuth", "SalesforceKeys", "SalesforceCore",
                "DeepLinking", "SalesforceLinks", "Gzip", "SmartStoreMigration",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The native side of the Mobile SDK's Cordova plugins: hybrid JavaScript's calls answered
        // on the app layer, in a web view or over JSON lines.
        .target(
            name: "HybridBridge",
            dependencies: [
                "SalesforceApp", "MobileSync", "SmartStore", "SalesforceREST", "SalesforceAuth", "SalesforceCore", "SalesforceKeys",
            ],
            swiftSettings: strictSettings
        ),
        // The identity-provider handoff: one app logs users into others over app URLs.
        .target(
            name: "IdentityProvider",
            dependencies: ["SalesforceAuth", "SalesforceCore", "URLEncoding"],
            swiftSettings: strictSettings
        ),
        // LocalOrg's HTTP server on Hummingbird: maps requests and errors onto the engine.
        .target(
            name: "LocalOrg",
            dependencies: [
                "LocalOrgEngine", "SOQL", "SalesforceCore", "URLEncoding",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ForceKitCLI",
            dependencies: [
                "SalesforceCore", "SalesforceKeys", "DeepLinking", "SalesforceLinks", "SmartStore", "LocalOrg", "LocalOrgEngine",
                "SalesforceAuth", "SalesforceREST", "MobileSync", "IdentityProvider", "SalesforceApp", "SOQL", "HeadlessLogin",
                "HybridBridge", "URLEncoding", "SmartStoreMigration",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The app template `forcekit create` copies (built and tested as ForceKitExample).
            resources: [.copy("Create/AppTemplate"), .copy("Create/HybridTemplate"), .copy("Hybrid/cordova.js")],
            swiftSettings: strictSettings
        ),
        // The app `forcekit create` writes, kept as compiled code inside the CLI's resources (as
        // swift-nio keeps its examples): built and tested here with the settings of a new app.
        .target(
            name: "ForceKitExample",
            dependencies: ["SalesforceApp", "MobileSync", "SmartStore", "SalesforceCore"],
            path: "Sources/ForceKitCLI/Create/AppTemplate/Sources/ForceKitExample",
            resources: [.copy("Configuration")]
        ),
        .testTarget(
            name: "ForceKitExampleTests",
            dependencies: ["ForceKitExample", "ForceKitTesting", "SalesforceREST"],
            path: "Sources/ForceKitCLI/Create/AppTemplate/Tests/ForceKitExampleTests"
        ),
        .executableTarget(name: "forcekit", dependencies: ["ForceKitCLI"], swiftSettings: strictSettings),
        // The benchmark harness: rounds in alternating order, samples with medians and spreads,
        // goals, the environment, and the self-describing record `--record` keeps.
        .target(name: "BenchHarness", dependencies: ["SalesforceCore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "ForceKitBench",
            dependencies: [
                "BenchHarness", "DeepLinking", "SmartStore", "LocalOrg", "LocalOrgEngine", "SalesforceCore", "URLEncoding", "SQLiteBinding",
                "SalesforceAuth",
                "SalesforceREST", "MobileSync", "SmartStoreMigration",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // What the fuzzer drives (Fuzz/README.md): each target feeds one input to one parser or
        // server, and `forcekit-fuzz` runs them under libFuzzer or replays a corpus.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "SOQL", "SalesforceCore", "DeepLinking", "SalesforceLinks", "SmartStore", "LocalOrg", "LocalOrgEngine", "URLEncoding",
                "SalesforceAuth", "SalesforceREST", "MobileSync", "IdentityProvider",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "ForceKitFuzz", dependencies: ["FuzzTargets"], swiftSettings: strictSettings),
        .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets"], swiftSettings: strictSettings),
        .testTarget(
            name: "SalesforceCoreTests",
            dependencies: ["SalesforceCore", "ForceKitTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SalesforceKeysTests",
            dependencies: ["SalesforceKeys", "ForceKitTestSupport", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "DeepLinkingTests", dependencies: ["DeepLinking", "SalesforceCore", "ForceKitTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "SalesforceLinksTests", dependencies: ["SalesforceLinks", "SalesforceCore", "ForceKitTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SmartStoreTests",
            dependencies: [
                "SmartStore", "SalesforceCore", "SalesforceKeys", "ForceKitTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SmartStoreMigrationTests",
            dependencies: [
                "SmartStoreMigration", "SmartStore", "SalesforceCore", "ForceKitTestSupport", "ForceKitTesting", "MobileSync",
                "SalesforceREST", "SalesforceAuth", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // Made by Scripts/mobile-sdk-fixtures.py; read from the source folder.
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ForceKitTestingTests",
            dependencies: ["ForceKitTesting", "LocalOrg", "SalesforceAuth", "SalesforceCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "SOQLTests", dependencies: ["SOQL", "SalesforceCore", "ForceKitTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "LocalOrgTests",
            dependencies: [
                "LocalOrg", "LocalOrgEngine", "SOQL", "SalesforceCore", "SalesforceAuth", "URLEncoding", "Gzip", "ForceKitTestSupport",
                "ForceKitTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SalesforceAppTests",
            dependencies: [
                "SalesforceApp", "MobileSync", "SmartStore", "SalesforceREST", "SalesforceAuth", "SalesforceCore", "SalesforceKeys",
                "IdentityProvider", "LocalOrg", "ForceKitTesting", "ForceKitTestSupport", "DeepLinking", "SalesforceLinks",
                "SmartStoreMigration",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MobileSyncTests",
            dependencies: [
                "MobileSync", "SmartStore", "SalesforceREST", "SalesforceAuth", "SalesforceCore", "SOQL", "LocalOrg", "LocalOrgEngine",
                "ForceKitTesting", "ForceKitTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "IdentityProviderTests",
            dependencies: [
                "IdentityProvider", "SalesforceAuth", "SalesforceCore", "SalesforceKeys", "URLEncoding", "LocalOrg", "ForceKitTesting",
                "ForceKitTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LocalOrgEngineTests", dependencies: ["LocalOrgEngine", "SalesforceCore", "URLEncoding", "ForceKitTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SalesforceAuthTests",
            dependencies: [
                "SalesforceAuth", "SalesforceCore", "SalesforceKeys", "LocalOrg", "ForceKitTestSupport", "ForceKitTesting",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SalesforceRESTTests",
            dependencies: [
                "SalesforceREST", "SalesforceAuth", "SalesforceCore", "SalesforceKeys", "LocalOrg", "ForceKitTestSupport",
                "ForceKitTesting", "URLEncoding",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HybridBridgeTests",
            dependencies: [
                "HybridBridge", "SalesforceApp", "SalesforceAuth", "SalesforceCore", "SalesforceREST", "SmartStore", "LocalOrg",
                "ForceKitTesting",
                "ForceKitTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "BenchHarnessTests", dependencies: ["BenchHarness", "SalesforceCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "ForceKitCLITests",
            dependencies: [
                "ForceKitCLI", "SalesforceApp", "MobileSync", "SmartStore", "SalesforceAuth", "SalesforceCore", "SalesforceKeys",
                "SalesforceREST", "LocalOrg",
                "ForceKitTestSupport", "ForceKitTesting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Certificate-based login's tests issue their own user certificates.
                .product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
