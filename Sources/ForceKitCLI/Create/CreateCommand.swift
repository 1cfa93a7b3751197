import ArgumentParser
import Foundation
import SalesforceCore

/// `forcekit create`: a new app on ForceKit, the counterpart of the Mobile SDK's forceios.
struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract:
            "Write a Swift package for a new offline-first app on ForceKit, with its configuration files and a test (or, with --template hybrid, a hybrid app's www folder).",
        discussion: """
            The package has bootconfig.json, userstore.json, usersyncs.json and \
            MobileDeepLinkingConfig.json (Accounts and Contacts, the Mobile SDK's sample \
            connected app), a model that lists, edits and syncs Contacts offline, SwiftUI views \
            compiled where SwiftUI exists, a README, and a test that logs in to a LocalOrg and \
            runs the app's sync: `swift test` in the new folder runs it.

            It depends on the ForceKit checkout this forcekit was built from, or on another with \
            --forcekit-path, on one commit with --forcekit-revision and --forcekit-url (until \
            releases are tagged), or on a released version with --forcekit-version and --forcekit-url.

            With --template hybrid it writes a hybrid (Cordova) app's www folder instead: \
            index.html, app.js (Accounts synced into SmartStore and listed, through the SDK's \
            plugin calls), bootconfig.json and a README that says how to add the SDK's own \
            JavaScript. forcekit hybrid serve NAME/www --local runs it in the desktop browser.
            """
    )

    @Argument(help: "The app's name: a Swift identifier, such as FieldNotes.")
    var name: String

    /// The kinds of app `create` writes.
    enum Template: String, ExpressibleByArgument, CaseIterable {
        case native, hybrid
    }

    @Option(help: "native: a Swift package on ForceKit; hybrid: a hybrid (Cordova) app's www folder.")
    var template: Template = .native

    @Option(help: ArgumentHelp("The folder to create the app's folder in (default: the current folder).", valueName: "DIR"))
    var output: String?

    @Option(help: ArgumentHelp("The app's bundle identifier (default: com.example.<name>).", valueName: "ID"))
    var bundleID: String?

    @Option(help: ArgumentHelp("Depend on the ForceKit checkout at this path.", valueName: "PATH"))
    var forcekitPath: String?

    @Option(help: ArgumentHelp("Depend on this released ForceKit version instead of a checkout.", valueName: "VERSION"))
    var forcekitVersion: String?

    @Option(
        help: ArgumentHelp(
            "Depend on this ForceKit commit (a full hash) instead of a checkout: the way to pin ForceKit until releases are tagged.",
            valueName: "COMMIT"))
    var forcekitRevision: String?

    @Option(
        help: ArgumentHelp(
            "The Git URL ForceKit is published at; needed with --forcekit-version or --forcekit-revision.", valueName: "URL"))
    var forcekitURL: String?

    func validate() throws {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first),
            name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII })
        else {
            throw ValidationError("The name must be letters and digits, starting with a letter (a Swift module name): \(name) is not.")
        }
        if let bundleID,
            bundleID.split(atScalars: ["."]).count < 2
                || !bundleID.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "." })
        {
            throw ValidationError("The bundle identifier must be reverse-DNS, such as com.acme.fieldnotes: \(bundleID) is not.")
        }
        if [forcekitPath, forcekitVersion, forcekitRevision].compactMap({ $0 }).count > 1 {
            throw ValidationError("Give one of --forcekit-path, --forcekit-version and --forcekit-revision.")
        }
        try InputPath.requireFolder(forcekitPath.map { ($0 as NSString).expandingTildeInPath }, given: "--forcekit-path")
        if (forcekitVersion == nil && forcekitRevision == nil) != (forcekitURL == nil) {
            throw ValidationError(
                "--forcekit-url goes with --forcekit-version or --forcekit-revision: the Git URL ForceKit is published at, and what to take from it."
            )
        }
        if let forcekitRevision,
            forcekitRevision.unicodeScalars.count != 40
                || !forcekitRevision.unicodeScalars.allSatisfy({ "0123456789abcdefABCDEF".unicodeScalars.contains($0) })
        {
            throw ValidationError(
                "--forcekit-revision takes a commit's full 40-digit hash (git rev-parse HEAD): \(forcekitRevision) is not one.")
        }
    }

    func run() async throws {
        let parent = URL(fileURLWithPath: ((output ?? FileManager.default.currentDirectoryPath) as NSString).expandingTildeInPath)
        let folder = parent.appendingPathComponent(name, isDirectory: true)
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            Console.printFailure("\(folder.path) exists and is not empty; choose another name or --output")
            throw ExitCode(1)
        }
        let scheme = name.lowercased()
        let dependency = template == .native ? try resolvedDependency() : nil
        let files =
            if let dependency {
                try NewApp.files(name: name, bundleID: bundleID ?? "com.example.\(scheme)", scheme: scheme, dependency: dependency)
            } else {
                try AppTemplate.files(ofTemplate: "HybridTemplate", replacing: [("ForceKitHybridExample", name)])
            }
        do {
            for (path, text) in files {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            }
        } catch {
            Console.printFailure("cannot write \(folder.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        guard let dependency else {
            Console.print("Created the hybrid app \(name) in \(folder.path) (\(files.count) files).")
            Console.print("")
            Console.print("    forcekit serve &                                      # a LocalOrg")
            Console.print("    forcekit hybrid serve \(folder.path)/www --local --open")
            return
        }
        Console.print("Created \(name) in \(folder.path) (\(files.count) files), on \(describe(dependency)).")
        Console.print("")
        Console.print("    cd \(folder.path)")
        Console.print("    swift test      # the app's sync against a LocalOrg the test starts")
    }

    private func resolvedDependency() throws -> NewAppPackageFiles.Dependency {
        if let forcekitVersion, let forcekitURL { return .version(url: forcekitURL, version: forcekitVersion) }
        if let forcekitRevision, let forcekitURL { return .revision(url: forcekitURL, revision: forcekitRevision) }
        if let forcekitPath {
            let path = URL(fileURLWithPath: (forcekitPath as NSString).expandingTildeInPath).standardizedFileURL.path
            guard Self.isForceKitCheckout(path) else {
                throw CLIInputError("\(forcekitPath) is not a ForceKit checkout (no Package.swift naming ForceKit)")
            }
            return .path(path)
        }
        if let checkout = Self.buildCheckout, Self.isForceKitCheckout(checkout) { return .path(checkout) }
        throw CLIInputError(
            "this forcekit was not built from a checkout on this machine; give --forcekit-path PATH, or --forcekit-revision COMMIT with --forcekit-url URL"
        )
    }

    private func describe(_ dependency: NewAppPackageFiles.Dependency) -> String {
        switch dependency {
        case .path(let path): "the ForceKit checkout at \(path)"
        case .version(let url, let version): "ForceKit \(version) from \(url)"
        case .revision(let url, let revision): "ForceKit commit \(revision.prefix(12)) from \(url)"
        }
    }

    /// The checkout this forcekit was compiled from, by this file's path at build time.
    static var buildCheckout: String? {
        let file = URL(fileURLWithPath: #filePath)
        let root = file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root.path : nil
    }

    private static func isForceKitCheckout(_ path: String) -> Bool {
        guard let manifest = try? String(contentsOfFile: path + "/Package.swift", encoding: .utf8) else { return false }
        return manifest.contains("name: \"ForceKit\"")
    }
}
