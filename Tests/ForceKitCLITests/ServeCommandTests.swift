import ForceKitCLI
import Foundation
import LocalOrg
import SalesforceCore
import Testing

@Suite("forcekit serve")
struct ServeCommandTests {
    @Test("usage mistakes exit 64 before anything starts")
    func usage() async {
        let port = await forcekit("serve", "--port", "70000")
        #expect(port.exitCode == 64)
        #expect(port.error.contains("--port must be from 0 to 65535."))
        let ttl = await forcekit("serve", "--token-ttl", "0")
        #expect(ttl.exitCode == 64)
        let seed = await forcekit("serve", "--seed-accounts=-5")
        #expect(seed.exitCode == 64)
        #expect(seed.error.contains("--seed-accounts must be 0 or more"))
        let huge = await forcekit("serve", "--seed-accounts", "20000000")
        #expect(huge.exitCode == 64)
        #expect(huge.error.contains("--seed-accounts seeds at most 10,000,000 Accounts"))
    }

    @Test("a schema file that cannot be used is an error that says why, with status 1")
    func badSchema() async throws {
        try await withScratch { scratch throws in
            let schema = try scratch.file(#"{"objects": [{"name": "Widget"}]}"#, name: "schema.json")
            let result = await forcekit("serve", "--schema", schema)
            #expect(result.exitCode == 1)
            #expect(
                result.error.hasPrefix(
                    "Error: The schema file \(schema) is not valid: object \"Widget\" must be a name of letters, digits and underscores ending in __c."
                ))
            #expect(result.output.isEmpty)
        }
    }

    @Test("the first line is the credentials object, keys in the documented order")
    func firstLine() throws {
        let credentials = LocalOrgCredentials(
            instanceURL: "https://127.0.0.1:8443", loginURL: "https://127.0.0.1:8443",
            user: try UserIdentity(orgID: "00DLo0000000001", userID: "005Lo0000000001"),
            username: "admin@localorg.test", password: "pw", clientID: "3MVG9x", redirectURI: "testsfdc:///mobilesdk/detect/oauth/done",
            caFile: nil)
        #expect(
            credentials.jsonLine
                == #"{"instanceUrl":"https://127.0.0.1:8443","loginUrl":"https://127.0.0.1:8443","orgId":"00DLo0000000001MAA","userId":"005Lo0000000001IAA","username":"admin@localorg.test","password":"pw","clientId":"3MVG9x","redirectUri":"testsfdc:///mobilesdk/detect/oauth/done","caFile":null}"#
        )
    }
}
