import Foundation
import MobileSync
import SalesforceApp
import SalesforceAuth
import SmartStore
import Testing

@testable import ForceKitCLI

@Suite("forcekit create")
struct CreateCommandTests {
    @Test("writes a package on this checkout whose configuration files the app layer and the router read")
    func newApp() async throws {
        try await withScratch { scratch in
            let checkout = try #require(CreateCommand.buildCheckout)
            let result = await forcekit("create", "FieldNotes", "--output", scratch.directory.path, "--forcekit-path", checkout)
            #expect(result.exitCode == 0, "\(result.error)")
            #expect(result.output.contains("Created FieldNotes in \(scratch.path("FieldNotes")) (14 files)"))
            let folder = scratch.directory.appendingPathComponent("FieldNotes")
            let manifest = try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8)
            let identity = URL(fileURLWithPath: checkout).lastPathComponent
            #expect(manifest.contains(".package(path: \"\(URL(fileURLWithPath: checkout).standardizedFileURL.path)\")"))
            #expect(manifest.contains(".product(name: \"SalesforceApp\", package: \"\(identity)\")"))
            #expect(manifest.contains("resources: [.copy(\"Configuration\")]"))

            // The configuration files are what the app layer reads.
            let configuration = try AppConfiguration(contentsOf: folder.appendingPathComponent("Sources/FieldNotes/Configuration"))
            #expect(configuration.bootConfig.consumerKey.hasPrefix("3MVG9"))
            #expect(configuration.userStore?.soups.map(\.soupName) == ["accounts", "contacts"])
            #expect(
                configuration.userSyncs?.entries.map(\.name) == [
                    "syncDownAccounts", "syncDownContacts", "syncUpAccounts", "syncUpContacts",
                ])
            #expect(configuration.userSyncs?.problems == [])

            // The deep-link configuration routes the app's links.
            let links = folder.appendingPathComponent("Sources/FieldNotes/Configuration/MobileDeepLinkingConfig.json").path
            let routed = await forcekit("link", "route", "--config", links, "--json", "fieldnotes://contacts/003Lo00000000WHIAY")
            #expect(routed.exitCode == 0, "\(routed.error)")
            #expect(routed.output.contains("\"route\":\"contacts/:contactId\"") && routed.output.contains("\"class\":\"ContactEditView\""))

            // SwiftUI only where it exists; the test starts its own LocalOrg and always stops it.
            let list = try String(
                contentsOf: folder.appendingPathComponent("Sources/FieldNotes/Views/ContactListView.swift"), encoding: .utf8)
            #expect(list.hasPrefix("#if canImport(SwiftUI)"))
            let test = try String(contentsOf: folder.appendingPathComponent("Tests/FieldNotesTests/FieldNotesTests.swift"), encoding: .utf8)
            #expect(test.contains("try await withLocalOrg(seed: true)") && test.contains("import FieldNotes\n"))
            #expect(test.contains("struct FieldNotesTests") && test.contains("\"fieldnotes://contacts/\\(newID)\""))
            let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
            #expect(readme.hasPrefix("# FieldNotes\n") && readme.contains("bundle id `com.example.fieldnotes`"))

