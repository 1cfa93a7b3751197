import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// One list view of an object, `…/list?filterName=AllAccounts` as Lightning names it: the view's
/// visible columns and a page of its results, read through the list view resources an app uses.
struct ListViewPage {
    let api: ConsoleAPI
    let description: SObjectType
    /// The view's entry in `sobjects/T/listviews`.
    let view: JSON
    /// The chooser of the object's views, shown above the table.
    let chooser: HTML
    /// The page asked for, from 1.
    let number: Int

    func page() async throws -> Response {
        let id = view["id"]?.stringValue ?? ""
        let offset = min((number - 1) * ObjectListPage.pageSize, ObjectListPage.maxOffset)
        let results = try await api.call(
            "GET", ["sobjects", description.name, "listviews", id, "results"],
            parameters: [("limit", String(ObjectListPage.pageSize)), ("offset", String(offset))])
        let columns = (results["columns"]?.arrayValue ?? []).filter { $0["hidden"]?.boolValue != true }
        let headers: [HTML] = columns.map { "<th scope=\"col\">\($0["label"]?.stringValue ?? "")</th>" }
        let rows: [HTML] = (results["records"]?.arrayValue ?? []).map { record in
            let cells = record["columns"]?.arrayValue ?? []
            let recordID = cells.first { $0["fieldNameOrPath"] == "Id" }?["value"]?.stringValue ?? ""
            let shown: [HTML] = columns.enumerated().map { index, column in
                let value = cells.first { $0["fieldNameOrPath"] == column["fieldNameOrPath"] }?["value"]?.stringValue ?? ""
                let cell: HTML =
                    index == 0
                    ? HTML.link(value.isEmpty ? recordID : value, to: ConsolePaths.record(description.name, recordID)) : "\(value)"
                return "<td>\(cell)</td>"
            }
            return "<tr>\(shown)</tr>"
        }
        let label = view["label"]?.stringValue ?? ""
        var pager: [HTML] = ["<span>page \(number)</span>"]
        let filter = view["developerName"]?.stringValue ?? ""
        if number > 1 {
            pager.append(
                HTML.link("Previous", to: ConsolePaths.list(description.name, [("filterName", filter), ("page", String(number - 1))])))
        }
        if results["done"]?.boolValue == false, number * ObjectListPage.pageSize <= ObjectListPage.maxOffset {
            pager.append(
                HTML.link("Next", to: ConsolePaths.list(description.name, [("filterName", filter), ("page", String(number + 1))])))
        }
        let body: HTML = """
            <div class="toolbar"><h1>\(description.labelPlural): \(label)</h1></div>\(chooser)
            <table><thead><tr>\(headers)</tr></thead><tbody>\(rows)</tbody></table>
            <div class="pager">\(pager)</div>
            """
        return ConsoleLayout.response(
            ConsoleLayout.page(
                "\(label) · \(description.labelPlural)", user: api.user, orgName: api.org.settings.organizationName, body: body))
    }

    /// Links to each of the object's views, the one shown marked, after the plain record list.
    static func chooser(object: String, views: [JSON], current: String?) -> HTML {
        guard !views.isEmpty else { return .empty }
        var links: [HTML] = [current == nil ? "<strong>All records</strong>" : HTML.link("All records", to: ConsolePaths.list(object))]
        for view in views {
            let name = view["developerName"]?.stringValue ?? ""
            let label = view["label"]?.stringValue ?? name
            links.append(
                name == current ? "<strong>\(label)</strong>" : HTML.link(label, to: ConsolePaths.list(object, [("filterName", name)])))
        }
        return "<nav class=\"views\" aria-label=\"List views\">\(HTML(joining: links, separator: " · "))</nav>"
    }
}
