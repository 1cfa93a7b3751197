import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Synchronization
import Testing

@Suite("The app layer: a user's session from the template files, and logout")
struct AppLifeTests {
    @Test(
        "stores and syncs come from userstore.json and usersyncs.json; logging one user out leaves nothing of theirs and all of the other's"
    )
    func twoUsersAndALogout() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let home = folder.appendingPathComponent("app")
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")), directory: home)
                var events = app.events().makeAsyncIterator()

                // The first user logs in through the browser and syncs from usersyncs.json.
                let first = try await app.logIn(at: org.loginHost, using: org.browser)
                let firstSync = try await app.syncManager().reSync(named: "syncDownAccounts")
                #expect(firstSync.status == .done && firstSync.recordsSynced == 300)
                let firstStore = try await app.userStore()
                #expect(try await firstStore.count(using: .buildAllQuerySpec(soupName: "accounts")) == 300)
                #expect(await events.next() == .loggedIn(first.identity))
                #expect(await events.next() == .switched(from: nil, to: first.identity))

                // A second user logs in and becomes current, with a store of their own.
                _ = try await org.server.addUser(username: "second@localorg.test", password: "Second-Password-1")
                let second = try await app.logIn(username: "second@localorg.test", password: "Second-Password-1", at: org.loginHost)
                #expect(await app.currentUser?.identity == second.identity)
                #expect(try await app.userStore().count(using: .buildAllQuerySpec(soupName: "accounts")) == 0)
                let secondSync = try await app.syncManager().reSync(named: "syncDownAccounts")
                #expect(secondSync.recordsSynced == 300)
                #expect(await events.next() == .loggedIn(second.identity))
                #expect(await events.next() == .switched(from: first.identity, to: second.identity))

                // The first user logs out: nothing named after them is left, the second is untouched.
                let flushed = Flag()
                await app.onWillLogOut { identity in if identity == first.identity { flushed.set() } }
                let before = TemplateFiles.paths(under: home)
                #expect(before.contains { $0.contains(first.identity.userID.id18) })
                await app.logOut(first.identity)
                #expect(flushed.isSet)
                let left = TemplateFiles.paths(under: home).filter { $0.contains(first.identity.userID.id18) }
                #expect(left.isEmpty, "left behind: \(left)")
                #expect(await app.accounts.account(for: first.identity) == nil)
                #expect(await app.currentUser?.identity == second.identity)
                #expect(try await app.userStore().count(using: .buildAllQuerySpec(soupName: "accounts")) == 300)
                #expect(await events.next() == .willLogOut(first.identity))
                #expect(await events.next() == .loggedOut(first.identity))

                // The last user logs out: the app has no user and says so.
                await app.logOut()
                #expect(await app.currentUser == nil)
                await #expect(throws: AppError.notLoggedIn) { try await app.userStore() }
                #expect(!TemplateFiles.paths(under: home).contains { $0.contains(second.identity.userID.id18) })
            }
        }
    }

    @Test("a refresh token the server revoked logs the user out and removes their data, as a logout does")
    func revokedRefreshToken() async throws {
        try await withLocalOrg(seed: true, tokenLifetime: 60) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let home = folder.appendingPathComponent("app")
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")), directory: home)
                let user = try await app.logIn(at: org.loginHost, using: org.browser)
                #expect(try await app.syncManager().reSync(named: "syncDownAccounts").status == .done)
                let client = try await app.restClient()

                // The token still works; then the refresh token is revoked and the access token expires.
                _ = try await client.send(client.requests.limits())
                try await org.oauthClient().revoke(token: try #require(user.credentials.refreshToken), at: org.loginHost)
                org.clock.advance(by: 120)
                await #expect(throws: (any Error).self) { _ = try await client.send(client.requests.limits()) }

                #expect(await app.currentUser == nil)
                let left = TemplateFiles.paths(under: home).filter { $0.contains(user.identity.userID.id18) }
                #expect(left.isEmpty, "left behind: \(left)")
            }
        }
    }

    @Test("a folder without a boot config, or with an unreadable file, is a configuration error naming the file")
    func configurationErrors() async throws {
        try await withTemporaryDirectory { folder in
            #expect { try AppConfiguration(contentsOf: folder) } throws: { ($0 as? AppError)?.code == .configuration }
            try Data(#"{"remoteAccessConsumerKey": "K", "oauthRedirectURI": "app://done", "oauthScopes": ["api"]}"#.utf8)
                .write(to: folder.appendingPathComponent("bootconfig.json"))
            #expect(try AppConfiguration(contentsOf: folder).userStore == nil)
            try Data("{not json".utf8).write(to: folder.appendingPathComponent("usersyncs.json"))
            #expect {
                try AppConfiguration(contentsOf: folder)
            } throws: { error in
                guard let error = error as? AppError else { return false }
                return error.code == .configuration && error.message.contains("usersyncs.json")
            }
        }
    }
}

