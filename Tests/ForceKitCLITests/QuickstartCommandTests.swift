import ArgumentParser
import ForceKitTestSupport
import Foundation
import SalesforceAuth
import SalesforceCore
import Testing

@testable import ForceKitCLI

/// The main job. Serialized: the interruption tests send the test process a real SIGINT, which
/// only a running quickstart may receive.
@Suite("forcekit quickstart", .serialized)
struct QuickstartCommandTests {
    @Test("--json: every step's result, the conflict with its three versions and the merge, both links, and no folder left")
    func wholeRunAsJSON() async throws {
        let result = await forcekit("quickstart", "--json", "--accounts", "40")
        #expect(result.exitCode == 0, "\(result.error)")
        let summary = try jsonObject(result.output)
        let org = summary["org"] as? [String: Any]
        #expect(org?["accounts"] as? Int == 40 && org?["contacts"] as? Int == 80)
        #expect((summary["user"] as? [String: Any])?["login"] as? String == "web-server flow with PKCE")
        let syncs = summary["syncDown"] as? [[String: Any]] ?? []
        #expect(syncs.map { $0["name"] as? String } == ["syncDownAccounts", "syncDownContacts"])
        #expect(syncs.map { $0["records"] as? Int } == [40, 80])
        // The contacts go up; the account conflicts, then goes up once resolved.
        let ups = (summary["syncUp"] as? [[String: Any]] ?? []).map {
            [$0["synced"] as? Int, $0["failed"] as? Int, $0["conflicted"] as? Int]
        }
        #expect(ups == [[2, 0, 0], [0, 0, 1], [1, 0, 0]])
        let conflict = try #require(summary["conflict"] as? [String: Any])
        let fields = try #require(conflict["fields"] as? [String: [String: Any]])
        #expect(Set(fields.keys) == ["Name", "Phone"])
        let name = try #require(fields["Name"])
        #expect((name["local"] as? String) == (name["base"] as? String).map { $0 + " (edited offline)" })
        #expect(name["server"] as? String == name["base"] as? String)
        #expect(fields["Phone"]?["local"] as? String == fields["Phone"]?["base"] as? String)
        #expect(fields["Phone"]?["server"] as? String == "+1 415 555 0199")
        // The merge kept both edits on the server.
        let onServer = conflict["onServer"] as? [String: Any]
        #expect(onServer?["Name"] as? String == name["local"] as? String && onServer?["Phone"] as? String == "+1 415 555 0199")
        #expect((summary["deletedOnServer"] as? [String: Any])?["removedLocally"] as? Bool == true)
        let links = summary["links"] as? [[String: Any]] ?? []
        #expect(links.count == 2)
        #expect(links.first?["url"] as? String == "salesforce1://sObject/\(conflict["recordId"] as? String ?? "?")/view")
        #expect(links.first?["route"] as? String == "sObject/:recordId/view" && links.first?["screen"] as? String == "RecordView")
        #expect((links.first?["record"] as? [String: Any])?["Phone"] as? String == "+1 415 555 0199")
        #expect(links.last?["route"] as? String == "contacts/:contactId" && links.last?["screen"] as? String == "ContactEditView")
        let contact = links.last?["record"] as? [String: Any]
        #expect(contact?["LastName"] as? String == "Offline" && contact?["Id"] as? String == summary["createdOffline"] as? String)
        #expect((contact?["Id"] as? String)?.hasPrefix("003") == true)
        // The temporary folder is gone.
        let files = try #require(summary["files"] as? [String: Any])
        #expect(files["temporary"] as? Bool == true)
        let folder = try #require(files["folder"] as? String)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test("text: six steps in order, the login at LocalOrg's pages (no password flow), the conflict table and the summary")
    func narration() async throws {
        let result = await forcekit("quickstart", "--accounts", "20")
        #expect(result.exitCode == 0, "\(result.error)")
        let headings = result.outputLines.filter { $0.hasPrefix("[") }
        #expect(headings == QuickstartStep.allCases.map { "[\($0.rawValue)/6] \($0.title)" })
        for line in [
            "GET /services/oauth2/authorize → 200 page \"Log In\"", "POST /services/oauth2/authorize → 200 page \"Allow Access\"",
            "POST /services/oauth2/authorize → 302 redirect to testsfdc:///mobilesdk/detect/oauth/done with an authorization code",
            "POST /services/oauth2/token → 200 tokens (access and refresh)",
        ] {
            #expect(result.output.contains(line), "missing: \(line)")
        }
        #expect(result.output.contains("syncUpAccounts: 0 synced, 0 failed, 1 conflicted"))
        #expect(result.output.contains("Phone  base \"+1 415 555 "))
        #expect(result.output.contains("both edits kept"))
        #expect(result.output.contains("the deleted Contact is gone from the local store"))
        #expect(result.output.contains("sync down      60 records"))
    }

    @Test("--data: the org, the app and its store stay, and a second run reuses them")
    func keptData() async throws {
        try await withScratch { scratch in
            let data = scratch.path("quickstart")
            let first = await forcekit("quickstart", "--json", "--accounts", "15", "--data", data)
            #expect(first.exitCode == 0, "\(first.error)")
            let second = await forcekit("quickstart", "--json", "--data", data)
            #expect(second.exitCode == 0, "\(second.error)")
            let summary = try jsonObject(second.output)
            // The org was not loaded again (the default would be 2,000 Accounts).
            #expect((summary["org"] as? [String: Any])?["accounts"] as? Int == 15)
            #expect((summary["files"] as? [String: Any])?["temporary"] as? Bool == false)
            let store = try #require((summary["files"] as? [String: Any])?["store"] as? String)
            #expect(FileManager.default.fileExists(atPath: store))
            #expect(FileManager.default.fileExists(atPath: data + "/config/usersyncs.json"))
        }
    }

    @Test(
        "Ctrl-C at any step: LocalOrg stops, the temporary folder is removed, exit 130",
        arguments: [QuickstartStep.logIn, .syncDown, .offlineEdits, .links])
    func interrupted(at step: QuickstartStep) async throws {
        try await withScratch { scratch in
            let result = await runQuickstart(temporaryParent: scratch.directory) { begun in
                if begun == step { kill(getpid(), SIGINT) }
            }
            #expect(result.exitCode == 130, "\(result.error)")
            #expect(result.error.contains("interrupted: LocalOrg stopped;"))
            let left = try FileManager.default.subpathsOfDirectory(atPath: scratch.directory.path)
            #expect(left.isEmpty, "left behind: \(left)")
            let url = try #require(
                result.outputLines.first { $0.contains("LocalOrg is listening at ") }?.components(separatedBy: " at ").last)
            await #expect(throws: (any Error).self) { _ = try await RawHTTPClient(baseURL: url).send("GET", "/services/data") }
        }
    }

