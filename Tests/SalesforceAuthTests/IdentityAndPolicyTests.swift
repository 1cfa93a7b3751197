import ForceKitTestSupport
import Foundation
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("Identity data and passcode policy")
struct IdentityAndPolicyTests {
    static let guideExample = """
        {"id":"https://yourInstance.salesforce.com/id/00Dx0000001T0zk/005x0000001S2b9","asserted_user":true,
        "user_id":"005x0000001S2b9","organization_id":"00Dx0000001T0zk","nick_name":"admin1.2777578168398293E12foofoofoofoo",
        "display_name":"Alan Van","email":"admin@2060747062579699.com","status": {"created_date":null,"body":null},
        "photos": {"picture": "https://yourInstance.salesforce.com/profilephoto/005/F","thumbnail": "https://yourInstance.salesforce.com/profilephoto/005/T"},
        "urls": {"rest": "https://yourInstance.salesforce.com/services/data/v{version}/","feed-items": "https://x/feed-items",
                 "profile": "https://yourInstance.salesforce.com/005x0000001S2b9"},
        "active":true,"user_type": "STANDARD","language": "en_US","locale": "en_US","utcOffset": -28800000,
        "last_modified_date": "2010-06-28T20:54:09.000+0000", "mobile_policy": {"screen_lock": 10, "pin_length": "6"},
        "custom_attributes": {"BIOMETRIC_UNLOCK": "false"}, "custom_permissions": {"Email.View": true, "Email.Create": false}}
        """

    @Test("The guide's identity example reads fully; {version} resolves; feed-items is read as feed_items")
    func guideExample() throws {
        let identity = try IdentityData(json: Data(Self.guideExample.utf8))
        #expect(identity.userID == "005x0000001S2b9" && identity.organizationID == "00Dx0000001T0zk")
        #expect(identity.displayName == "Alan Van" && identity.isActive && identity.utcOffset == -28_800_000)
        #expect(identity.thumbnailURL == "https://yourInstance.salesforce.com/profilephoto/005/T")
        #expect(identity.url("rest", version: .current) == "https://yourInstance.salesforce.com/services/data/v66.0/")
        #expect(identity.urls["feed_items"] == "https://x/feed-items")
        #expect(identity.mobilePolicy == MobilePolicy(pinLength: 6, screenLockMinutes: 10))
        #expect(identity.allowsBiometricUnlock == false)
        #expect(identity.customPermissions == ["Email.View": true, "Email.Create": false])
        #expect(identity.lastModified == Date(timeIntervalSince1970: 1_277_758_449))
        #expect(identity.isAppInstalled == nil)
    }

    @Test("Dates in Z, +0000, +00:00 and other offsets' forms are the instants they name")
    func dates() throws {
        func lastModified(_ text: String) throws -> Date? {
            let json = #"{"user_id":"005","organization_id":"00D","username":"u","last_modified_date":"\#(text)"}"#
            return try IdentityData(json: Data(json.utf8)).lastModified
        }
        let utc = Date(timeIntervalSince1970: 1_277_758_449)
        for text in ["2010-06-28T20:54:09.000Z", "2010-06-28T20:54:09.000+0000", "2010-06-28T20:54:09.000+00:00"] {
            #expect(try lastModified(text) == utc, "\(text)")
        }
        // The same instant written in other zones, and a later one: an offset is applied, not dropped.
        #expect(try lastModified("2010-06-28T13:54:09.000-0700") == utc)
        #expect(try lastModified("2010-06-29T02:24:09.000+05:30") == utc)
        #expect(try lastModified("2010-06-28T20:54:09.000+0100") == utc.addingTimeInterval(-3600))
    }

