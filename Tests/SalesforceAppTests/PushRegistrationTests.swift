import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@Suite("The app layer: push registration")
struct PushRegistrationTests {
    /// An app over the templates' files, registering as `com.acme.field` and retrying at once.
    func withApp(
        pushEnabled: Bool = true, _ body: (SalesforceApp, TestOrg) async throws -> Void
    ) async throws {
        var configuration = LocalOrgConfiguration()
        configuration.pushEnabled = pushEnabled
        try await withLocalOrg(configuration: configuration) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")),
                    directory: folder.appendingPathComponent("app"),
                    push: PushConfiguration(applicationBundle: "com.acme.field", retryAfterFailure: 0))
                try await body(app, org)
            }
        }
    }

    @Test("registered once there is a user and a token, retried after a failure, renewed only when due, deleted at logout")
    func registerRetryUnregister() async throws {
        try await withApp { app, org in
            // A login with no device token registers nothing; a token with no user neither.
            await app.setDeviceToken(Data([0x0a, 0xff, 0x10]))
            #expect(await app.pushStatus() == .notRegistered)
            org.server.faults.fail(requestNumber: 1, pathContaining: "MobilePushServiceDevice", status: 500)
            try await app.logIn(at: org.loginHost, using: org.browser)

            // The first attempt, at the end of the login, failed; the next one, when due, succeeds.
            guard case .failed = await app.pushStatus() else {
                Issue.record("expected a failed registration, got \(await app.pushStatus())")
                return
            }
            await app.refreshPushRegistration()
            guard case .registered(let deviceID, _) = await app.pushStatus() else {
                Issue.record("expected a registration, got \(await app.pushStatus())")
                return
            }
            // The org has the device: the token as lowercase hex, the service and the app.
            let client = try await app.restClient()
            let fields = ["ConnectionToken", "ServiceType", "ApplicationBundle"]
            let record = try await client.send(client.requests.retrieve("MobilePushServiceDevice", id: deviceID, fields: fields)).json
            #expect(record?["ConnectionToken"] == "0aff10")
            #expect(record?["ServiceType"] == "Apple")
            #expect(record?["ApplicationBundle"] == "com.acme.field")

            // A registration that is not due is not sent again.
            await app.refreshPushRegistration()
            guard case .registered(deviceID, _) = await app.pushStatus() else {
                Issue.record("the registration changed: \(await app.pushStatus())")
                return
            }

            // A new token replaces the registration: the old record is deleted.
            let admin = RestClient(credentials: try await org.logIn(), refresher: nil)
            await app.setDeviceToken(Data([0x0b]))
            guard case .registered(let renewed, _) = await app.pushStatus(), renewed != deviceID else {
                Issue.record("a new token was not registered: \(await app.pushStatus())")
                return
            }
            await #expect {
                _ = try await admin.send(admin.requests.retrieve("MobilePushServiceDevice", id: deviceID))
            } throws: { ($0 as? RestError)?.status == 404 }

            // Logging out deletes the registration on the server.
            await app.logOut()
            #expect(await app.pushStatus() == .notRegistered)
            await #expect {
                _ = try await admin.send(admin.requests.retrieve("MobilePushServiceDevice", id: renewed))
            } throws: { ($0 as? RestError)?.status == 404 }
        }
    }

    @Test("an org without push answers 404: the status says not enabled, and the logout goes through")
    func notEnabled() async throws {
        try await withApp(pushEnabled: false) { app, org in
            try await app.logIn(at: org.loginHost, using: org.browser)
            await app.setDeviceToken(Data([1, 2, 3]))
            #expect(await app.pushStatus() == .notEnabled)
            await app.logOut()
        }
    }
}
