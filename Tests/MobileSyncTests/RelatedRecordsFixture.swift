import ForceKitTesting
import Foundation
import MobileSync
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore
import Testing

/// The sync fixture with `contacts` and `cases` soups next to `accounts`, and the trees the
/// related-records tests sync: Accounts with their Contacts, and with their Contacts' Cases.
extension SyncFixture {
    static let contacts = "contacts"
    static let cases = "cases"

    /// Registers the soups of the trees.
    func registerTreeSoups() async throws {
        for (soup, parentField) in [(Self.contacts, "AccountId"), (Self.cases, "ContactId")] {
            try await store.registerSoup(
                soup,
                indexSpecs: [
                    IndexSpec(path: "Id", type: .string), IndexSpec(path: parentField, type: .string),
                    IndexSpec(path: SyncField.local, type: .string),
                ])
        }
    }

    /// Accounts with their Contacts, the roots picked by `filter`.
    static func accountsWithContacts(filter: String? = nil, relationship: RelatedObject.Relationship = .lookup) throws
        -> ParentChildrenSyncDownTarget
    {
        try ParentChildrenSyncDownTarget(tree: accountTree(relationship: relationship), parentSoqlFilter: filter)
    }

    /// Account → Contact (→ Case when `cases`), with the fields both directions use.
    static func accountTree(relationship: RelatedObject.Relationship = .lookup, cases: Bool = false) -> RelatedObject {
        let caseObject = RelatedObject(
            child: "Case", soupName: Self.cases, parentIdFieldName: "ContactId", fieldlist: ["Subject"], createFieldlist: ["Subject"],
            updateFieldlist: ["Subject"], pluralName: "Cases")
        let contact = RelatedObject(
            child: "Contact", soupName: Self.contacts, parentIdFieldName: "AccountId", relationshipType: relationship,
            fieldlist: ["LastName"], createFieldlist: ["LastName"], updateFieldlist: ["LastName"], pluralName: "Contacts",
            children: cases ? [caseObject] : [])
        return RelatedObject(
            objectType: "Account", soupName: Self.soup, fieldlist: ["Name"], createFieldlist: ["Name"], updateFieldlist: ["Name"],
            children: [contact])
    }

    /// Creates a record on the server and returns its id.
    @discardableResult
    func createOnServer(_ type: String, _ fields: JSON) async throws -> String {
        try #require(try await server.send(server.requests.create(type, fields: fields)).json?["id"]?.stringValue)
    }

    /// Changes a record on the server (as another user).
    func updateOnServer(_ type: String, id: String, _ fields: JSON) async throws {
        _ = try await server.send(server.requests.update(type, id: id, fields: fields))
    }

    /// The server's record.
    func serverRecord(_ type: String, id: String) async throws -> JSON? {
        try await server.send(server.requests.retrieve(type, id: id)).json
    }

    /// A soup's records by `key`.
    func records(in soup: String, by key: String) async throws -> [String: JSON] {
        let all = try await store.query(using: .buildAllQuerySpec(soupName: soup, orderPath: "Id", pageSize: 100_000))
        var byKey: [String: JSON] = [:]
        for record in all { if let value = record[key]?.stringValue { byKey[value] = record } }
        return byKey
    }

    /// The bodies of the composite requests the manager sent.
    var compositeRequests: [JSON] {
        transport.requests.filter { $0.method == "POST" && $0.url.path.hasSuffix("/composite") }.compactMap {
            $0.body.flatMap { try? JSON(parsing: $0) }
        }
    }
}
