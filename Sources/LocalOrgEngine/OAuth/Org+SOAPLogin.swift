import Foundation
import GRDB

/// What the SOAP partner API's `login` answers: a status and an XML envelope.
package struct SOAPReply: Sendable, Equatable {
    /// 200 for a `loginResponse`, 500 for a fault, as Salesforce answers.
    package var status: Int
    /// The envelope.
    package var xml: String
}

/// `POST /services/Soap/u/<version>` with a `login` call: the username-and-password login most
/// Salesforce tools use, answered with Salesforce's `loginResponse` (the session id is an access
/// token the REST API takes) or a SOAP fault such as `INVALID_LOGIN`.
extension Org {
    /// Answers a SOAP request to the partner endpoint of `version` (`59.0`).
    package func soapLogin(_ body: [UInt8], version: String) async -> SOAPReply {
        let text = String(decoding: body, as: UTF8.self)
        guard Self.element("login", in: text) != nil else {
            return Self.fault(
                "UNKNOWN_EXCEPTION", "LocalOrg's SOAP endpoint answers only login; use the REST API for the rest.",
                fault: "sf:UnexpectedErrorFault")
        }
        guard let username = Self.element("username", in: text), let password = Self.element("password", in: text) else {
            return Self.fault("INVALID_LOGIN", "Invalid username, password, security token; or user locked out.")
        }
        let userID: String
        switch await oauth.authenticate(username: username, password: password) {
        case .user(let id): userID = id
        case .failed: return Self.fault("INVALID_LOGIN", "Invalid username, password, security token; or user locked out.")
        case .lockedOut: return Self.fault("LOGIN_MUST_USE_SECURITY_TOKEN", "The user \(username) is locked out; try again later.")
        }
        let grant: TokenGrant
        let user: (email: String, name: String, username: String)?
        do {
            grant = try await oauth.issue(
                userID: userID, clientID: settings.connectedApps[0].consumerKey, scope: ["api", "web"], withRefreshToken: false)
            user = try await store.read { db in
                try Row.fetchOne(db, sql: #"SELECT "Email", "Name", "Username" FROM "User" WHERE "Id" = ?"#, arguments: [userID]).map {
                    (email: $0[0] ?? "", name: $0[1] ?? "", username: $0[2] ?? "")
                }
            }
        } catch {
            return Self.fault("UNKNOWN_EXCEPTION", error.message, fault: "sf:UnexpectedErrorFault")
        }
        let orgID = settings.organizationID
        let fields: [(String, String)] = [
            ("metadataServerUrl", "\(baseURL)/services/Soap/m/\(version)/\(orgID)"), ("passwordExpired", "false"), ("sandbox", "false"),
            ("serverUrl", "\(baseURL)/services/Soap/u/\(version)/\(orgID)"), ("sessionId", grant.accessToken), ("userId", userID),
        ]
        let info: [(String, String)] = [
            ("organizationId", orgID), ("organizationName", settings.organizationName),
            ("sessionSecondsValid", "\(Int(oauth.tokenLifetime))"),
            ("userEmail", user?.email ?? ""), ("userFullName", user?.name ?? ""), ("userId", userID),
            ("userName", user?.username ?? username),
        ]
        let result =
            fields.map { "<\($0.0)>\(MarkupEscaping.escaped($0.1))</\($0.0)>" }.joined()
            + "<userInfo>" + info.map { "<\($0.0)>\(MarkupEscaping.escaped($0.1))</\($0.0)>" }.joined() + "</userInfo>"
        return SOAPReply(status: 200, xml: Self.envelope("<loginResponse><result>\(result)</result></loginResponse>"))
    }

    private static func envelope(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>"#
            + body + "</soapenv:Body></soapenv:Envelope>"
    }

    private static func fault(_ code: String, _ message: String, fault: String = "sf:LoginFault") -> SOAPReply {
        let detail =
            #"<detail><\#(fault) xsi:type="\#(fault)" xmlns:sf="urn:fault.partner.soap.sforce.com"><sf:exceptionCode>\#(code)</sf:exceptionCode><sf:exceptionMessage>\#(MarkupEscaping.escaped(message))</sf:exceptionMessage></\#(fault)></detail>"#
        return SOAPReply(
            status: 500,
            xml: envelope(
                #"<soapenv:Fault><faultcode xmlns:sf="urn:fault.partner.soap.sforce.com">sf:\#(code)</faultcode><faultstring>\#(code): \#(MarkupEscaping.escaped(message))</faultstring>"#
                    + detail + "</soapenv:Fault>"))
    }

    /// The text of the first element with this local name, whatever its prefix, entities decoded.
    static func element(_ name: String, in xml: String) -> String? {
        let pattern = #"<(?:[A-Za-z_][\w.-]*:)?"# + name + #"(?:\s[^>]*)?(?:/>|>([\s\S]*?)</(?:[A-Za-z_][\w.-]*:)?"# + name + #"\s*>)"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: xml, range: NSRange(xml.startIndex..., in: xml))
        else { return nil }
        guard let range = Range(match.range(at: 1), in: xml) else { return "" }
        return unescaped(String(xml[range]))
    }

    private static func unescaped(_ text: String) -> String {
        var text = text
        if text.hasPrefix("<![CDATA["), text.hasSuffix("]]>") { return String(text.dropFirst(9).dropLast(3)) }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "&") {
            result += rest[..<start]
            let tail = rest[start...]
            if tail.hasPrefix("&#"), let end = tail.firstIndex(of: ";"), tail.distance(from: tail.startIndex, to: end) < 12 {
                let digits = tail[tail.index(tail.startIndex, offsetBy: 2)..<end]
                let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let value, let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                    rest = tail[tail.index(after: end)...]
                    continue
                }
            }
            if tail.hasPrefix("&amp;") {
                result += "&"
                rest = tail.dropFirst(5)
            } else {
                result += "&"
                rest = tail.dropFirst()
            }
        }
        return result + rest
    }
}
