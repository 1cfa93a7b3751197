import LocalOrgEngine
import SalesforceCore
import URLEncoding

extension FuzzTarget {
    /// SOQL and SOSL run by LocalOrg's engine over a seeded org: the first byte picks the
    /// resource (`query`, `queryAll`, `search`, `parameterizedSearch` with the rest as its query
    /// string), the rest is the statement.
    static let queryEngine = FuzzTarget(
        name: "query-engine", summary: "SOQL and SOSL run by LocalOrg's engine over a seeded org"
    ) { bytes in
        guard let selector = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let call: RestCall
        switch selector % 4 {
        case 0: call = RestCall(get: ["query"], parameters: [("q", text)])
        case 1: call = RestCall(get: ["queryAll"], parameters: [("q", text)])
        case 2: call = RestCall(get: ["search"], parameters: [("q", text)])
        default: call = RestCall(get: ["parameterizedSearch"], parameters: FormEncoding.decode(text).map { (name: $0.0, value: $0.1) })
        }
        let (org, session, _) = FuzzOrg.shared
        runBlocking {
            guard let reply = try? await org.answer(call, as: session), reply.status == 200, let locator = Self.nextLocator(reply) else {
                return
            }
            // Follow one page, so query cursors are fuzzed too.
            _ = try? await org.answer(RestCall(get: ["query", locator], parameters: []), as: session)
        }
    }

    private static func nextLocator(_ reply: RestReply) -> String? {
        guard let body = reply.body, let json = try? JSON(parsing: body), let next = json["nextRecordsUrl"]?.stringValue else { return nil }
        return next.split(atScalars: ["/"]).last
    }
}

extension RestCall {
    /// A GET of the current API version's `segments`.
    init(get segments: [String], parameters: [(name: String, value: String)]) {
        self.init(
            method: "GET", version: APIVersion.current.description, segments: segments, parameters: parameters, body: .none, headers: [:])
    }
}
