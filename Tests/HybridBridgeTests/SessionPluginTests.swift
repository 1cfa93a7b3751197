import ForceKitTestSupport
import ForceKitTesting
import Foundation
import HybridBridge
import LocalOrg
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import Testing

@Suite("com.salesforce.sdkinfo, oauth, sfaccountmanager and network through the bridge")
struct SessionPluginTests {
    typealias F = BridgeFixture

    @Test("getInfo names the SDK, the app, the plugins and the boot config; feature codes register and unregister")
    func sdkInfo() async throws {
        try await withBridge { bridge in
            let info = try await bridge.result(F.sdkinfo, "getInfo")
            // The version of the SDK JavaScript that asked (the fixture's marker), as upstream's
            // native side answers its own JavaScript; ForceKit's own beside it.
            #expect(info["appName"] == "Bridge Tests" && info["sdkVersion"] == "13.0.2")
            #expect(info["forceKitVersion"] == .string(ForceKitVersion.current))
            #expect(info["forcePluginsAvailable"]?.arrayValue?.contains("com.salesforce.smartstore") == true)
            #expect(info["bootConfig"]?["remoteAccessConsumerKey"] == .string(bridge.org.credentials.clientID))
            _ = try await bridge.result(F.sdkinfo, "registerAppFeature", ["feature": "ZZ"])
            #expect(AppFeatures.codes.contains("ZZ"))
            _ = try await bridge.result(F.sdkinfo, "unregisterAppFeature", ["feature": "ZZ"])
            #expect(!AppFeatures.codes.contains("ZZ"))
        }
    }

