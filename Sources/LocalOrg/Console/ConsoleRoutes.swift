import Foundation
import Hummingbird
import LocalOrgEngine
import URLEncoding

/// The console: LocalOrg's pages for people, at the instance URL behind the org's own login,
/// under Lightning's paths (`/lightning/o/Account/list`, `/lightning/r/Account/001…/view`), so a
/// link written for a real org opens the same page here.
struct ConsoleRoutes {
    let org: Org
    let recent: RecentRequests
    /// The CA file a client must trust, when the org is served with TLS.
    let caFile: String?

    /// The form field that carries the session's form token.
    static let formTokenField = "_form"
    /// The live request log's path, which the log leaves out of itself.
    static let requestLogPath = ConsolePaths.requests

    func register(on router: Router<LocalOrgRequestContext>) {
        router.get("/") { _, _ in Self.seeOther(ConsolePaths.home) }
        router.get("/lightning") { _, _ in Self.seeOther(ConsolePaths.home) }
        router.get(RouterPath(ConsolePaths.login)) { request, _ in
            let start = Self.startURL(Responses.query("startURL", of: request), org: org)
            if await org.browserUser(session: BrowserRequests.session(of: request, baseURL: org.baseURL)) != nil {
                return Self.seeOther(start)
            }
            return ConsoleLayout.response(LoginPage.page(orgName: org.settings.organizationName, startURL: start, error: nil))
        }
        router.post(RouterPath(ConsolePaths.login)) { request, context in
            guard BrowserRequests.isFromThisOrg(request, baseURL: org.baseURL) else { return Self.foreignForm(org) }
            let fields = try await Responses.formFields(of: request, context: context)
            let start = Self.startURL(fields["startURL"], org: org)
            switch await org.logIn(username: fields["username"] ?? "", password: fields["password"] ?? "") {
            case .signedIn(let session):
                var response = Self.seeOther(start)
                response.headers[.setCookie] = BrowserRequests.sessionCookie(session, baseURL: org.baseURL)
                return response
            case .refused(let message):
                let page = LoginPage.page(orgName: org.settings.organizationName, startURL: start, error: message)
                return ConsoleLayout.response(page, status: .unauthorized)
            }
        }
        // Salesforce's logout URL is a GET, so logging out takes no form token: another site can
        // end a session, never use one.
        for method in [HTTPRequest.Method.get, .post] {
            router.on(RouterPath(ConsolePaths.logout), method: method) { request, _ in
                if let cookie = BrowserRequests.session(of: request, baseURL: org.baseURL) { await org.logOut(session: cookie) }
                var response = Self.seeOther(ConsolePaths.login)
                response.headers[.setCookie] = BrowserRequests.sessionCookieRemoved(baseURL: org.baseURL)
                return response
            }
        }
        registerPages(on: router)
    }

    private func registerPages(on router: Router<LocalOrgRequestContext>) {
        let caFile = caFile
        let recent = recent
        router.get(RouterPath(ConsolePaths.home)) { request, _ in
            await signedIn(request) { api in try await HomePage(api: api, caFile: caFile).page() }
        }
        router.get("/lightning/o/:object/list") { request, context in
            await signedIn(request) { api in
                try await ObjectListPage(api: api, object: context.parameters.get("object") ?? "", request: request).page()
            }
        }
        router.get("/lightning/o/:object/home") { _, context in
            Self.seeOther(ConsolePaths.list(context.parameters.get("object") ?? ""))
        }
        router.get("/lightning/o/:object/new") { request, context in
            await signedIn(request) { api in
                try await RecordForm(api: api, object: context.parameters.get("object") ?? "", id: nil)
                    .page(defaults: RecordForm.defaultFieldValues(Responses.query("defaultFieldValues", of: request)))
            }
        }
        router.post("/lightning/o/:object/new") { request, context in
            await posted(request, context) { api, fields in
                try await RecordForm(api: api, object: context.parameters.get("object") ?? "", id: nil).save(fields)
            }
        }
        // `/lightning/r/001…/view`: one route name for the segment, which is an id here.
        router.get("/lightning/r/:object/view") { request, context in
            await signedIn(request) { api in
                let id = context.parameters.get("object") ?? ""
                guard let object = api.object(ofID: id) else { return ConsolePages.notFound(api) }
                return Self.seeOther(ConsolePaths.record(object, id))
            }
        }
        router.get("/lightning/r/:object/:id/view") { request, context in
            await signedIn(request) { api in
                try await RecordPage(api: api, object: context.parameters.get("object") ?? "", id: context.parameters.get("id") ?? "")
                    .page()
            }
        }
        router.get("/lightning/r/:object/:id/edit") { request, context in
            await signedIn(request) { api in
                try await RecordForm(api: api, object: context.parameters.get("object") ?? "", id: context.parameters.get("id")).page()
            }
        }
        router.post("/lightning/r/:object/:id/edit") { request, context in
            await posted(request, context) { api, fields in
                try await RecordForm(api: api, object: context.parameters.get("object") ?? "", id: context.parameters.get("id")).save(
                    fields)
            }
        }
        router.get("/lightning/r/:object/:id/delete") { request, context in
            await signedIn(request) { api in
                try await RecordPage(api: api, object: context.parameters.get("object") ?? "", id: context.parameters.get("id") ?? "")
                    .deletePage()
            }
        }
        router.post("/lightning/r/:object/:id/delete") { request, context in
            await posted(request, context) { api, _ in
                try await RecordPage(api: api, object: context.parameters.get("object") ?? "", id: context.parameters.get("id") ?? "")
                    .delete()
            }
        }
        router.get(RouterPath(ConsolePaths.query)) { request, _ in
            await signedIn(request) { api in
                try await QueryPage(api: api).page(
                    soql: Responses.query("q", of: request), all: Responses.query("all", of: request) == "on")
            }
        }
        router.get(RouterPath(ConsolePaths.requests)) { request, _ in
            await signedIn(request) { api in RequestLogPage.page(api: api, requests: recent.latest) }
        }
        router.get(RouterPath(ConsolePaths.activity)) { request, _ in
            await signedIn(request) { api in try await ActivityPage(api: api).page() }
        }
        router.get("/lightning/**") { request, _ in
            await signedIn(request) { api in ConsolePages.notFound(api) }
        }
        registerClassicPaths(on: router)
    }

