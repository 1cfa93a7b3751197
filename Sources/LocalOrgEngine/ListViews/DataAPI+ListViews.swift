import GRDB
import SOQL
import SalesforceCore

/// `sobjects/T/listviews`, `listviews/recent`, `listviews/{id}`, `listviews/{id}/describe` and
/// `listviews/{id}/results`.
extension DataAPI {
    /// Salesforce's bounds for a results page's `limit`: 25 rows unless asked.
    static let listViewPageSizes = 1...2000

    func listViews(of type: SObjectType, _ call: RestCall) throws(APIError) -> ResolvedCall {
        guard call.method == "GET" else { throw APIError.methodNotAllowed(call.method, allowed: ["GET"]) }
        let path = Array(call.segments.dropFirst(3))
        switch (path.first, path.count) {
        case (nil, _):
            return .read { db in listing(try views(of: type, db: db), of: type, version: call.version) }
        case ("recent"?, 1):
            return .read { db in
                let recent = try RecentItems.list(for: userID, type: "ListView", limit: RecentItems.capacity, db: db).map(\.id)
                let views = try views(of: type, db: db)
                return listing(recent.compactMap { id in views.first { $0.id == id } }, of: type, version: call.version)
            }
        case (let id?, 1):
            return .read { db in .json(try view(id, of: type, db: db).summary(version: call.version)) }
        case (let id?, 2) where path[1] == "describe":
            return .read { db in .json(try view(id, of: type, db: db).describe) }
        case (let id?, 2) where path[1] == "results":
            let limit = try call.integerParameter("limit", in: Self.listViewPageSizes) ?? 25
            let offset = try call.integerParameter("offset", in: 0...Int(Int32.max)) ?? 0
            // Reading a view's results is using it: it joins the user's recent list views.
            return .write { db in try results(of: try view(id, of: type, db: db), limit: limit, offset: offset, db: db) }
        default:
            throw APIError.notFound
        }
    }

    private func listing(_ views: [ListViewQuery], of type: SObjectType, version: String) -> RestReply {
        .json([
            "done": true, "listviews": .array(views.map { $0.summary(version: version) }), "nextRecordsUrl": .null,
            "size": .integer(Int64(views.count)), "sobjectType": .string(type.name),
        ])
    }

    /// The type's views in the order they were made, as Salesforce lists them.
    private func views(of type: SObjectType, db: Database) throws -> [ListViewQuery] {
        let rows = try Row.fetchAll(
            db, sql: #"SELECT "Id", "DeveloperName" FROM "ListView" WHERE "SobjectType" = ? AND "IsDeleted" = 0 ORDER BY rowid"#,
            arguments: [type.name])
        return rows.compactMap { row in
            guard let id: String = row[0], let name: String = row[1], let definition = StandardListViews.definition(of: name, for: type)
            else { return nil }
            return ListViewQuery(type: type, id: id, definition: definition, schema: store.schema)
        }
    }

    private func view(_ rawID: String, of type: SObjectType, db: Database) throws -> ListViewQuery {
        guard let id = RecordID.normalized(rawID), let view = try views(of: type, db: db).first(where: { $0.id == id }) else {
            throw APIError.notFound
        }
        return view
    }

    private func results(of view: ListViewQuery, limit: Int, offset: Int, db: Database) throws -> RestReply {
        let soql = view.soql + " LIMIT \(limit) OFFSET \(offset)"
        let page = try store.query(try OrgStore.parse(soql), source: soql, userID: userID, db: db)
        let total = try store.query(try OrgStore.parse(view.countSOQL), source: view.countSOQL, userID: userID, db: db).totalSize
        try db.execute(
            sql: #"UPDATE "ListView" SET "LastViewedDate" = ?1, "LastReferencedDate" = ?1 WHERE "Id" = ?2"#,
            arguments: [store.now.description, view.id])
        try RecentItems.mark(view.id, type: "ListView", by: userID, db: db)
        return .json([
            "columns": view.columnsJSON, "developerName": .string(view.definition.developerName),
            "done": .bool(offset + page.records.count >= total), "id": .string(view.shortID), "label": .string(view.definition.label),
            "records": .array(page.records.map { ["columns": view.cells(of: $0)] }), "size": .integer(Int64(page.records.count)),
        ])
    }
}
