import Foundation
import Hummingbird
import LocalOrgEngine
import URLEncoding

/// Visualforce-style pages from a folder (`forcekit serve --pages DIR`): `GET /apex/NAME`
/// answers `NAME.html` to a browser signed in to the org. Without a session the browser goes to
/// the login page with `ec=302` and the page as `startURL`, as a real org sends it; after the
/// login it comes back to the page. A hybrid container watches for that redirect to renew the
/// session and load the page again.
struct PageRoutes {
    let org: Org
    let folder: URL

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/apex/:page") { request, context -> Response in
            // The session comes first: whether a page exists is told only to a signed-in user.
            guard await org.browserUser(session: BrowserRequests.session(of: request, baseURL: org.baseURL)) != nil else {
                let here = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
                return Response(
                    status: .found,
                    headers: [
                        .location: ConsolePaths.login + "?" + FormEncoding.encode([("ec", "302"), ("startURL", here)]),
                        .cacheControl: "no-store",
                    ])
            }
            let name = context.parameters.get("page") ?? ""
            guard Self.isPageName(name), let page = FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".html").path)
            else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentSecurityPolicy: Self.policy],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
        }
    }

    /// A page's API name as Visualforce allows it: a letter, then letters, digits and single
    /// underscores, 80 at most. Nothing else names a file, so no path leaves the folder.
    static func isPageName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = scalars.first, scalars.count <= 80, isLetter(first), scalars.last != "_" else { return false }
        var previous = first
        for scalar in scalars.dropFirst() {
            guard isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "_", !(scalar == "_" && previous == "_") else {
                return false
            }
            previous = scalar
        }
        return true
    }

    /// A page runs its own scripts, as a Visualforce page does; it reaches only its own org.
    static let policy =
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        + "frame-ancestors 'self'; base-uri 'none'; form-action 'self'"
}