            // The template's names are gone from every file and path: the app is FieldNotes through and through.
            let paths = try #require(FileManager.default.subpathsOfDirectory(atPath: folder.path) as [String]?)
            for path in paths where !path.hasSuffix("/") {
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
                #expect(!path.lowercased().contains("forcekitexample"), "\(path)")
                if isFolder.boolValue { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                #expect(!text.lowercased().contains("forcekitexample"), "\(path) still names the template")
            }
        }
    }

    @Test("--template hybrid writes a www folder named after the app, with its boot config, and no package")
    func hybridTemplate() async throws {
        try await withScratch { scratch in
            let result = await forcekit("create", "FieldHybrid", "--template", "hybrid", "--output", scratch.directory.path)
            #expect(result.exitCode == 0, "\(result.error)")
            #expect(result.output.contains("forcekit hybrid serve \(scratch.path("FieldHybrid"))/www --local --open"))
            let folder = scratch.directory.appendingPathComponent("FieldHybrid")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
            #expect(files == ["README.md", "www", "www/app.js", "www/bootconfig.json", "www/index.html"])
            let page = try String(contentsOf: folder.appendingPathComponent("www/index.html"), encoding: .utf8)
            #expect(page.contains("<title>FieldHybrid</title>") && page.contains(#"<script src="cordova.js"></script>"#))
            let boot = try AppConfiguration(contentsOf: folder)
            #expect(boot.bootConfig.startPage == "index.html")
            let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
            #expect(readme.hasPrefix("# FieldHybrid\n") && readme.contains("cordova.force.js"))
        }
    }

    @Test("--forcekit-version depends on a released version, named by the URL's last part")
    func versionDependency() async throws {
        try await withScratch { scratch in
            let url = "https://git.example.com/acme/ForceKit.git"
            let result = await forcekit(
                "create", "Pipeline", "--output", scratch.directory.path, "--forcekit-version", "0.1.0", "--forcekit-url", url)
            #expect(result.exitCode == 0, "\(result.error)")
            let manifest = try String(contentsOfFile: scratch.path("Pipeline/Package.swift"), encoding: .utf8)
            #expect(manifest.contains(".package(url: \"\(url)\", from: \"0.1.0\")"))
            #expect(manifest.contains(".product(name: \"ForceKitTesting\", package: \"ForceKit\")"))
        }
    }

    @Test("--forcekit-revision pins one commit, as README says to depend on ForceKit until releases are tagged; a short hash is refused")
    func revisionDependency() async throws {
        try await withScratch { scratch in
            let url = "https://git.example.com/acme/ForceKit.git"
            let commit = "a198705" + String(repeating: "0", count: 33)
            let result = await forcekit(
                "create", "Pinned", "--output", scratch.directory.path, "--forcekit-revision", commit, "--forcekit-url", url)
            #expect(result.exitCode == 0, "\(result.error)")
            let manifest = try String(contentsOfFile: scratch.path("Pinned/Package.swift"), encoding: .utf8)
            #expect(manifest.contains(".package(url: \"\(url)\", revision: \"\(commit)\")"))
            #expect(manifest.contains(".product(name: \"MobileSync\", package: \"ForceKit\")"))
            let short = await forcekit(
                "create", "Short", "--output", scratch.directory.path, "--forcekit-revision", "a198705", "--forcekit-url", url)
            #expect(short.exitCode == 64 && short.error.contains("40-digit"))
            #expect(
                await forcekit("create", "Both", "--forcekit-version", "1.0.0", "--forcekit-revision", commit, "--forcekit-url", url)
                    .exitCode == 64)
        }
    }

    @Test("a name that is not a module name, a bad bundle id, or both dependency flags are usage errors; a non-empty folder is refused")
    func refusals() async throws {
        try await withScratch { scratch in
            #expect(await forcekit("create", "9lives", "--output", scratch.directory.path).exitCode == 64)
            #expect(await forcekit("create", "my-app", "--output", scratch.directory.path).exitCode == 64)
            #expect(await forcekit("create", "Notes", "--bundle-id", "notes", "--output", scratch.directory.path).exitCode == 64)
            #expect(await forcekit("create", "Notes", "--forcekit-path", ".", "--forcekit-version", "1.0.0").exitCode == 64)
            #expect(await forcekit("create", "Notes", "--forcekit-version", "1.0.0").exitCode == 64)
            try FileManager.default.createDirectory(atPath: scratch.path("Busy"), withIntermediateDirectories: true)
            _ = try scratch.file("keep me", name: "Busy/notes.txt")
            let busy = await forcekit("create", "Busy", "--output", scratch.directory.path)
            #expect(busy.exitCode == 1 && busy.error.contains("exists and is not empty"))
            #expect(try String(contentsOfFile: scratch.path("Busy/notes.txt"), encoding: .utf8) == "keep me")
            let notACheckout = await forcekit(
                "create", "Notes", "--output", scratch.directory.path, "--forcekit-path", scratch.directory.path)
            #expect(notACheckout.exitCode == 1 && notACheckout.error.contains("is not a ForceKit checkout"))
        }
    }
}
