import ForceKitTestSupport
import Foundation
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("Managed configuration (MDM) keys and the login host list's precedence")
struct ManagedConfigurationTests {
    @Test("AppServiceHosts replace Production and Sandbox and the first is selected; the app's host and the user's still follow")
    func managedHostsFirst() async throws {
        let managed = ManagedConfiguration(values: [
            "AppServiceHosts": ["https://acme.my.salesforce.com/", "acme--uat.sandbox.my.salesforce.com"],
            "AppServiceHostLabels": ["Acme"],
        ])
        #expect(managed.loginHosts.map(\.label) == ["Acme", "acme--uat.sandbox.my.salesforce.com"], "a missing label is the host")
        let list = try LoginHostList(file: nil, appDefault: LoginHost("fineapps.force.com/fineapps"), managed: managed)
        #expect(
            await list.hosts.map(\.host) == [
                "acme.my.salesforce.com", "acme--uat.sandbox.my.salesforce.com", "fineapps.force.com/fineapps",
            ])
        #expect(await list.selected.host == "acme.my.salesforce.com")
        #expect(await list.hosts.allSatisfy { !$0.isDeletable })
        try await list.add("mine.my.salesforce.com")
        #expect(await list.hosts.last?.host == "mine.my.salesforce.com")
    }

    @Test("The user's saved choice stands while it is offered; OnlyShowAuthorizedHosts fixes the list and drops a choice it does not offer")
    func choiceAndOnlyAuthorized() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("loginhosts.json")
            let open = ManagedConfiguration(values: ["AppServiceHosts": ["a.my.salesforce.com", "b.my.salesforce.com"]])
            let first = try LoginHostList(file: file, managed: open)
            try await first.add("mine.my.salesforce.com")
            try await first.select("b.my.salesforce.com")
            #expect(await (try LoginHostList(file: file, managed: open)).selected.host == "b.my.salesforce.com")
            try await first.select("mine.my.salesforce.com")

            let fixed = ManagedConfiguration(values: ["AppServiceHosts": "a.my.salesforce.com", "OnlyShowAuthorizedHosts": "true"])
            let locked = try LoginHostList(file: file, managed: fixed)
            #expect(locked.isManaged)
            #expect(await locked.hosts.map(\.host) == ["a.my.salesforce.com"], "a single string is a list of one; no user host")
            #expect(await locked.selected.host == "a.my.salesforce.com")
            await #expect(throws: LoginHostError.managed) { try await locked.remove("a.my.salesforce.com") }
            #expect(LoginHostError.managed.description.contains("device management"))
        }
    }

    @Test("Without managed hosts the list is as before; an empty configuration is not present")
    func withoutManagedHosts() async throws {
        let list = try LoginHostList(file: nil, managed: ManagedConfiguration(values: ["RequireCertAuth": true]))
        #expect(await list.hosts.map(\.host) == ["login.salesforce.com", "test.salesforce.com"])
        #expect(!ManagedConfiguration.unmanaged.isPresent && ManagedConfiguration(values: ["RequireCertAuth": 1]).requiresCertificateLogin)
    }

    @Test("Keys read as the SDK reads them; what cannot be used is a warning, never a crash")
    func keysAndWarnings() throws {
        let managed = ManagedConfiguration(values: [
            "AppServiceHosts": ["ok.my.salesforce.com", "not a host", 7], "AppServiceHostLabels": ["OK", "Bad", "Extra", "More"],
            "ClearClipboardOnBackground": false, "ClearClipboardInBackground": "YES", "ManagedAppCertAlias": "  device-cert ",
            "ManagedAppCallbackURL": "acme://oauth/done", "IDPAppURLScheme": "acmeidp",
        ])
        #expect(managed.loginHosts.map(\.host) == ["ok.my.salesforce.com"])
        #expect(managed.warnings.count == 2 && managed.warnings.contains { $0.contains("\"not a host\"") })
        #expect(managed.clearsClipboardOnBackground && managed.certificateAlias == "device-cert")
        #expect(managed.identityProviderURLScheme == "acmeidp")
        let boot = try BootConfig(consumerKey: "3MVG9App", redirectURI: "app://done", scopes: ["api"])
        let applied = boot.applying(managed)
        #expect(applied.consumerKey == "3MVG9App" && applied.redirectURI == "acme://oauth/done")
    }

    @Test("platform() reads the file FORCEKIT_MANAGED_CONFIGURATION names; a bad file is an error that names it")
    func fromFile() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("mdm.json")
            try Data(#"{"AppServiceHosts": ["acme.my.salesforce.com"], "OnlyShowAuthorizedHosts": true}"#.utf8).write(to: file)
            let read = try ManagedConfiguration.platform(environment: [ManagedConfiguration.fileVariable: file.path])
            #expect(read.onlyShowsAuthorizedHosts && read.loginHosts.first?.host == "acme.my.salesforce.com")
            #expect(try ManagedConfiguration.platform(environment: [:]) == .unmanaged)
            try Data("[1, 2]".utf8).write(to: file)
            let error = #expect(throws: ManagedConfigurationError.self) { try ManagedConfiguration(contentsOf: file) }
            #expect(error?.description.contains(file.path) == true && error?.description.contains("JSON object") == true)
            #expect(error?.code == .notAnObject)
            let missing = #expect(throws: ManagedConfigurationError.self) {
                try ManagedConfiguration(contentsOf: folder.appendingPathComponent("none.json"))
            }
            #expect(missing?.message.contains("there is no such file") == true)
            #expect(missing?.code == .unreadable)
        }
    }
}