    @Test(
        "--keep: LocalOrg runs after the summary with short commands run from the app's folder, the CLI's home; Ctrl-C then stops it and exits 0"
    )
    func keepRunning() async throws {
        try await withScratch { scratch in
            let capture = CapturedConsole()
            let command = Task {
                await capture.run {
                    try await QuickstartCommand.run(
                        data: nil, keep: true, json: true, accounts: 15, temporaryParent: scratch.directory)
                }
            }
            var folder: String?
            for _ in 0..<600 where folder == nil {
                try await Task.sleep(for: .milliseconds(100))
                folder = capture.error.split(separator: "\n").first { $0.hasPrefix("    cd ") }.map {
                    String($0.dropFirst("    cd ".count))
                }
            }
            let home = try #require(folder)
            // Commands short enough to copy, that set FORCEKIT_HOME for themselves only: no shell
            // is left pointing at a folder that goes when the run stops.
            let commands = capture.error.split(separator: "\n").filter {
                $0.hasPrefix("    ") && $0.contains("forcekit ") && !$0.hasPrefix("    cd ")
            }
            #expect(commands.count >= 6 && commands.allSatisfy { $0.count <= 110 }, "\(commands)")
            #expect(!capture.error.contains("export FORCEKIT_HOME"))
            let query = await CLIEnvironment.$home.withValue(URL(fileURLWithPath: home)) {
                await forcekit("query", "SELECT Phone FROM Account WHERE Phone = '+1 415 555 0199'", "--json")
            }
            kill(getpid(), SIGINT)
            let exitCode = await command.value
            #expect(query.exitCode == 0, "\(query.error)")
            #expect(query.output.contains("+1 415 555 0199"))
            #expect(exitCode == 0, "\(capture.error)")
            #expect(capture.error.contains("LocalOrg stopped;"))
            let left = try FileManager.default.subpathsOfDirectory(atPath: scratch.directory.path)
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }

    @Test("--accounts out of range is a usage error")
    func usage() async {
        #expect(await forcekit("quickstart", "--accounts", "5").exitCode == 64)
    }

    /// Runs the quickstart in-process with its temporary folder under `temporaryParent`.
    private func runQuickstart(temporaryParent: URL, onStep: @escaping @Sendable (QuickstartStep) -> Void) async -> CommandResult {
        let capture = CapturedConsole()
        let exitCode = await capture.run {
            try await QuickstartCommand.run(
                data: nil, keep: false, json: false, accounts: 15, temporaryParent: temporaryParent, onStep: onStep)
        }
        return CommandResult(output: capture.output, error: capture.error, exitCode: exitCode)
    }
}

/// A console whose text a test reads while the command still runs.
private final class CapturedConsole: Sendable {
    private let texts = Locked((output: "", error: ""))
    var output: String { texts.withLock { $0.output } }
    var error: String { texts.withLock { $0.error } }

    /// Runs `body` writing here; returns the exit status a command's error means.
    func run(_ body: () async throws -> Void) async -> Int32 {
        let console = Console(
            output: { text in self.texts.withLock { $0.output += text } }, error: { text in self.texts.withLock { $0.error += text } })
        return await Console.$current.withValue(console) {
            do {
                try await body()
                return 0
            } catch {
                return ForceKitCommand.exitCode(for: error).rawValue
            }
        }
    }
}