/// A flag a handler sets, read by the test after the handler ran.
final class Flag: Sendable {
    private let state = Mutex(false)
    func set() { state.withLock { $0 = true } }
    var isSet: Bool { state.withLock { $0 } }
}

@Suite("The app layer: developer support")
struct DeveloperSupportTests {
    @Test("the dev info names the SDK, the users, the boot config, the stores, the soups, the syncs and push, in the SDK's order")
    func developerSupportInfo() async throws {
        try await withLocalOrg(seed: true) { org in
            try await withTemporaryDirectory { folder in
                try TemplateFiles.write(for: org, into: folder.appendingPathComponent("config"))
                let app = try await SalesforceApp(
                    configuration: try AppConfiguration(contentsOf: folder.appendingPathComponent("config")),
                    directory: folder.appendingPathComponent("app"))
                #expect(await app.developerSupportInfo()["Current User"] == "")
                try await app.logIn(at: org.loginHost, using: org.browser)
                _ = try await app.syncManager().reSync(named: "syncDownAccounts")

                let info = await app.developerSupportInfo()
                #expect(
                    Array(info.entries.prefix(9).map(\.key)) == [
                        "SDK Version", "App Type", "User Agent", "Browser Login Enabled", "IDP Enabled", "Identity Provider",
                        "Current User",
                        "Authenticated Users", "BootConfig - remoteAccessConsumerKey",
                    ])
                #expect(info["SDK Version"] == ForceKitVersion.current)
                #expect(info["Current User"] == org.credentials.username)
                #expect(info["BootConfig - remoteAccessConsumerKey"] == org.credentials.clientID)
                #expect(info["User Stores"] == "defaultStore")
                #expect(info["User Store Soups"]?.contains("accounts") == true)
                #expect(info["Syncs"] == "syncDownAccounts: DONE")
                #expect(info["Push Registration"] == "not registered")
                #expect(info["Analytics"]?.hasPrefix("enabled, ") == true)

                // T-111: the User-Agent has the SDK's form and the features used, sorted.
                let userAgent = try #require(info["User Agent"])
                let form = try Regex(#"^SalesforceMobileSDK/\S+ \S+/\S+ \(.*\) \S+/\S+ Native\S* uid_\S+ ftr_(\S*)"#)
                let features = try #require(try form.firstMatch(in: userAgent)?.output[1].substring).split(separator: ".").map(String.init)
                #expect(features == features.sorted())
                for code in [
                    AppFeatures.swift, AppFeatures.oauth, AppFeatures.browserLogin, AppFeatures.userSmartStore, AppFeatures.mobileSync,
                ] {
                    #expect(features.contains(code), "\(code) not in \(userAgent)")
                }
                #expect(info.flattened.count == info.entries.count * 2 && info.flattened.first == "SDK Version")
                let json = try JSONSerialization.jsonObject(with: Data(info.json.utf8)) as? [String: String]
                #expect(json?["Syncs"] == "syncDownAccounts: DONE")
            }
        }
    }
}
