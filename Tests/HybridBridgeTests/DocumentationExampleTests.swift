import HybridBridge
import SalesforceCore
import Testing

@Suite("The HybridBridge article's example")
struct DocumentationExampleTests {
    @Test("pgRegisterSoup answers the soup's name")
    func registerSoup() async throws {
        try await withBridge { fixture in
            let bridge = fixture.bridge
            let answer = await bridge.call(
                service: "com.salesforce.smartstore", action: "pgRegisterSoup",
                arguments: ["pluginSDKVersion:13.0.2", ["soupName": "accounts", "indexes": [["path": "Id", "type": "string"]]]])
            #expect(answer == .success("accounts"))
        }
    }
}
