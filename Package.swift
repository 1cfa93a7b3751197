// swift-tools-version: 6.0
import PackageDescription

/// Settings every ForceKit target shares: Swift 6 mode with the upcoming features
/// that make dependencies explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "ForceKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "SalesforceCore", targets: ["SalesforceCore"]),
        .library(name: "DeepLinking", targets: ["DeepLinking"]),
        .library(name: "SalesforceLinks", targets: ["SalesforceLinks"]),
        .library(name: "SmartStore", targets: ["SmartStore"]),
        .executable(name: "forcekit", targets: ["forcekit"]),
        .executable(name: "forcekit-bench", targets: ["ForceKitBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // Benchmark baseline only: the router suite compares against RoutingKit's trie.
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
    ],
    targets: [
        .target(
            name: "SalesforceCore",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(name: "DeepLinking", swiftSettings: strictSettings),
        // Fixed-seed randomness shared by the property tests and the benchmark workloads.
        .target(name: "ForceKitTestSupport", swiftSettings: strictSettings),
        .target(
            name: "SalesforceLinks",
            dependencies: ["SalesforceCore", "DeepLinking"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "SmartStore",
            dependencies: ["SalesforceCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ForceKitCLI",
            dependencies: [
                "SalesforceCore", "DeepLinking", "SalesforceLinks", "SmartStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "forcekit", dependencies: ["ForceKitCLI"], swiftSettings: strictSettings),
        .executableTarget(
            name: "ForceKitBench",
            dependencies: [
                "DeepLinking", "SmartStore", "ForceKitTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SalesforceCoreTests",
            dependencies: ["SalesforceCore", "ForceKitTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "DeepLinkingTests", dependencies: ["DeepLinking", "ForceKitTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "SalesforceLinksTests", dependencies: ["SalesforceLinks", "ForceKitTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "SmartStoreTests", dependencies: ["SmartStore", "ForceKitTestSupport", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strictSettings),
        .testTarget(name: "ForceKitCLITests", dependencies: ["ForceKitCLI", "SalesforceCore"], swiftSettings: strictSettings),
    ]
)