    /// Classic pages, which describe's `uiDetailTemplate` (`/{ID}`), `uiEditTemplate` (`/{ID}/e`)
    /// and `uiNewRecord` (`/003/e`) give, open their Lightning pages as in a real org. A segment
    /// that is no record id or key prefix stays a 404, as any unknown path.
    private func registerClassicPaths(on router: Router<LocalOrgRequestContext>) {
        router.get("/:classic") { request, context in
            let id = context.parameters.get("classic") ?? ""
            guard ClassicPath.isRecordID(id) else { throw HTTPError(.notFound) }
            return await signedIn(request) { api in
                guard let object = api.object(ofID: id) else { return ConsolePages.notFound(api) }
                return Self.seeOther(ConsolePaths.record(object, id))
            }
        }
        router.get("/:classic/e") { request, context in
            let segment = context.parameters.get("classic") ?? ""
            let isPrefix = ClassicPath.isKeyPrefix(segment)
            guard isPrefix || ClassicPath.isRecordID(segment) else { throw HTTPError(.notFound) }
            return await signedIn(request) { api in
                if isPrefix {
                    guard let object = api.object(withKeyPrefix: segment) else {
                        return ConsolePages.notFound(api)
                    }
                    return Self.seeOther(ConsolePaths.new(object))
                }
                guard let object = api.object(ofID: segment) else { return ConsolePages.notFound(api) }
                return Self.seeOther(ConsolePaths.record(object, segment, "edit"))
            }
        }
    }

    /// A page for a signed-in browser; any other goes to the login page, which comes back here.
    private func signedIn(_ request: Request, _ build: (ConsoleAPI) async throws -> Response) async -> Response {
        guard let user = await org.browserUser(session: BrowserRequests.session(of: request, baseURL: org.baseURL)) else {
            let here = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            return Self.seeOther(ConsolePaths.login + "?" + FormEncoding.encode([("startURL", here)]))
        }
        let api = ConsoleAPI(org: org, user: user)
        do {
            return try await build(api)
        } catch let error as APIError {
            return ConsolePages.failure(api, error)
        } catch {
            return ConsolePages.failure(api, APIError(status: 500, errorCode: "UNKNOWN_EXCEPTION", message: "\(error)"))
        }
    }

    /// A form's post from a signed-in browser: refused unless it came from this org's page in
    /// this session (its form token), so another site cannot post it in the user's name.
    private func posted(
        _ request: Request, _ context: LocalOrgRequestContext,
        _ handle: (ConsoleAPI, [String: String]) async throws -> Response
    ) async -> Response {
        await signedIn(request) { api in
            let fields = try await Responses.formFields(of: request, context: context)
            guard BrowserRequests.isFromThisOrg(request, baseURL: org.baseURL), let token = fields[Self.formTokenField],
                Array(token.utf8).elementsEqualInConstantTime(Array(api.user.formToken.utf8))
            else { return Self.foreignForm(org) }
            return try await handle(api, fields)
        }
    }

    private static func foreignForm(_ org: Org) -> Response {
        ConsoleLayout.response(
            ConsoleLayout.page(
                "Form Refused", user: nil, orgName: org.settings.organizationName,
                body: """
                    <div class="card"><h1>This form was refused</h1><p class="error" role="alert">It was posted from another site, \
                    or from a page of an earlier session. Open the page again and send the form from there.</p>\
                    <p><a href="\(ConsolePaths.home)">Home</a></p></div>
                    """),
            status: .forbidden)
    }

    /// Where a login goes next: a page of this org, the home page otherwise.
    private static func startURL(_ requested: String?, org: Org) -> String {
        guard let requested, !requested.isEmpty, let path = Org.pathOfThisOrg(requested, baseURL: org.baseURL) else {
            return ConsolePaths.home
        }
        return path
    }

    /// 303: after a post the browser loads the page with GET.
    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}

extension Array where Element == UInt8 {
    /// Equality that takes as long whatever the first difference, for secrets.
    fileprivate func elementsEqualInConstantTime(_ other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        var difference: UInt8 = 0
        for index in indices { difference |= self[index] ^ other[index] }
        return difference == 0
    }
}
