import Foundation
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("Boot configuration")
struct BootConfigTests {
    @Test("bootconfig.json from a hybrid app loads, with shouldAuthenticate given as the string \"false\"")
    func hybridJSON() throws {
        let config = try BootConfig(
            json: Data(
                """
                {"remoteAccessConsumerKey": "3MVG9Iu66FKeHhINkB1l7xt7kR8czFcCTUhgoA8Ol2Ltf1eYHOU4SqQRSEitYFDUpqRWcoQ2.dBv_a1Dyu5xa",
                 "oauthRedirectURI": "testsfdc:///mobilesdk/detect/oauth/done", "oauthScopes": ["web", "api"],
                 "isLocal": false, "startPage": "apex/FileExplorer", "errorPage": "error.html",
                 "shouldAuthenticate": "false", "unauthenticatedStartPage": "https://example.com/welcome",
                 "androidPushNotificationClientId": "3333334444"}
                """.utf8))
        #expect(config.consumerKey.hasPrefix("3MVG9Iu66"))
        #expect(config.scopes == ["web", "api"])
        #expect(config.shouldAuthenticate == false)
        #expect(config.isLocal == false)
        #expect(config.attemptOfflineLoad)
        #expect(config.pushClientID == "3333334444")
    }

    @Test("bootconfig.plist from a native app loads, shouldAuthenticate defaulting to true")
    func nativePlist() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>remoteAccessConsumerKey</key><string>3MVG98dostKihXN53TYStBIiS8FC2a3tE3XhGId0hQ37iQjF0xe4fxMSb2mFaWZn9e3GiLs1q67TNlyRji.Xw</string>
              <key>oauthRedirectURI</key><string>com.salesforce.mobilesdk.sample.restapiexplorer://oauth/success</string>
              <key>oauthScopes</key><array><string>web</string><string>api</string></array>
            </dict></plist>
            """
        let config = try BootConfig(propertyList: Data(plist.utf8))
        #expect(config.redirectURI == "com.salesforce.mobilesdk.sample.restapiexplorer://oauth/success")
        #expect(config.shouldAuthenticate)
        #expect(config.isLocal == nil)
    }

    @Test(
        "Missing or wrong values are refused with the key named and what to write",
        arguments: [
            (#"{"oauthRedirectURI": "x://y", "oauthScopes": ["api"]}"#, BootConfigError.noConsumerKey),
            (#"{"remoteAccessConsumerKey": "k", "oauthScopes": ["api"]}"#, .noRedirectURI),
            (#"{"remoteAccessConsumerKey": "k", "oauthRedirectURI": "x://y", "oauthScopes": []}"#, .noScopes),
            (#"{"remoteAccessConsumerKey": "k", "oauthRedirectURI": "nocolon", "oauthScopes": ["api"]}"#, .invalidRedirectURI("nocolon")),
            (
                #"{"remoteAccessConsumerKey": 7, "oauthRedirectURI": "x://y", "oauthScopes": ["api"]}"#,
                .wrongType(source: "bootconfig.json", key: "remoteAccessConsumerKey", expected: "a string")
            ),
            (
                #"{"remoteAccessConsumerKey": "k", "oauthRedirectURI": "x://y", "oauthScopes": ["api"], "shouldAuthenticate": "maybe"}"#,
                .wrongType(source: "bootconfig.json", key: "shouldAuthenticate", expected: "true or false")
            ),
            (
                #"{"remoteAccessConsumerKey": "k", "oauthRedirectURI": "x://y", "oauthScopes": ["api"], "isLocal": true, "startPage": "https://x.com/a"}"#,
                .absoluteStartPage("https://x.com/a")
            ),
            (
                #"{"remoteAccessConsumerKey": "k", "oauthRedirectURI": "x://y", "oauthScopes": ["api"], "isLocal": false, "shouldAuthenticate": false}"#,
                .noUnauthenticatedStartPage
            ),
            (#"[1, 2]"#, .malformed(source: "bootconfig.json", reason: "the top level must be an object")),
        ])
    func refusals(json: String, expected: BootConfigError) {
        let thrown = #expect(throws: expected) { try BootConfig(json: Data(json.utf8)) }
        // What the user reads names the key (or the value) at fault, and says what to write.
        let named = [
            "remoteAccessConsumerKey", "oauthRedirectURI", "oauthScopes", "shouldAuthenticate", "startPage", "unauthenticatedStartPage",
            "top level",
        ]
        let message = thrown?.description ?? ""
        #expect(named.contains { message.contains($0) }, "\(message)")
        #expect(thrown?.recoverySuggestion?.isEmpty == false)
    }

    @Test("An unauthenticatedStartPage that does not apply is a warning, not an error")
    func ignoredPageWarns() throws {
        let config = try BootConfig(
            json: Data(
                #"""
                {"remoteAccessConsumerKey": "k", "oauthRedirectURI": "x://y", "oauthScopes": ["api"], "isLocal": true,
                 "startPage": "index.html", "unauthenticatedStartPage": "https://x.com"}
                """#.utf8))
        #expect(config.warnings.count == 1)
    }
}
