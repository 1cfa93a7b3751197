import Foundation
import Testing

@Suite("forcekit link parse and build")
struct SalesforceLinkCommandTests {
    @Test("parse --json prints the contract's fields in order, null where absent")
    func parseShape() async throws {
        let result = await forcekit(
            "link", "parse", "--json",
            "salesforce1://sObject/001D000000Jwj9v/view&sloid=00DT00000000ABC&slnid=0DB000000000001&iosoru=https%3A%2F%2Fx.y")
        #expect(result.exitCode == 0)
        let line = try #require(result.outputLines.first)
        #expect(
            keyOrder(line) == [
                "url", "scheme", "action", "id", "id18", "keyPrefix", "objectType", "orgId", "networkId", "userId", "redirectURL",
                "followerId",
            ])
        let object = try jsonObject(line)
        #expect(object["id"] as? String == "001D000000Jwj9v")
        #expect(object["id18"] as? String == "001D000000Jwj9vIAB")
        #expect(object["keyPrefix"] as? String == "001")
        #expect(object["objectType"] as? String == "Account")
        #expect(object["orgId"] as? String == "00DT00000000ABC")
        #expect(object["networkId"] as? String == "0DB000000000001")
        #expect(object["redirectURL"] as? String == "https://x.y")
        #expect(object["userId"] is NSNull && object["followerId"] is NSNull)
    }

    @Test("parse reports each malformed link and exits 1 after all")
    func parseErrors() async throws {
        let result = await forcekit(
            "link", "parse", "--json", "salesforce1://sObject/005R0000000Df5W/follow&userid=005R0000000HfcF",
            "salesforce1://sObject/001D000000Jwj9vXXX/view")
        #expect(result.exitCode == 1)
        #expect(try jsonObject(result.outputLines[0])["followerId"] as? String == "005R0000000HfcF")
        #expect(
            try jsonObject(result.outputLines[1])["error"] as? String
                == "'001D000000Jwj9vXXX' is not a valid 18-character Salesforce id: its suffix should be 'IAB'. If the id passed through a system that changed its letter case, parse it with SalesforceID(restoringCaseOf:)."
        )
    }

    @Test("build prints the link with s1 parameters")
    func build() async {
        let result = await forcekit(
            "link", "build", "--id", "001D000000Jwj9v", "--action", "edit", "--org", "00DT00000000ABC", "--network", "00UT00000000XYZ",
            "--user", "005R0000000HfcF", "--redirect", "https://example.com/a?b=1")
        #expect(result.exitCode == 0)
        #expect(
            result.output
                == "salesforce1://sObject/001D000000Jwj9v/edit&s1oid=00DT00000000ABC&s1nid=00UT00000000XYZ&s1uid=005R0000000HfcF&iosoru=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1\n"
        )
        let custom = await forcekit(
            "link", "build", "--id", "005R0000000Df5W", "--action", "follow", "--follower", "005R0000000HfcF", "--scheme", "acme", "--query"
        )
        #expect(custom.output == "acme://sObject/005R0000000Df5W/follow?userid=005R0000000HfcF\n")
    }

    @Test(
        "build refuses what the app would refuse, with exit 1",
        arguments: [
            (["--id", "005R0000000Df5W", "--action", "follow"], "A follow link needs the id of the user it is sent to"),
            (["--id", "006R0000001r7Rq", "--action", "download"], "The download action is not allowed"),
            (["--id", "123", "--action", "view"], "has 3 characters"),
        ])
    func buildErrors(arguments: [String], message: String) async {
        let result = await forcekit(["link", "build"] + arguments)
        #expect(result.exitCode == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(message))
    }
}