    @Test("credentials of the signed-in user; home URL; logout; authenticate without a browser says what to do")
    func oauth() async throws {
        try await withBridge { bridge in
            let credentials = try await bridge.result(F.oauth, "getAuthCredentials")
            let user = try #require(await bridge.app.currentUser)
            #expect(credentials["accessToken"] == user.credentials.accessToken.map(JSON.string))
            #expect(
                credentials["userId"] == .string(user.identity.userID.id18) && credentials["orgId"] == .string(user.identity.orgID.id18))
            #expect(credentials["instanceUrl"] == .string(bridge.org.credentials.instanceURL))
            #expect(credentials["userAgent"]?.stringValue?.hasPrefix("SalesforceMobileSDK/") == true)
            #expect(try await bridge.result(F.oauth, "authenticate")["userId"] == credentials["userId"])
            #expect(try await bridge.result(F.oauth, "getAppHomeUrl") == "https://example.test/home")
            #expect(try await bridge.result(F.oauth, "logoutCurrentUser") == .null)
            #expect(await bridge.failure(F.oauth, "getAuthCredentials") == "Not authenticated")
            #expect(await bridge.failure(F.oauth, "authenticate").contains("log in first"))
        }
    }

    @Test("users listed, the current one, a switch to another and a logout of one")
    func accountManager() async throws {
        try await withBridge { bridge in
            _ = try await bridge.org.server.addUser(username: "second@localorg.test", password: "Second-Password-1")
            _ = try await bridge.app.logIn(username: "second@localorg.test", password: "Second-Password-1", at: bridge.org.loginHost)
            let users = try await bridge.result(F.accounts, "getUsers")
            #expect(
                Set(users.arrayValue?.compactMap { $0["username"]?.stringValue } ?? []) == [
                    bridge.org.credentials.username, "second@localorg.test",
                ])
            #expect(try await bridge.result(F.accounts, "getCurrentUser")["username"] == "second@localorg.test")
            let first = try #require(users.arrayValue?.first { $0["username"] == .string(bridge.org.credentials.username) })
            let switched = try await bridge.result(F.accounts, "switchToUser", ["userId": first["userId"]!, "orgId": first["orgId"]!])
            #expect(switched["username"] == .string(bridge.org.credentials.username))
            let second = try #require(users.arrayValue?.first { $0["username"] == "second@localorg.test" })
            #expect(try await bridge.result(F.accounts, "logout", ["userId": second["userId"]!, "orgId": second["orgId"]!]) == .null)
            #expect(try await bridge.result(F.accounts, "getUsers").arrayValue?.count == 1)
            let nobody = await bridge.failure(F.accounts, "switchToUser", ["userId": "005000000000000AAA", "orgId": first["orgId"]!])
            #expect(nobody.contains("No signed-in user"))
        }
    }

    @Test("pgSendRequest: a query, a create with a JSON body, a binary answer, a file upload, an error the app can show")
    func network() async throws {
        try await withBridge { bridge in
            let version = "/v\(APIVersion.current.major).0"
            let query = try await bridge.result(
                F.network, "pgSendRequest",
                ["path": .string(version + "/query"), "method": "GET", "queryParams": ["q": "SELECT Id FROM Account LIMIT 2"]])
            #expect(query["totalSize"] == 2)
            let created = try await bridge.result(
                F.network, "pgSendRequest",
                ["path": .string(version + "/sobjects/Account"), "method": "POST", "queryParams": "{\"Name\": \"From the bridge\"}"])
            let id = try #require(created["id"]?.stringValue)
            let binary = try await bridge.result(
                F.network, "pgSendRequest", ["path": .string(version + "/sobjects/Account/\(id)"), "returnBinary": true])
            let body = try #require(binary["encodedBody"]?.stringValue.flatMap { Data(base64Encoded: $0) })
            #expect(String(decoding: body, as: UTF8.self).contains("From the bridge"))
            #expect(binary["contentType"]?.stringValue?.hasPrefix("application/json") == true)

            let file = bridge.folder.appendingPathComponent("note.txt")
            try Data("hello from a file".utf8).write(to: file)
            let uploaded = try await bridge.result(
                F.network, "pgSendRequest",
                [
                    "path": .string(version + "/connect/files/users/me"), "method": "POST",
                    "fileParams": [
                        "fileData": ["fileMimeType": "text/plain", "fileUrl": .string(file.absoluteString), "fileName": "note.txt"]
                    ],
                ])
            #expect(uploaded["title"] == "note.txt" && uploaded["contentSize"] == 17)

            let missing = await bridge.failure(
                F.network, "pgSendRequest", ["path": .string(version + "/sobjects/Account/001000000000000AAA")])
            #expect(missing.hasPrefix("NOT_FOUND: The requested resource does not exist") && missing.contains("404"), "\(missing)")

            // Upstream's React Native suite: a retrieve after a delete fails with this message.
            _ = try await bridge.result(
                F.network, "pgSendRequest", ["path": .string(version + "/sobjects/Account/\(id)"), "method": "DELETE"])
            let deleted = await bridge.failure(F.network, "pgSendRequest", ["path": .string(version + "/sobjects/Account/\(id)")])
            #expect(deleted.contains("The requested resource does not exist"), "\(deleted)")

            // Upstream's testPublicApiCall: a host that does not answer fails in upstream's words.
            let unreachable = await bridge.failure(
                F.network, "pgSendRequest", ["endPoint": "http://127.0.0.1:1/?format=json"])
            #expect(unreachable.hasPrefix("The requested resource failed: "), "\(unreachable)")
        }
    }

    @Test("a call to a plugin or action there is not, and arguments without the version marker")
    func unknownCalls() async throws {
        try await withBridge(signedIn: false) { bridge in
            let noPlugin = await bridge.bridge.call(service: "com.example.nothing", action: "go", arguments: [])
            #expect(
                noPlugin
                    == .failure(
                        "There is no plugin com.example.nothing; ForceKit answers \(bridge.bridge.serviceNames.joined(separator: ", "))."))
            #expect(await bridge.failure(F.smartstore, "pgFly") == "The com.salesforce.smartstore plugin has no action pgFly.")
            let bare = await bridge.bridge.call(service: F.sdkinfo, action: "getInfo", arguments: [])
            guard case .success(let info) = bare else {
                Issue.record("getInfo failed: \(bare)")
                return
            }
            #expect(info["appName"] == "Bridge Tests")
            let store = await bridge.failure(F.smartstore, "pgSoupExists", ["soupName": "accounts"])
            #expect(store.contains("No user is logged in"))
        }
    }
}

