import Foundation
import SalesforceAuth
import SalesforceCore

/// A transport that tells the quickstart's user about the requests it is shown: the login's
/// pages and its token exchange, one line each, with codes and tokens left out.
struct NarratedTransport: HTTPTransport {
    let base: any HTTPTransport
    /// Which requests to describe (by path); the others pass silently.
    let shows: @Sendable (String) -> Bool
    let narrator: QuickstartNarrator

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let response = try await base.send(request)
        if shows(request.url.path) { narrator.say(Self.describe(request, response)) }
        return response
    }

    /// `POST /services/oauth2/authorize → 200 "Allow Access"`, or the redirect's target
    /// without its query (which carries the code).
    static func describe(_ request: HTTPRequest, _ response: HTTPResponse) -> String {
        var line = "\(request.method) \(request.url.path) → \(response.status)"
        if let location = response.headers["location"] {
            let target = location.split(atScalars: ["?"], maxSplits: 1).first ?? location
            line += " redirect to \(target)" + (location.contains("code=") ? " with an authorization code" : "")
        } else if let title = pageTitle(response.body) {
            line += " page \"\(title)\""
        } else if request.url.path.hasSuffix("/token") {
            line += " tokens (access and refresh)"
        } else if request.url.path.hasPrefix("/id/") {
            line += " the user's identity"
        }
        return line
    }

    private static func pageTitle(_ body: Data) -> String? {
        let page = String(decoding: body.prefix(2_048), as: UTF8.self)
        guard let start = page.range(of: "<title>"), let end = page.range(of: "</title>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.upperBound..<end.lowerBound]).replacingOccurrences(of: " | LocalOrg", with: "")
    }
}
