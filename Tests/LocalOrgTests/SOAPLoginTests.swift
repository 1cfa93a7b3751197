import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

/// The SOAP partner API's `login`, as tools that log in with a username and password call it.
@Suite("LocalOrg SOAP login")
struct SOAPLoginTests {
    func envelope(_ username: String, _ password: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8" ?>
        <env:Envelope xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
            xmlns:env="http://schemas.xmlsoap.org/soap/envelope/">
          <env:Body><n1:login xmlns:n1="urn:partner.soap.sforce.com">
            <n1:username>\(username)</n1:username><n1:password>\(password)</n1:password>
          </n1:login></env:Body>
        </env:Envelope>
        """
    }

    func value(_ name: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(name)>"), let end = xml.range(of: "</\(name)>", range: start.upperBound..<xml.endIndex) else {
            return nil
        }
        return String(xml[start.upperBound..<end.lowerBound])
    }

    @Test("a good login answers loginResponse with a session id the REST API takes and the org's server URL")
    func login() async throws {
        try await withTestOrg(seed: false) { org throws in
            let password = org.credentials.password.replacingOccurrences(of: "&", with: "&amp;")
            let reply = try await org.send(
                "POST", "/services/Soap/u/59.0", headers: ["Content-Type": "text/xml", "SOAPAction": "login"],
                body: Data(envelope(org.credentials.username, password).utf8))
            #expect(reply.status == 200 && reply.header("Content-Type")?.hasPrefix("text/xml") == true)
            #expect(
                value("serverUrl", in: reply.text)
                    == "\(org.credentials.instanceURL)/services/Soap/u/59.0/\(org.credentials.user.orgID.id18)")
            #expect(value("userId", in: reply.text) == org.credentials.user.userID.id18)
            #expect(value("userName", in: reply.text) == org.credentials.username)
            let session = try #require(value("sessionId", in: reply.text))
            let limits = try await org.send("GET", "\(org.dataPath)/limits", token: session)
            #expect(limits.status == 200)
        }
    }

    @Test("a wrong password is the INVALID_LOGIN fault with status 500; other calls and versions are refused")
    func faults() async throws {
        try await withTestOrg(seed: false) { org throws in
            let wrong = try await org.send(
                "POST", "/services/Soap/u/59.0", headers: ["Content-Type": "text/xml"],
                body: Data(envelope(org.credentials.username, "nope").utf8))
            #expect(wrong.status == 500)
            #expect(value("sf:exceptionCode", in: wrong.text) == "INVALID_LOGIN" && value("faultcode", in: wrong.text) == nil)
            #expect(wrong.text.contains(">sf:INVALID_LOGIN</faultcode>"))
            let query = try await org.send(
                "POST", "/services/Soap/u/59.0", headers: ["Content-Type": "text/xml"],
                body: Data("<query><queryString>x</queryString></query>".utf8))
            #expect(query.status == 500 && query.text.contains("UNKNOWN_EXCEPTION"))
            let version = try await org.send("POST", "/services/Soap/u/latest", body: Data(envelope("a", "b").utf8))
            #expect(version.status == 404)
        }
    }

    @Test("an envelope over 32 KB is refused unread (413); a hostile one under it is answered in one pass, and others are still served")
    func hostileEnvelopes() async throws {
        try await withTestOrg(seed: false) { org throws in
            // 112 KB of start tags once cost 24 s of the server's CPU in a regular expression.
            let huge = try await org.send(
                "POST", "/services/Soap/u/62.0", headers: ["Content-Type": "text/xml"],
                body: Data(String(repeating: "<login>", count: 16_000).utf8))
            #expect(huge.status == 413 && huge.text.contains("REQUEST_TOO_LARGE") && huge.text.contains("(32 KB)"), "\(huge.text)")
            let tags = try await org.send(
                "POST", "/services/Soap/u/62.0", headers: ["Content-Type": "text/xml"],
                body: Data(String(repeating: "<login>", count: 4_000).utf8))
            #expect(tags.status == 500 && tags.text.contains("UNKNOWN_EXCEPTION"))
            let prefixed = try await org.send(
                "POST", "/services/Soap/u/62.0", headers: ["Content-Type": "text/xml"],
                body: Data(
                    envelope(org.credentials.username, org.credentials.password)
                        .replacingOccurrences(of: "<n1:username>", with: "<n1:username xmlns:n1=\"urn:partner.soap.sforce.com\">").utf8))
            #expect(prefixed.status == 200 && value("sessionId", in: prefixed.text) != nil, "\(prefixed.text)")
        }
    }
}
