import Hummingbird
import LocalOrgEngine

/// The console's pages for what went wrong: a page that does not exist, an error from the org.
enum ConsolePages {
    static func notFound(_ api: ConsoleAPI) -> Response {
        ConsoleLayout.response(
            ConsoleLayout.page(
                "Page Not Found", user: api.user, orgName: api.org.settings.organizationName,
                body: """
                    <div class="card"><h1>Page not found</h1><p>This org has no such page or record. \
                    <a href="\(ConsolePaths.home)">Go home</a>.</p></div>
                    """),
            status: .notFound)
    }

    /// An error the org answered with, as the API states it.
    static func failure(_ api: ConsoleAPI, _ error: APIError) -> Response {
        if error.status == 404 { return notFound(api) }
        return ConsoleLayout.response(
            ConsoleLayout.page(
                "Error", user: api.user, orgName: api.org.settings.organizationName,
                body: """
                    <div class="card"><h1>Something went wrong</h1><p class="error" role="alert">\(error.message)</p>\
                    <p class="muted">\(error.errorCode)</p></div>
                    """),
            status: HTTPResponse.Status(code: error.status))
    }

    /// A box listing errors from a save, for the top of a form.
    static func errors(_ errors: [String]) -> HTML {
        guard !errors.isEmpty else { return .empty }
        return
            "<div class=\"errors\" role=\"alert\"><strong>Review the errors on this page.</strong><ul>\(errors.map { "<li>\($0)</li>" as HTML })</ul></div>"
    }
}
