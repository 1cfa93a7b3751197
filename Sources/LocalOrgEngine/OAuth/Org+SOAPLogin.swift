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
        case .user(let id) where await oauth.mayLogIn(userID: id, at: nil): userID = id
        case .user, .failed: return Self.fault("INVALID_LOGIN", "Invalid username, password, security token; or user locked out.")
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

    /// The largest login envelope read: a real one is under 2 KB.
    package static let maximumEnvelopeSize = 32 * 1024

    /// The text of the first element with this local name, whatever its prefix, entities decoded.
    ///
    /// One pass over the bytes: the first start tag of that name, then its end tag after it (a
    /// regular expression here retried from every start tag, which cost time quadratic in the body).
    static func element(_ name: String, in xml: String) -> String? {
        let bytes = Array(xml.utf8)
        let wanted = Array(name.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var end = open + 1
            while end < bytes.count, !Self.endsName(bytes[end]) { end += 1 }
            let qualified = bytes[(open + 1)..<end]
            let local = qualified.lastIndex(of: UInt8(ascii: ":")).map { qualified[($0 + 1)...] } ?? qualified
            guard local.elementsEqual(wanted) else {
                index = end > open + 1 ? end : open + 1
                continue
            }
            guard let close = bytes[end...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            if bytes[close - 1] == UInt8(ascii: "/") { return "" }
            let endTag = Array("</".utf8) + qualified
            guard let contentEnd = Self.firstIndex(of: endTag, in: bytes, from: close + 1) else { return nil }
            return unescaped(String(decoding: bytes[(close + 1)..<contentEnd], as: UTF8.self))
        }
        return nil
    }

    /// Whether a byte ends a tag's name: whitespace, `>` or `/`.
    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Where `tag` (an end tag without its `>`) next appears as a whole tag, from `start`: the
    /// search is linear in the bytes, since the tag is short.
    private static func firstIndex(of tag: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + tag.count <= bytes.count {
            guard let candidate = bytes[index...].firstIndex(of: tag[0]), candidate + tag.count <= bytes.count else { return nil }
            if bytes[candidate..<(candidate + tag.count)].elementsEqual(tag) {
                var after = candidate + tag.count
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ">") { return candidate }
            }
            index = candidate + 1
        }
        return nil
    }

    /// XML text with its references decoded, scalar by scalar: `&lt;` a combining mark follows
    /// is still a reference.
    private static func unescaped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let cdataOpen = Array("<![CDATA[".unicodeScalars)
        let cdataClose = Array("]]>".unicodeScalars)
        if scalars.starts(with: cdataOpen), scalars.count >= cdataOpen.count + cdataClose.count, Array(scalars.suffix(3)) == cdataClose {
            return String(String.UnicodeScalarView(scalars[cdataOpen.count..<(scalars.count - cdataClose.count)]))
        }
        let named: [(String, Unicode.Scalar)] = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")]
        var result = String.UnicodeScalarView()
        var index = 0
        scanning: while index < scalars.count {
            guard scalars[index] == "&" else {
                result.append(scalars[index])
                index += 1
                continue
            }
            for (reference, scalar) in named where scalars[index...].starts(with: reference.unicodeScalars) {
                result.append(scalar)
                index += reference.unicodeScalars.count
                continue scanning
            }
            // `&#65;` or `&#x41;`: at most ten digits before the `;`.
            if index + 1 < scalars.count, scalars[index + 1] == "#",
                let end = scalars[(index + 2)..<min(scalars.count, index + 13)].firstIndex(of: ";")
            {
                let digits = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                let value = digits.first == "x" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let value, let scalar = Unicode.Scalar(value) {
                    result.append(scalar)
                    index = end + 1
                    continue
                }
            }
            result.append("&")
            index += 1
        }
        return String(result)
    }
}
