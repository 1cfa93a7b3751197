import Foundation
import HTTPTypes
import LocalOrg
import LocalOrgEngine
import SalesforceCore

extension FuzzTarget {
    /// Whole requests to LocalOrg's routes, middleware included, over the seeded org. The input
    /// is a request as text: `METHOD /path?query`, header lines, a blank line, the body. Unless
    /// the input names its own, the request carries the default user's bearer token, so the
    /// fuzzer reaches the API behind it, and the cookie of a browser session of that user, so it
    /// reaches the console's pages too; `{form}` in a body stands for that session's form token,
    /// so the console's forms are posted as its pages post them.
    static let localOrgHTTP = FuzzTarget(
        name: "localorg-http", summary: "whole HTTP requests (method, path, query, headers, body) to LocalOrg's routes and console"
    ) { bytes in
        var request = FuzzRequest(bytes)
        let (_, _, token) = FuzzOrg.shared
        let responder = FuzzResponder.shared
        let browser = runBlocking { await FuzzBrowser.shared.current() }
        var headers = request.headers
        if headers[.authorization] == nil { headers[.authorization] = "Bearer \(token)" }
        if headers[.cookie] == nil { headers[.cookie] = responder.cookie(forSession: browser.session) }
        request.body = FuzzRequest.replacing(Array("{form}".utf8), with: Array(browser.formToken.utf8), in: request.body)
        let sent = (request, headers)
        let reply = runBlocking {
            await responder.respond(method: sent.0.method, target: sent.0.target, headers: sent.1, body: sent.0.body)
        }
        // A 500 is LocalOrg's answer to a failure it did not foresee: as much a finding as a crash.
        // (A SOAP fault is the one 500 Salesforce sends on purpose.)
        // Told by the answer, not the target: the router also takes targets without their
        // leading slash or with stray bytes before it, and only the SOAP route answers with a fault.
        let soapFault = reply.status == 500 && String(decoding: reply.body, as: UTF8.self).contains("<soapenv:Fault>")
        if reply.status >= 500 && reply.status != 503 && !soapFault {
            fatalError(
                "LocalOrg answered \(reply.status) to \(request.method) \(request.target): \(String(decoding: reply.body, as: UTF8.self))")
        }
    }
}

/// The routes over the fuzzer's org, built once.
enum FuzzResponder {
    static let shared = InProcessResponder(org: FuzzOrg.shared.org)
}

/// A browser session of the fuzzer org's default user, opened again whenever an input ended it
/// (a logout, say), so every input can reach the console.
final class FuzzBrowser: Sendable {
    static let shared = FuzzBrowser()
    private let state = Locked<(session: String, formToken: String)?>(nil)

    /// The live session and its form token.
    func current() async -> (session: String, formToken: String) {
        let org = FuzzOrg.shared.org
        if let known = state.current, let user = await org.browserUser(session: known.session) {
            return (known.session, user.formToken)
        }
        do {
            let session = try await org.openOwnedSession(userID: FuzzOrg.shared.session.userID)
            guard let user = await org.browserUser(session: session) else { fatalError("The fuzzer's browser session did not open") }
            state.withLock { $0 = (session, user.formToken) }
            return (session, user.formToken)
        } catch {
            fatalError("The fuzzer's browser session did not open: \(error)")
        }
    }
}

/// A request read from fuzzer bytes: `METHOD target`, `Name: value` lines, a blank line, the body.
struct FuzzRequest {
    var method: HTTPRequest.Method = .get
    var target = "/"
    var headers = HTTPFields()
    var body: [UInt8] = []

    init(_ bytes: [UInt8]) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 64, omittingEmptySubsequences: false)[...]
        guard let requestLine = lines.popFirst() else { return }
        let parts = String(decoding: requestLine, as: UTF8.self).split(atScalars: [" "], maxSplits: 1)
        if let method = parts.first.flatMap({ HTTPRequest.Method(String($0)) }) { self.method = method }
        if parts.count > 1 { target = String(parts[1]) }
        while let line = lines.popFirst() {
            if line.isEmpty { break }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":"), let name = HTTPField.Name(String(text[..<colon])) else { continue }
            headers.append(HTTPField(name: name, value: text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        body = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// `bytes` with every `pattern` replaced by `replacement`.
    static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return bytes }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: pattern) {
                result += replacement
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }
}
