import LocalOrgEngine
import URLEncoding

/// Markup for the console's pages, escaped by construction: the literal parts of an `HTML` are
/// the page's own markup, and every `String` interpolated into one is escaped as text, so a record
/// value (user input) can never become markup. Only another `HTML` goes in as it is.
struct HTML: ExpressibleByStringInterpolation, Sendable {
    /// The markup.
    private(set) var markup: String

    init(stringLiteral literal: String) {
        markup = literal
    }

    init(stringInterpolation interpolation: StringInterpolation) {
        markup = interpolation.markup
    }

    /// Markup joined from parts.
    init(joining parts: some Sequence<HTML>, separator: HTML = "") {
        markup = parts.map(\.markup).joined(separator: separator.markup)
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        mutating func appendLiteral(_ literal: String) { markup += literal }
        /// Text: escaped, in element content and in quoted attribute values alike.
        mutating func appendInterpolation(_ text: String) { markup += MarkupEscaping.escaped(text) }
        mutating func appendInterpolation(_ text: String?) { markup += MarkupEscaping.escaped(text ?? "") }
        mutating func appendInterpolation(_ number: Int) { markup += String(number) }
        mutating func appendInterpolation(_ html: HTML) { markup += html.markup }
        mutating func appendInterpolation(_ parts: [HTML]) { markup += parts.map(\.markup).joined() }
    }

    static let empty: HTML = ""

    /// `<a href>` to a console path: the path's segments are percent-encoded where it is built
    /// (``ConsolePaths``), and the whole is escaped here.
    static func link(_ text: String, to path: String) -> HTML {
        "<a href=\"\(path)\">\(text)</a>"
    }

    /// A table with a header row; each row's cells are markup.
    static func table(headers: [String], rows: [[HTML]], caption: String? = nil) -> HTML {
        let head = HTML(joining: headers.map { "<th scope=\"col\">\($0)</th>" })
        let body = HTML(joining: rows.map { row in "<tr>\(HTML(joining: row.map { "<td>\($0)</td>" }))</tr>" })
        let title: HTML = caption.map { "<caption>\($0)</caption>" } ?? .empty
        return "<table>\(title)<thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table>"
    }
}

/// The console's URLs, one place for each page, with names and ids percent-encoded as path
/// segments and query values as form values.
enum ConsolePaths {
    static let home = "/lightning/page/home"
    static let query = "/lightning/query"
    static let requests = "/lightning/setup/requests"
    static let activity = "/lightning/setup/activity"
    static let login = "/login"
    static let logout = "/secur/logout.jsp"

    static func list(_ object: String, _ parameters: [(String, String)] = []) -> String {
        "/lightning/o/\(segment(object))/list" + queryString(parameters)
    }

    static func new(_ object: String, defaults: [(String, String)] = []) -> String {
        // Lightning's own spelling: `defaultFieldValues=AccountId=001…,Name=…`.
        let values = defaults.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
        return "/lightning/o/\(segment(object))/new" + queryString(values.isEmpty ? [] : [("defaultFieldValues", values)])
    }

    static func record(_ object: String, _ id: String, _ action: String = "view") -> String {
        "/lightning/r/\(segment(object))/\(segment(id))/\(action)"
    }

    /// A record by id alone, as Lightning's `/lightning/r/001…/view`: the console finds its object.
    static func record(id: String) -> String { "/lightning/r/\(segment(id))/view" }

    static func query(_ soql: String) -> String { query + queryString([("q", soql)]) }

    private static func segment(_ text: String) -> String { PercentEncoding.encode(text) }

    private static func queryString(_ parameters: [(String, String)]) -> String {
        parameters.isEmpty ? "" : "?" + FormEncoding.encode(parameters)
    }
}