    @Test("Identity errors map from the body's code, else the status")
    func identityErrors() {
        #expect(IdentityError(status: 403, body: Data("Bad_OAuth_Token".utf8)) == .badOAuthToken)
        #expect(IdentityError(status: 404, body: Data("Inactive".utf8)) == .inactive)
        #expect(IdentityError(status: 500, body: Data("boom".utf8)) == .other(status: 500, body: "boom"))
        #expect(throws: IdentityError.malformed("user_id or organization_id is missing")) {
            try IdentityData(json: Data(#"{"user_id": null}"#.utf8))
        }
    }

    @Test("The strictest policy wins: the shortest non-zero lock, the longest passcode")
    func strictest() {
        let policy = PasscodePolicy(strictestOf: [
            MobilePolicy(pinLength: 4, screenLockMinutes: 10), nil,
            MobilePolicy(pinLength: 6, screenLockMinutes: 30), MobilePolicy(pinLength: 8, screenLockMinutes: 0),
        ])
        #expect(policy == PasscodePolicy(pinLength: 6, lockTimeout: .seconds(600)))
        #expect(PasscodePolicy(strictestOf: [nil, MobilePolicy(pinLength: 4, screenLockMinutes: 0)]) == .none)
    }

    @Test("Policy changes ask to create, change or clear the passcode; laxer policies change nothing")
    func changes() {
        let four = PasscodePolicy(pinLength: 4, lockTimeout: .seconds(600))
        let six = PasscodePolicy(pinLength: 6, lockTimeout: .seconds(300))
        #expect(PasscodePolicy.none.change(to: four, passcodeExists: false) == .createPasscode(length: 4))
        #expect(four.change(to: six, passcodeExists: true) == .changePasscode(length: 6))
        #expect(six.change(to: four, passcodeExists: true) == PasscodeAction.none)
        #expect(four.change(to: .none, passcodeExists: true) == .clearPasscode)
    }

    @Test("The app locks only once the idle time exceeds the timeout")
    func locking() {
        let policy = PasscodePolicy(pinLength: 4, lockTimeout: .seconds(600))
        let start = Date(timeIntervalSince1970: 1000)
        #expect(!policy.shouldLock(now: start.addingTimeInterval(600), lastActivity: start))
        #expect(policy.shouldLock(now: start.addingTimeInterval(601), lastActivity: start))
        #expect(!PasscodePolicy.none.shouldLock(now: .distantFuture, lastActivity: start))
    }
}

@Suite("Login hosts")
struct LoginHostTests {
    @Test("Hosts are normalized: scheme, spaces and trailing slashes go; http stays only for loopback")
    func normalization() throws {
        #expect(LoginHost("  https://Acme.my.salesforce.com/ ")?.host == "Acme.my.salesforce.com")
        #expect(LoginHost("http://acme.my.salesforce.com")?.baseURL == "https://acme.my.salesforce.com")
        #expect(LoginHost("http://127.0.0.1:5000")?.baseURL == "http://127.0.0.1:5000")
        #expect(LoginHost("") == nil && LoginHost("https://") == nil && LoginHost("a b.com") == nil)
    }

    @Test("Production and Sandbox come first and stay; user hosts are added once, removed, and remembered")
    func persistence() async throws {
        try await withTemporaryDirectory { directory throws in
            let file = directory.appendingPathComponent("hosts.json")
            let list = try LoginHostList(file: file)
            #expect(await list.hosts.map(\.host) == ["login.salesforce.com", "test.salesforce.com"])
            try await list.add(label: "Fine Apps", "https://fineapps.force.com/fineapps/")
            try await list.add("fineapps.force.com/fineapps")
            try await list.add("acme.my.salesforce.com")
            try await list.select("acme.my.salesforce.com")
            await #expect(throws: LoginHostError.notDeletable("test.salesforce.com")) { try await list.remove("test.salesforce.com") }
            await #expect(throws: LoginHostError.unknownHost("nowhere.com")) { try await list.select("nowhere.com") }

            let reloaded = try LoginHostList(file: file)
            #expect(
                await reloaded.hosts.map(\.host) == [
                    "login.salesforce.com", "test.salesforce.com", "fineapps.force.com/fineapps", "acme.my.salesforce.com",
                ])
            #expect(await reloaded.hosts[2].label == "Fine Apps")
            #expect(await reloaded.selected.host == "acme.my.salesforce.com")
            try await reloaded.remove("https://acme.my.salesforce.com")
            #expect(await reloaded.selected == .production)
            #expect(try await LoginHostList(file: file).hosts.count == 3)
        }
    }

    @Test("A corrupt saved list is an error that says how to recover")
    func corrupt() async throws {
        try await withTemporaryDirectory { directory throws in
            let file = directory.appendingPathComponent("hosts.json")
            try Data("{not json".utf8).write(to: file)
            #expect(throws: LoginHostError.unreadable(path: file.path)) { try LoginHostList(file: file) }
        }
    }
}

@Suite("Login hosts against hidden specials")
struct LoginHostHazardTests {
    @Test("a #, ?, @ or space hidden by a mark is refused; user information is refused; plain http is kept only for loopback")
    func hostsAsAParserReadsThem() {
        for special: Unicode.Scalar in ["#", "?", "@", " ", "\\"] {
            for disguise in GraphemeHazards.disguises(of: special) {
                #expect(LoginHost("https://login.salesforce.com" + disguise + "evil.com") == nil, "\(special.value)")
            }
        }
        #expect(LoginHost("http://127.0.0.1@evil.com") == nil)
        #expect(LoginHost("http://127.0.0.1.evil.com")?.baseURL == "https://127.0.0.1.evil.com")
        #expect(LoginHost("http://localhost.evil.com:80")?.baseURL == "https://localhost.evil.com:80")
        #expect(LoginHost("http://localhost:8080")?.baseURL == "http://localhost:8080")
        #expect(LoginHost("http://[::1]:8443")?.baseURL == "http://[::1]:8443")
        #expect(LoginHost("HTTP://127.0.0.1:5000/")?.baseURL == "http://127.0.0.1:5000")
    }
}
