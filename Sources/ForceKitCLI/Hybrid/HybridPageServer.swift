import Foundation
import HTTPTypes
import Hummingbird
import HybridBridge
import Logging
import SalesforceCore
import ServiceLifecycle

/// The HTTP side of `forcekit hybrid serve`: a hybrid app's `www` folder, our `cordova.js`,
/// and the bridge's calls and events for the page.
struct HybridPageServer {
    let root: URL
    let bridge: HybridBridge
    let events: HybridEventLog
    let log: @Sendable (String) -> Void
    /// The page the app starts on (`bootconfig.json`'s `startPage` of a local app), relative to
    /// the folder; nil serves `index.html` at `/`.
    var startPage: String? = nil
    /// For a remote app (`"isLocal": false`): the org's pages, fetched under this origin for paths
    /// that are not the folder's files.
    var remote: RemoteStartPage? = nil
    /// The boot config's error page, shown when a remote page cannot be loaded.
    var errorPage: String? = nil

    /// The router: `/__forcekit/…` for the bridge, `/cordova.js`, then the folder's files.
    func router() throws -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: LoopbackHostMiddleware())
        let script = try Self.cordovaScript()
        let plugins = PluginScripts.find(in: root)
        router.get("/cordova.js") { _, _ in Self.response(Data(script.utf8), type: "text/javascript; charset=utf-8") }
        router.get("/__forcekit/ready") { request, _ in
            guard Self.isFromServedPage(request, call: false) else { return Self.refused }
            return Self.json(["ready": true, "plugins": plugins.json])
        }
        router.get("/__forcekit/events") { request, _ in
            guard Self.isFromServedPage(request, call: false) else { return Self.refused }
            return Self.json(events.after(request.uri.queryParameters.get("after", as: Int.self) ?? 0))
        }
        router.post("/__forcekit/exec") { request, _ -> Response in
            guard Self.isFromServedPage(request, call: true) else { return Self.refused }
            let body = try await request.body.collect(upTo: 64 << 20)
            let started = ContinuousClock.now
            guard case .success(let call) = BridgeLines.call(from: String(buffer: body)) else {
                return Self.json(["ok": false, "error": "The page posted something that is not a call: send {service, action, args}."])
            }
            let answer = await bridge.call(service: call.service, action: call.action, arguments: call.arguments)
            let milliseconds = Int((ContinuousClock.now - started) / .milliseconds(1))
            switch answer {
            case .success(let result):
                log("exec \(call.service) \(call.action) ok \(milliseconds) ms")
                return Self.json(["ok": true, "result": result])
            case .failure(let message):
                log("exec \(call.service) \(call.action) failed \(milliseconds) ms: \(message)")
                return Self.json(["ok": false, "error": .string(message)])
            }
        }
        let startPage = startPage
        router.get("/") { _, _ in
            guard let startPage else { return try file(at: "/") }
            // A start page may carry a query (`index.html?mode=offline`): only its path is encoded.
            let parts = startPage.split(atScalars: ["?"], maxSplits: 1)
            let query = parts.count > 1 ? "?" + parts[1] : ""
            return Response(status: .found, headers: [.location: "/" + PluginScripts.urlPath(String(parts.first ?? "")) + query])
        }
        let remote = remote
        router.get("**") { request, _ in
            guard let remote, !hasFile(at: request.uri.path) else { return try file(at: request.uri.path) }
            return try await remotePage(request, from: remote)
        }
        return router
    }

    /// Whether a request for the bridge comes from the served page, since the bridge acts as the
    /// signed-in user: addressed to this server by a loopback name (not a name another site's DNS
    /// points here), and a call posted from a page of this very origin (a page of another site open
    /// in the same browser can post to loopback, but its `Origin` says so).
    static func isFromServedPage(_ request: Request, call: Bool) -> Bool {
        guard let authority = request.head.authority, isLoopbackAuthority(authority) else {
            return false
        }
        return !call || request.headers[.origin]?.lowercased() == "http://" + authority.lowercased()
    }

    private static let refused = Response(
        status: .forbidden, headers: [.contentType: "application/json"],
        body: ResponseBody(
            byteBuffer: ByteBuffer(string: #"{"ok":false,"error":"Only the page forcekit hybrid serve serves may call the bridge."}"#)))

    /// The org's page at the request's path and query, or the error page when the org cannot be
    /// reached and no copy is kept. A copy kept from an earlier load says so in a header.
    private func remotePage(_ request: Request, from remote: RemoteStartPage) async throws -> Response {
        let here = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        guard let page = await remote.page(here) else {
            log("remote \(request.uri.path) unreachable")
            guard let errorPage, hasFile(at: "/" + errorPage) else {
                return Response(
                    status: .badGateway, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "The org cannot be reached, and no copy of this page is kept.")))
            }
            var shown = try file(at: "/" + errorPage)
            shown.status = .serviceUnavailable
            return shown
        }
        log("remote \(request.uri.path) \(page.isOfflineCopy ? "offline copy" : String(page.status))")
        var response = Self.response(page.body, type: page.contentType)
        response.status = HTTPResponse.Status(code: page.status)
        if let location = page.location { response.headers[.location] = location }
        if page.isOfflineCopy { response.headers[Self.offlineCopy] = "true" }
        return response
    }

    /// Marks a page served from the copy kept while the org cannot be reached.
    static let offlineCopy = HTTPField.Name("X-ForceKit-Offline-Copy")!

    /// Whether the folder has a file at `path`.
    private func hasFile(at path: String) -> Bool { (try? file(at: path)) != nil }

    /// A file of the folder; `/` is `index.html`. Paths leaving the folder are not found.
    private func file(at path: String) throws -> Response {
        let relative = path.removingPercentEncoding ?? path
        var url = root.appendingPathComponent(relative == "/" ? "index.html" : relative).standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            url = url.appendingPathComponent("index.html")
        }
        guard url.path.hasPrefix(root.standardizedFileURL.path + "/"), let data = FileManager.default.contents(atPath: url.path) else {
            throw HTTPError(.notFound)
        }
        return Self.response(data, type: Self.contentType(of: url.pathExtension))
    }

    private static func response(_ data: Data, type: String) -> Response {
        // nosniff: a file is run only as the type its extension gives, never sniffed into a script.
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    private static func json(_ value: JSON) -> Response {
        response(Data(value.serialized().utf8), type: "application/json")
    }

    private static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    /// Our cordova.js, bundled with the CLI.
    static func cordovaScript() throws -> String {
        guard let url = Bundle.module.url(forResource: "cordova", withExtension: "js") else {
            throw CLIInputError("this forcekit has no cordova.js next to it (ForceKit_ForceKitCLI.resources); run it from its build folder")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