/// Records the requests a transport sends, with whether each carried a bearer token.
final class RecordingTransport: HTTPTransport {
    private let sent = Locked<[(url: URL, authorized: Bool)]>([])
    private let inner = URLSessionTransport.shared

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let authorized = request.headers.contains { $0.name.lowercased() == "authorization" }
        sent.withLock { $0.append((request.url, authorized)) }
        return try await inner.send(request)
    }

    /// The requests sent so far.
    var requests: [(url: URL, authorized: Bool)] { sent.current }
}

@Suite("Hybrid network plugin: the user's token stays on the user's hosts")
struct NetworkTokenScopeTests {
    @Test(
        "pgSendRequest to another host goes without the token, and its 401 refreshes nothing; a file outside the app, or a key file of the app, is refused"
    )
    func otherHosts() async throws {
        try await withLocalOrg(seed: false) { org in
            try await withLocalOrg(seed: false) { elsewhere in
                try await withTemporaryDirectory { folder in
                    let transport = RecordingTransport()
                    let boot = try BootConfig(
                        consumerKey: org.credentials.clientID, redirectURI: org.credentials.redirectURI, scopes: ["api", "refresh_token"])
                    let app = try await SalesforceApp(
                        configuration: AppConfiguration(bootConfig: boot), directory: folder, transport: transport)
                    _ = try await app.logIn(at: org.loginHost, using: org.browser)
                    let bridge = HybridBridge(app: app)
                    let before = transport.requests.count
                    let foreign = "\(elsewhere.credentials.instanceURL)/services/data/\(APIVersion.current)/limits"
                    let answer = await bridge.call(
                        service: "com.salesforce.network", action: "pgSendRequest",
                        arguments: ["pluginSDKVersion:13.0.2", ["path": .string(foreign)]])
                    guard case .failure(let message) = answer else {
                        Issue.record("a request to another org's host succeeded: \(answer)")
                        return
                    }
                    #expect(message.contains("401"), "\(message)")
                    let sent = transport.requests[before...]
                    #expect(sent.count == 1 && sent.first?.url.absoluteString == foreign, "\(sent.map(\.url))")
                    #expect(sent.allSatisfy { !$0.authorized }, "the token went to \(sent.filter(\.authorized).map(\.url))")
                    // The user's own instance still gets it.
                    let own = await bridge.call(
                        service: "com.salesforce.network", action: "pgSendRequest",
                        arguments: ["pluginSDKVersion:13.0.2", ["path": .string("/\(APIVersion.current)/limits")]])
                    guard case .success = own else {
                        Issue.record("the user's own request failed: \(own)")
                        return
                    }
                    #expect(transport.requests.last?.authorized == true)

                    // A file outside the app's folders is not the page's to upload.
                    try await withTemporaryDirectory { outside in
                        let secret = outside.appendingPathComponent("secret.txt")
                        try Data("secret".utf8).write(to: secret)
                        let upload = await bridge.call(
                            service: "com.salesforce.network", action: "pgSendRequest",
                            arguments: [
                                "pluginSDKVersion:13.0.2",
                                [
                                    "path": .string("/\(APIVersion.current)/connect/files/users/me"), "method": "POST",
                                    "fileParams": ["fileData": ["fileMimeType": "text/plain", "fileUrl": .string(secret.absoluteString)]],
                                ],
                            ])
                        #expect(
                            upload
                                == .failure(
                                    "The file \(secret.path) is outside the app: a page uploads only files in the app's data folder or its www folder."
                                ))
                    }

                    // Nor are the app's own key files (off Apple platforms, owner-only files in the
                    // app's folder): a page could send them to any host.
                    let keyFolder = folder.appendingPathComponent("keys")
                    let keyFile = try #require(try FileManager.default.contentsOfDirectory(atPath: keyFolder.path).first)
                    let keyPath = keyFolder.appendingPathComponent(keyFile)
                    let keyUpload = await bridge.call(
                        service: "com.salesforce.network", action: "pgSendRequest",
                        arguments: [
                            "pluginSDKVersion:13.0.2",
                            [
                                "path": .string(foreign), "method": "POST",
                                "fileParams": ["fileData": ["fileMimeType": "text/plain", "fileUrl": .string(keyPath.absoluteString)]],
                            ],
                        ])
                    #expect(keyUpload == .failure("The file \(keyPath.path) is one of the app's keys: a page may not upload them."))
                }
            }
        }
    }
}
