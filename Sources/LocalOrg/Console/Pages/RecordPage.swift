import Foundation
import Hummingbird
import LocalOrgEngine
import SOQL
import SalesforceCore

/// A record: its fields with their labels, references as links to the related records, and the
/// related lists of its child records; edit, delete, and new child records from here.
struct RecordPage {
    let api: ConsoleAPI
    let object: String
    let id: String

    /// The most child records a related list shows.
    static let relatedLimit = 10

    func page() async throws -> Response {
        guard let description = api.describe(object) else { return ConsolePages.notFound(api) }
        let record = try await api.call("GET", ["sobjects", description.name, id])
        let recordID = record["Id"]?.stringValue ?? id
        let names = await api.referenceNames(in: [record], fields: description.fields)

        let title = description.nameField.flatMap { record[$0.name]?.stringValue } ?? recordID
        let rows: [HTML] = description.fields.compactMap { field in
            guard field.type != .base64 else { return nil }
            return "<dt>\(field.label)</dt><dd>\(FieldDisplay.html(record[field.name], field: field, names: names))</dd>"
        }
        var buttons: [HTML] = []
        if description.isUpdateable {
            buttons.append("<a class=\"button\" href=\"\(ConsolePaths.record(description.name, recordID, "edit"))\">Edit</a>")
        }
        if description.isDeletable {
            buttons.append("<a class=\"button\" href=\"\(ConsolePaths.record(description.name, recordID, "delete"))\">Delete</a>")
        }

        let (related, additions) = try await relatedLists(of: description, recordID: recordID)
        let add: HTML = additions.isEmpty ? .empty : "<div class=\"toolbar\"><span class=\"muted\">Add:</span>\(additions)</div>"
        let body: HTML = """
            <div class="toolbar"><h1><span class="muted">\(description.label)</span> \(title)</h1>\(buttons)</div>
            <div class="card"><dl class="fields">\(rows)</dl></div>
            <h2>Related</h2>\(add)\(related.isEmpty ? "<p class=\"muted\">No related records.</p>" : HTML(joining: related))
            """
        return ConsoleLayout.response(ConsoleLayout.page(title, user: api.user, orgName: api.org.settings.organizationName, body: body))
    }

    /// The related lists that have records, and a "New" link for each child a user can create.
    private func relatedLists(of description: SObjectType, recordID: String) async throws
        -> (lists: [HTML], additions: [HTML])
    {
        var lists: [HTML] = []
        var additions: [HTML] = []
        var offered: Set<String> = []
        for child in api.childRelationships(of: description.name) {
            guard let childDescription = api.describe(child.childObject) else { continue }
            if childDescription.isCreateable, childDescription.field(named: child.field)?.createable == true,
                offered.insert(child.childObject).inserted
            {
                additions.append(
                    "<a class=\"button\" href=\"\(ConsolePaths.new(child.childObject, defaults: [(child.field, recordID)]))\">New \(childDescription.label)</a>"
                )
            }
            let nameField = childDescription.nameField?.name ?? "Id"
            let soql = ConsoleQueries.related(
                child.childObject, fields: ["Id", nameField == "Id" ? "CreatedDate" : nameField, "LastModifiedDate"],
                parentField: child.field, parentID: recordID, limit: Self.relatedLimit)
            guard let found = try? await api.query(soql), found.totalSize > 0 else { continue }
            let rows: [[HTML]] = found.records.map { record in
                let childID = record["Id"]?.stringValue ?? ""
                let name = record[nameField]?.stringValue ?? childID
                return [
                    HTML.link(name, to: ConsolePaths.record(child.childObject, childID)),
                    "\(FieldDisplay.readableDateTime(record["LastModifiedDate"]?.stringValue ?? ""))",
                ]
            }
            let more = found.totalSize > found.records.count ? " (\(found.records.count) of \(found.totalSize))" : " (\(found.totalSize))"
            lists.append(
                "<section aria-label=\"\(child.relationshipName)\">\(HTML.table(headers: [childDescription.nameField?.label ?? "Record", "Last Modified"], rows: rows, caption: Self.caption(childDescription.labelPlural, child.relationshipName) + more))</section>"
            )
        }
        return (lists, additions)
    }

    /// A related list's title: the child object's plural, and the relationship's name when it says
    /// more (`Accounts · ChildAccounts`).
    static func caption(_ plural: String, _ relationship: String) -> String {
        relationship == plural.replacingOccurrences(of: " ", with: "") ? plural : "\(plural) · \(relationship)"
    }

    /// "Delete this record?", with the button that posts the deletion.
    func deletePage() async throws -> Response {
        guard let description = api.describe(object) else { return ConsolePages.notFound(api) }
        let record = try await api.call("GET", ["sobjects", description.name, id])
        let title = description.nameField.flatMap { record[$0.name]?.stringValue } ?? id
        let body: HTML = """
            <div class="card"><h1>Delete \(description.label)?</h1><p>Delete <strong>\(title)</strong>? It goes to the Recycle Bin, \
            as a deletion through the API does.</p>
            <form method="post" action="\(ConsolePaths.record(description.name, id, "delete"))">\(ConsoleLayout.formToken(api.user))\
            <button class="danger" type="submit">Delete</button> <a class="button" href="\(ConsolePaths.record(description.name, id))">Cancel</a></form></div>
            """
        return ConsoleLayout.response(
            ConsoleLayout.page("Delete \(title)", user: api.user, orgName: api.org.settings.organizationName, body: body))
    }

    /// Deletes the record and goes to its object's list.
    func delete() async throws -> Response {
        guard let description = api.describe(object) else { return ConsolePages.notFound(api) }
        _ = try await api.call("DELETE", ["sobjects", description.name, id])
        return ConsoleRoutes.seeOther(ConsolePaths.list(description.name))
    }
}
