import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@testable import SalesforceApp

@Suite("The app layer: analytics")
struct AnalyticsTests {
    func withApp(_ body: (SalesforceApp, TestOrg, URL) async throws -> Void) async throws {
        try await withLocalOrg(seed: true, tokenLifetime: 60) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")),
                    directory: folder.appendingPathComponent("app"))
                try await body(app, org, folder.appendingPathComponent("app"))
            }
        }
    }

    @Test(
        "the AILTN payload: version, source, times, sequence, page, locator, kind and device; a page view has ept, a measure no sequence"
    )
    func transform() {
        let device = DeviceAttributes(appName: "Field", appVersion: "2.1", osName: "Linux", osVersion: "6.1", deviceID: "d1", clientID: "K")
        var event = InstrumentationEvent(
            name: "addUser", startTime: 1000, endTime: 1500, page: ["context": "X"], senderID: "button", senderParentID: "page")
        event.sequence = 3
        let payload = AILTNTransform.payload(of: event, device: device)
        #expect(payload["version"] == "0.2" && payload["eventSource"] == "addUser" && payload["ts"] == 1000)
        #expect(payload["duration"] == 500 && payload["sequence"] == 3 && payload["page"] == ["context": "X"])
        #expect(payload["locator"] == ["target": "button", "scope": "page"] && payload["eventType"] == "system")
        #expect(payload["deviceAttributes"]?["clientId"] == "K" && payload["deviceAttributes"]?["connectionType"] == "unknown")
        #expect(payload["schemaType"] == nil)

        event.schema = .pageView
        let view = AILTNTransform.payload(of: event, device: device)
        #expect(view["ept"] == 500 && view["duration"] == nil && view["eventType"] == nil)
        event.schema = .performance
        let measure = AILTNTransform.payload(of: event, device: device)
        #expect(measure["sequence"] == nil && measure["page"] == nil && measure["eventType"] == "defs" && measure["duration"] == 500)
    }

    @Test("the SDK's events are recorded: addUser, userSmartStoreInit, syncDown, tokenRefresh; published gzipped to the org, then gone")
    func sdkEventsPublished() async throws {
        try await withApp { app, org, _ in
            let user = try await app.logIn(at: org.loginHost, using: org.browser)
            _ = try await app.syncManager().reSync(named: "syncDownAccounts")
            org.clock.advance(by: 120)
            let client = try await app.restClient()
            _ = try await client.send(client.requests.limits())  // refreshes the expired token

            let analytics = try await app.analytics()
            // A run's end is recorded by the app's listener of the sync manager, just after the run returns.
            for _ in 0..<500 where !analytics.storedEvents.contains(where: { $0.name == "syncDown" }) {
                try await Task.sleep(for: .milliseconds(10))
            }
            let names = analytics.storedEvents.map(\.name)
            for name in ["addUser", "userSmartStoreInit", "syncDown", "tokenRefresh"] {
                #expect(names.contains(name), "\(name) not in \(names)")
            }
            #expect(analytics.storedEvents.map(\.sequence) == Array(1...names.count))

            // T-107: the org fails the upload; the events stay and go with the next one.
            org.server.faults.fail(requestNumber: 1, pathContaining: "app-analytics-logging", status: 500)
            #expect(await app.publishAnalytics() == false)
            #expect(analytics.storedEvents.count == names.count)
            #expect(await app.publishAnalytics())
            #expect(analytics.storedEvents.isEmpty)
            #expect(await app.publishAnalytics() == false)  // nothing left to send

            // T-106: the org read each line as ailtn with a payload string holding the event.
            let received = org.server.receivedAnalytics
            #expect(received.count == names.count)
            #expect(
                received.allSatisfy {
                    $0["userId"]?.stringValue == user.identity.userID.id18 || $0["userId"]?.stringValue == user.identity.userID.id15
                })
            #expect(received.map { $0["payload"]?["eventSource"]?.stringValue ?? "" } == names)
            #expect(received.allSatisfy { $0["schemaType"] == "LightningInteraction" && $0["payload"]?["schemaType"] == nil })
            #expect(received.first?["payload"]?["page"] == ["context": "UserAccountManager"])
        }
    }

    @Test("with logging off, or 1,000 events waiting, a new event is dropped")
    func droppedWhenOffOrFull() async throws {
        try await withApp { app, org, _ in
            try await app.logIn(at: org.loginHost, using: org.browser)
            let analytics = try await app.analytics()
            let before = analytics.storedEvents.count
            analytics.loggingEnabled = false
            #expect(analytics.record(InstrumentationEvent(name: "appFeature")) == false)
            #expect(analytics.storedEvents.count == before)
            analytics.loggingEnabled = true
            for index in before..<1000 { #expect(analytics.record(InstrumentationEvent(name: "e\(index)"))) }
            #expect(analytics.record(InstrumentationEvent(name: "one too many")) == false)
            #expect(analytics.storedEvents.count == 1000)
        }
    }

    @Test("events are sealed on disk, and a logout publishes the user's last events and removes the rest with the key")
    func sealedAndRemovedAtLogout() async throws {
        try await withApp { app, org, home in
            let user = try await app.logIn(at: org.loginHost, using: org.browser)
            let analytics = try await app.analytics()
            #expect(analytics.record(InstrumentationEvent(name: "openedAccount", attributes: ["secretish": "Acme Confidential"])))
            let files = TemplateFiles.paths(under: home).filter { $0.hasPrefix("analytics/") && $0.hasSuffix(".event") }
            #expect(!files.isEmpty)
            for file in files {
                let bytes = try Data(contentsOf: home.appendingPathComponent(file))
                #expect(!String(decoding: bytes, as: UTF8.self).contains("openedAccount"))
            }
            await app.logOut()
            let sent = org.server.receivedAnalytics.compactMap { $0["payload"]?["eventSource"]?.stringValue }
            #expect(sent.contains("openedAccount") && sent.last == "userLogout")
            #expect(!TemplateFiles.paths(under: home).contains { $0.contains(user.identity.userID.id18) })
        }
    }

    @Test("a manager kept past its user's logout records nothing: the user's folder stays gone")
    func keptManagerAfterLogout() async throws {
        try await withApp { app, org, home in
            let user = try await app.logIn(at: org.loginHost, using: org.browser)
            // As the task that records sync runs keeps it.
            let kept = try await app.analytics()
            await app.logOut()
            #expect(kept.record(InstrumentationEvent(name: "syncDown")) == false)
            #expect(!TemplateFiles.paths(under: home).contains { $0.contains(user.identity.userID.id18) })
        }
    }
}
