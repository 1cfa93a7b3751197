import Foundation
import HTTPTypes
import LocalOrg
import LocalOrgEngine

extension FuzzTarget {
    /// Whole requests to LocalOrg's routes, middleware included, over the seeded org. The input
    /// is a request as text: `METHOD /path?query`, header lines, a blank line, the body. Unless
    /// the input names its own, the request carries the default user's bearer token, so the
    /// fuzzer reaches the API behind it.
    static let localOrgHTTP = FuzzTarget(
        name: "localorg-http", summary: "whole HTTP requests (method, path, query, headers, body) to LocalOrg's routes"
    ) { bytes in
        let request = FuzzRequest(bytes)
        let (_, _, token) = FuzzOrg.shared
        var withToken = request.headers
        if withToken[.authorization] == nil { withToken[.authorization] = "Bearer \(token)" }
        let headers = withToken
        let responder = FuzzResponder.shared
        let reply = runBlocking {
            await responder.respond(method: request.method, target: request.target, headers: headers, body: request.body)
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

/// A request read from fuzzer bytes: `METHOD target`, `Name: value` lines, a blank line, the body.
struct FuzzRequest {
    var method: HTTPRequest.Method = .get
    var target = "/"
    var headers = HTTPFields()
    var body: [UInt8] = []

    init(_ bytes: [UInt8]) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 64, omittingEmptySubsequences: false)[...]
        guard let requestLine = lines.popFirst() else { return }
        let parts = String(decoding: requestLine, as: UTF8.self).split(separator: " ", maxSplits: 1)
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
}
