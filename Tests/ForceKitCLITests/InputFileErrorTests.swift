import ForceKitTestSupport
import Foundation
import MobileSync
import SalesforceApp
import SmartStore
import Testing

/// Files named on the command line: a missing file, a folder or the wrong kind of JSON is said in
/// words, with the exit code the help promises (64 for one that is not there or is a folder),
/// never as a Foundation error number.
@Suite("forcekit with files it cannot use")
struct InputFileErrorTests {
    @Test("a folder or a missing file given as a file says which; a JSON file that is no link configuration exits 2")
    func unusableFiles() async throws {
        try await withTemporaryDirectory { folder throws in
            let wrongKind = folder.appendingPathComponent("Package.resolved")
            try Data(#"{"pins": [], "version": 2}"#.utf8).write(to: wrongKind)
            let notRoutes = await forcekit("link", "route", "--config", wrongKind.path, "acme://x")
            #expect(notRoutes.exitCode == 2 && notRoutes.error.contains("has no \"routes\" and no \"defaultRoute\""), "\(notRoutes.error)")

            let config = FileManager.default.currentDirectoryPath + "/Examples/DeepLinks/MobileDeepLinkingConfig.json"
            let linksFolder = await forcekit("link", "route", "--config", config, "--links", folder.path)
            #expect(
                linksFolder.exitCode == 64
                    && linksFolder.error.contains("--links \(folder.path) cannot be read: it is a folder, not a file"))
            #expect(!linksFolder.error.contains("NSCocoaErrorDomain"), "\(linksFolder.error)")

            let notPEM = folder.appendingPathComponent("ca.pem")
            try Data("hello".utf8).write(to: notPEM)
            // A folder is a usage error (64), found before the login; a file that is no CA fails the login (1).
            for (caFile, said, status) in [(folder.path, "it is a folder, not a file", 64), (notPEM.path, "holds no PEM certificate", 1)] {
                let login = await forcekit(
                    "login", "--instance", "http://127.0.0.1:9", "--username", "u", "--password", "p", "--ca-file", caFile)
                #expect(
                    login.exitCode == Int32(status) && login.error.contains(said) && !login.error.contains("failedToLoadCertificate"),
                    "\(login.error)")
            }

            let missing = folder.appendingPathComponent("routes.json").path
            let apex = await forcekit("serve", "--apex-routes", missing)
            #expect(
                apex.exitCode == 64 && apex.error.contains("--apex-routes \(missing) cannot be read: there is no such file."),
                "\(apex.error)")
            #expect(!apex.error.contains("delete it"))
        }
    }
}

extension InputFileErrorTests {
    @Test("errors the commands print say what to do in words, not in the libraries' method or type names")
    func suggestionsNameNoAPI() {
        let suggestions = [
            SyncError.duplicateName("accounts").recoverySuggestion, SyncError.managerStopped.recoverySuggestion,
            SyncError.syncNotFound("accounts").recoverySuggestion, SmartStoreError.invalidQuerySpec("no path").recoverySuggestion,
            SmartStoreError.wrongKey(path: "a.sqlite").recoverySuggestion, SmartStoreError.closed(path: "a.sqlite").recoverySuggestion,
            SmartStoreError.storeEncrypted(path: "a.sqlite").recoverySuggestion, AppError.notLoggedIn.recoverySuggestion,
        ]
        for suggestion in suggestions {
            let text = suggestion ?? ""
            #expect(!text.isEmpty && text.firstRange(of: /[a-z]\([a-zA-Z]*:/) == nil && !text.contains("SmartStoreManager"), "\(text)")
            #expect(!text.contains("QuerySpec"), "\(text)")
        }
    }
}

extension InputFileErrorTests {
    @Test("JSON given as an argument that does not parse is a usage error (64) in store as in api")
    func malformedJSONArguments() async throws {
        try await withTemporaryDirectory { folder throws in
            let path = folder.appendingPathComponent("app.sqlite").path
            #expect(await forcekit("store", "register", "accounts", "--path", path, "--index", "Name:string").exitCode == 0)
            let spec = await forcekit("store", "query", "accounts", "--path", path, "--spec", "{bad")
            #expect(spec.exitCode == 64 && spec.error.contains("--spec: The text is not valid JSON"), "\(spec.error)")
            #expect(await forcekit("store", "remove", "accounts", "--path", path, "--spec", "[").exitCode == 64)
            let args = await forcekit("store", "query", "--path", path, "--smart", "select 1", "--args", "{}")
            #expect(args.exitCode == 64 && args.error.contains("--args must be a JSON array, such as [\"Acme\", 3]"))
            #expect(await forcekit("api", "POST", "sobjects/Account", "--data", "{bad").exitCode == 64)
        }
    }
}
