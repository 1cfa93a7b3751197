import Foundation
import Testing

@Suite("forcekit idp demo")
struct IdPDemoCommandTests {
    @Test("SP-initiated --json: an authrequest, an authresponse with the state echoed, and a login; one-time values shortened")
    func spInitiated() async throws {
        let result = await forcekit("idp", "demo", "--json")
        #expect(result.exitCode == 0, "\(result.error)")
        let lines = try result.outputLines.map(jsonObject)
        #expect(lines.compactMap { $0["command"] as? String } == ["authrequest", "authresponse"])
        let request = lines[0]["parameters"] as? [String: String]
        let response = lines[1]["parameters"] as? [String: String]
        #expect(request?["state"] == response?["state"] && request?["state"]?.hasSuffix("(32 characters)") == true)
        #expect(request?["code_challenge_method"] == "S256" && response?["code"]?.contains("…") == true)
        #expect(lines.last?["outcome"] as? String == "logged in" && lines.last?["expected"] as? String == "logged in")
    }

    @Test("IdP-initiated with a hint for the second user: idpinit, the loop-back request for that user, and that user logged in")
    func idpInitiatedWithHint() async throws {
        // The demo org has a fixed id and its users the first two user ids, so hints are stable.
        let second = "00D000000000042:005Lo0004OswWOY"
        let result = await forcekit("idp", "demo", "--idp-initiated", "--user-hint", second, "--json")
        #expect(result.exitCode == 0, "\(result.error)")
        let lines = try result.outputLines.map(jsonObject)
        #expect(lines.compactMap { $0["command"] as? String } == ["idpinit", "authrequest", "authresponse"])
        #expect((lines[0]["parameters"] as? [String: String])?["user_hint"] == second)
        #expect((lines[1]["parameters"] as? [String: String])?["user_hint"] == second)
        #expect((lines.last?["user"] as? String)?.contains("005Lo0004OswWOY") == true)
        let first = await forcekit("idp", "demo", "--json")
        #expect((try first.outputLines.last.map(jsonObject)?["user"] as? String)?.contains("005Lo0004OswWOX") == true)
    }

    @Test("--rogue: the IdP answers another app's request with rogue_sp and no code, which is the expected outcome")
    func rogue() async throws {
        let result = await forcekit("idp", "demo", "--rogue")
        #expect(result.exitCode == 0, "\(result.error)")
        #expect(result.output.contains("com.evil.app → com.forcekit.idp: authrequest"))
        #expect(result.output.contains("error_code=rogue_sp") && !result.output.contains("    code="))
        #expect(result.output.contains("outcome: the IdP refused"))
    }

    @Test("a hint that is not two ids, or --rogue with --idp-initiated, is a usage error")
    func usage() async throws {
        #expect(await forcekit("idp", "demo", "--user-hint", "nobody").exitCode == 64)
        #expect(await forcekit("idp", "demo", "--idp-initiated", "--rogue").exitCode == 64)
    }
}
