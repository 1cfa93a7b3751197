import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceApp
import SalesforceCore
import Testing

@Suite("The app layer: background duties")
struct BackgroundDutiesTests {
    @Test("run() retries a failed push registration and publishes analytics on its own, and ends when cancelled")
    func run() async throws {
        try await withLocalOrg(seed: false) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")),
                    directory: folder.appendingPathComponent("app"), push: PushConfiguration(retryAfterFailure: 0))
                org.server.faults.fail(requestNumber: 1, pathContaining: "MobilePushServiceDevice", status: 500)
                try await app.logIn(at: org.loginHost, using: org.browser)
                await app.setDeviceToken(Data([7]))
                guard case .failed = await app.pushStatus() else {
                    Issue.record("expected the first registration to fail")
                    return
                }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await app.run(checkInterval: .milliseconds(10), publishInterval: .milliseconds(30)) }
                    // Wait (at most ten seconds) for both duties to have been done.
                    for _ in 0..<1000 {
                        if case .registered = await app.pushStatus(), !org.server.receivedAnalytics.isEmpty { break }
                        try? await Task.sleep(for: .milliseconds(10))
                    }
                    group.cancelAll()
                }
                guard case .registered = await app.pushStatus() else {
                    Issue.record("run() did not retry the registration: \(await app.pushStatus())")
                    return
                }
                #expect(org.server.receivedAnalytics.contains { $0["payload"]?["eventSource"] == "addUser" })
            }
        }
    }
}
