import HTTPTypes
import Hummingbird
import LocalOrgEngine

/// The frame of every console page: the header with the org's name, the navigation and the
/// signed-in user with a logout button; the style sheet, inline since LocalOrg serves no files
/// and the machine may have no internet. No page has a script.
enum ConsoleLayout {
    /// A whole page for a signed-in user.
    static func page(
        _ title: String, user: BrowserUser?, orgName: String, refreshSeconds: Int? = nil, body: HTML
    ) -> HTML {
        let refresh: HTML = refreshSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">" } ?? .empty
        let header: HTML =
            if let user {
                """
                <header><a class="brand" href="\(ConsolePaths.home)">\(orgName)</a>
                <nav><a href="\(ConsolePaths.home)">Home</a><a href="\(ConsolePaths.list("Account"))">Accounts</a>\
                <a href="\(ConsolePaths.list("Contact"))">Contacts</a><a href="\(ConsolePaths.query)">SOQL</a>\
                <a href="\(ConsolePaths.requests)">Requests</a><a href="\(ConsolePaths.activity)">Activity</a></nav>
                <form class="user" method="post" action="\(ConsolePaths.logout)"><span>\(user.username)</span>\
                <button type="submit">Log Out</button></form></header>
                """
            } else {
                "<header><span class=\"brand\">\(orgName)</span></header>"
            }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            \(refresh)<title>\(title) | \(orgName)</title><style>\(HTML(stringLiteral: style))</style></head>
            <body>\(header)<main>\(body)</main></body></html>
            """
    }

    /// The hidden field every form posts back (see `ConsoleRoutes`'s check).
    static func formToken(_ user: BrowserUser) -> HTML {
        "<input type=\"hidden\" name=\"\(ConsoleRoutes.formTokenField)\" value=\"\(user.formToken)\">"
    }

    /// A page as the response: no cache keeps it, no other site frames it, and the browser runs
    /// no script in it (record values are user input), loads nothing from elsewhere and posts
    /// forms only here.
    static func response(_ page: HTML, status: HTTPResponse.Status = .ok) -> Response {
        var response = Responses.html(page.markup, status: status)
        response.headers[.contentSecurityPolicy] =
            Responses.pagePolicy + "; form-action 'self'"
        response.headers[referrerPolicy] = "same-origin"
        return response
    }

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!

    private static let style = """
        :root{--blue:#0b5cab;--line:#dddbda;--bg:#f3f3f3;--text:#181818;--muted:#5c5c5c}
        *{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--text);background:var(--bg)}
        header{display:flex;align-items:center;gap:1.5rem;background:#fff;border-bottom:1px solid var(--line);padding:.5rem 1.25rem}
        .brand{font-weight:700;color:var(--blue);text-decoration:none;font-size:1.05rem}
        nav{display:flex;gap:1rem;flex:1}nav a{color:var(--text);text-decoration:none;padding:.25rem 0}nav a:hover{color:var(--blue)}
        .user{display:flex;align-items:center;gap:.75rem;color:var(--muted)}
        main{max-width:72rem;margin:1.25rem auto;padding:0 1.25rem}
        h1{font-size:1.4rem;margin:.25rem 0 1rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
        .card{background:#fff;border:1px solid var(--line);border-radius:.35rem;padding:1rem 1.25rem;margin-bottom:1rem}
        table{border-collapse:collapse;width:100%;background:#fff}caption{text-align:left;font-weight:600;padding:.4rem 0}
        th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
        th{background:#fafaf9;font-weight:600;color:var(--muted)}th a{color:inherit}
        a{color:var(--blue)}dl{display:grid;grid-template-columns:minmax(9rem,max-content) 1fr;gap:.35rem 1.25rem;margin:0}
        dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
        dl.fields{grid-template-columns:minmax(8rem,max-content) 1fr minmax(8rem,max-content) 1fr}
        @media (max-width:50rem){dl.fields{grid-template-columns:minmax(8rem,max-content) 1fr}}
        .toolbar{display:flex;gap:.5rem;align-items:center;margin-bottom:.75rem;flex-wrap:wrap}
        .toolbar h1{flex:1;margin:0}
        button,.button{font:inherit;padding:.35rem .9rem;border:1px solid var(--line);border-radius:.25rem;background:#fff;color:var(--blue);cursor:pointer;text-decoration:none;display:inline-block}
        button.primary,.button.primary{background:var(--blue);border-color:var(--blue);color:#fff}
        button.danger{background:#ba0517;border-color:#ba0517;color:#fff}
        input[type=text],input[type=password],input[type=search],input[type=date],input[type=datetime-local],select,textarea{font:inherit;padding:.35rem .5rem;border:1px solid #c9c9c9;border-radius:.25rem;width:100%}
        textarea{min-height:5rem}.search input{width:18rem}
        form.record{display:grid;grid-template-columns:minmax(9rem,max-content) 1fr;gap:.6rem 1.25rem;align-items:center}
        form.record .actions{grid-column:2}
        .error{color:#ba0517}.errors{background:#fef1ee;border:1px solid #ba0517;border-radius:.25rem;padding:.5rem 1rem;margin-bottom:1rem}
        .field-error input,.field-error select,.field-error textarea{border-color:#ba0517}
        .muted{color:var(--muted)}.pager{display:flex;gap:1rem;align-items:center;margin-top:.75rem}
        code,.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
        .status-2{color:#2e844a}.status-3{color:var(--muted)}.status-4,.status-5{color:#ba0517}
        .login{max-width:22rem;margin:4rem auto}.login input{margin-bottom:.75rem}
        """
}
