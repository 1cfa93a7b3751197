import Foundation
import Hummingbird
import LocalOrgEngine
import SOQL
import SalesforceCore

/// An object's records: a page of 25 with a search box on the name field, sorting by a column
/// and paging, all through SOQL as an app would query them; links to the object's list views,
/// and a view's records when `filterName` names one.
struct ObjectListPage {
    let api: ConsoleAPI
    let object: String
    let request: Request

    static let pageSize = 25
    /// SOQL's largest OFFSET: beyond it a search narrows the list.
    static let maxOffset = 2_000
    /// The page numbers a link may ask for: past the last one a page is empty.
    static let pages = 1...Int(Int32.max)

    func page() async throws -> Response {
        guard let description = api.describe(object) else { return ConsolePages.notFound(api) }
        let columns = Self.columns(of: description)
        let search = (Responses.query("q", of: request) ?? "").trimmingCharacters(in: .whitespaces)
        let sortField =
            Responses.query("sort", of: request).flatMap { name in columns.first { $0.name == name && $0.isSortable } }
            ?? description.nameField.flatMap { $0.isSortable ? $0 : nil }
        let descending = Responses.query("dir", of: request) == "desc"
        // Read once and bounded, so no page number reaches the offset's arithmetic unchecked.
        let number = try Responses.query("page", of: request).map { try RequestNumber.read($0, named: "page", in: Self.pages) } ?? 1
        let offset = min((number - 1) * Self.pageSize, Self.maxOffset)
        let views = try await api.call("GET", ["sobjects", description.name, "listviews"])["listviews"]?.arrayValue ?? []
        let filterName = Responses.query("filterName", of: request)
        if let filterName {
            guard let view = views.first(where: { $0["developerName"]?.stringValue == filterName }) else {
                return ConsolePages.notFound(api)
            }
            let chooser = ListViewPage.chooser(object: description.name, views: views, current: filterName)
            return try await ListViewPage(api: api, description: description, view: view, chooser: chooser, number: number).page()
        }

        let condition = search.isEmpty ? nil : description.nameField.map { ConsoleQueries.nameContains($0.name, search) }
        let soql = ConsoleQueries.page(
            of: description.name, fields: (["Id"] + columns.map(\.name)).uniqued(), where: condition, sort: sortField?.name,
            descending: descending, limit: Self.pageSize, offset: offset)
        let records = try await api.query(soql).records
        let total = try await api.query(ConsoleQueries.count(of: description.name, where: condition)).totalSize
        let names = await api.referenceNames(in: records, fields: columns)

        let headers: [HTML] = columns.map { column in
            let label = column.type == .reference && column.label.hasSuffix(" ID") ? String(column.label.dropLast(3)) : column.label
            guard column.isSortable else { return "\(label)" }
            let flips = column.name == sortField?.name && !descending
            let link = ConsolePaths.list(object, parameters(q: search, sort: column.name, descending: flips, page: 1))
            let arrow = column.name == sortField?.name ? (descending ? " ▼" : " ▲") : ""
            return "<a href=\"\(link)\">\(label + arrow)</a>"
        }
        let rows: [HTML] = records.map { record in
            let id = record["Id"]?.stringValue ?? ""
            let cells: [HTML] = columns.enumerated().map { index, column in
                if index == 0 { return HTML.link(Self.text(record[column.name]) ?? id, to: ConsolePaths.record(description.name, id)) }
                return FieldDisplay.html(record[column.name], field: column, names: names)
            }
            return "<tr>\(cells.map { "<td>\($0)</td>" as HTML })</tr>"
        }
        let pages = max(1, (total + Self.pageSize - 1) / Self.pageSize)
        var pager: [HTML] = ["<span>\(total == 1 ? "1 record" : "\(total) records") · page \(number) of \(pages)</span>"]
        if number > 1 {
            pager.append(
                HTML.link(
                    "Previous",
                    to: ConsolePaths.list(object, parameters(q: search, sort: sortField?.name, descending: descending, page: number - 1))))
        }
        if number < pages {
            if number * Self.pageSize > Self.maxOffset {
                pager.append("<span class=\"muted\">Search to see records past the first \(Self.maxOffset).</span>")
            } else {
                pager.append(
                    HTML.link(
                        "Next",
                        to: ConsolePaths.list(
                            object, parameters(q: search, sort: sortField?.name, descending: descending, page: number + 1))))
            }
        }
        let newButton: HTML =
            description.isCreateable ? "<a class=\"button primary\" href=\"\(ConsolePaths.new(description.name))\">New</a>" : .empty
        let searchBox: HTML =
            description.nameField.map { nameField in
                """
                <form class="search" method="get" action="\(ConsolePaths.list(object))" role="search">\
                <input type="search" name="q" value="\(search)" placeholder="Search by \(nameField.label)" aria-label="Search \(description.labelPlural)">\
                <button type="submit">Search</button></form>
                """
            } ?? .empty
        let body: HTML = """
            <div class="toolbar"><h1>\(description.labelPlural)</h1>\(searchBox)\(newButton)</div>\(ListViewPage.chooser(object: description.name, views: views, current: nil))
            <table><thead><tr>\(headers.map { "<th scope=\"col\">\($0)</th>" as HTML })</tr></thead><tbody>\(rows)</tbody></table>
            <div class="pager">\(pager)</div>
            """
        return ConsoleLayout.response(
            ConsoleLayout.page(description.labelPlural, user: api.user, orgName: api.org.settings.organizationName, body: body))
    }

    private func parameters(q: String, sort: String?, descending: Bool, page: Int) -> [(String, String)] {
        var parameters: [(String, String)] = []
        if !q.isEmpty { parameters.append(("q", q)) }
        if let sort { parameters.append(("sort", sort)) }
        if descending { parameters.append(("dir", "desc")) }
        if page > 1 { parameters.append(("page", String(page))) }
        return parameters
    }

    /// The list's columns: the name field first, then up to five fields a person scans a list by
    /// (no ids, audit stamps, long text or compound values), then when the record last changed.
    static func columns(of description: SObjectType) -> [SObjectField] {
        let skipped: Set<String> = [
            "Id", "IsDeleted", "CreatedById", "LastModifiedById", "SystemModstamp", "CreatedDate", "LastModifiedDate",
            "LastViewedDate", "LastReferencedDate", "LastActivityDate", "MasterRecordId", "OwnerId", "PhotoUrl", "Jigsaw",
        ]
        let shown: Set<FieldType> = [
            .string, .picklist, .email, .phone, .currency, .double, .int, .percent, .date, .boolean, .reference, .url,
        ]
        var columns = description.nameField.map { [$0] } ?? [description.field(named: "Id")].compactMap { $0 }
        for field in description.fields
        where columns.count < 6 && !skipped.contains(field.name) && shown.contains(field.type)
            && !columns.contains(where: { $0.name == field.name })
        {
            columns.append(field)
        }
        if let modified = description.field(named: "LastModifiedDate") { columns.append(modified) }
        return columns
    }

    private static func text(_ value: JSON?) -> String? {
        guard let value, !value.isNull else { return nil }
        return value.stringValue ?? value.serialized()
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
