import Foundation
import GRDB
import SOQL
import SalesforceCore

/// `search` (SOSL), `parameterizedSearch`, `search/scopeOrder`, `search/layout` and
/// `search/suggestions` (in its own file).
extension DataAPI {
    /// Salesforce returns at most 2,000 search results.
    static let searchResultLimit = 2000

    func search(_ call: RestCall, db: Database) throws -> RestReply {
        switch call.segments.count > 1 ? call.segments[1] : "" {
        case "": break
        case "scopeOrder" where call.segments.count == 2: return try scopeOrder(version: call.version, db: db)
        case "layout" where call.segments.count == 2: return try searchLayouts(call)
        case "suggestions" where call.segments.count == 2: return try searchSuggestions(call, db: db)
        default: throw APIError.notFound
        }
        guard let text = call.parameter("q"), !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError(status: 400, errorCode: "MALFORMED_SEARCH", message: "A search needs the q parameter: search?q=FIND+{Acme}")
        }
        let sosl: SOSLQuery
        do {
            sosl = try SOSLQuery(parsing: text)
        } catch {
            throw APIError(status: 400, errorCode: "MALFORMED_SEARCH", message: error.message)
        }
        return try searchResponse(try run(sosl, source: text, db: db), version: call.version)
    }

    /// `parameterizedSearch?q=acme&sobject=Account&Account.fields=Id,Name&in=NAME&overallLimit=10`,
    /// or the same as a JSON body in a POST.
    func parameterizedSearch(_ call: RestCall, db: Database) throws -> RestReply {
        let request = try ParameterizedSearch(call)
        let sosl = try request.query(schema: store.schema)
        return try searchResponse(try run(sosl, source: request.term, db: db), version: call.version)
    }

    /// `{"searchRecords": [...]}`; before API v37 the bare array.
    private func searchResponse(_ records: [SObjectRecord], version: String) throws -> RestReply {
        let wrapped = (APIVersion(version)?.major ?? 62) >= 37
        return .written { writer in
            if wrapped {
                writer.beginObject()
                writer.key("searchRecords")
            }
            writer.beginArray()
            for record in records { record.write(to: &writer, version: version) }
            writer.endArray()
            if wrapped { writer.endObject() }
        }
    }

    /// The records a search finds, object by object in RETURNING order.
    func run(_ sosl: SOSLQuery, source: String, db: Database) throws -> [SObjectRecord] {
        try checkClauses(of: sosl)
        let items =
            sosl.returning.isEmpty
            ? store.schema.types.filter(\.searchable).map { ReturningObject(object: $0.name) }
            : sosl.returning
        let matcher = SearchMatcher(expression: sosl.expression, termLength: sosl.term.count)
        guard !matcher.findsNothing else { return [] }
        var found: [SObjectRecord] = []
        for item in items {
            guard let type = store.schema.type(named: item.object) else { throw APIError.invalidType(item.object) }
            var ids = try matchingIDs(of: type, scope: sosl.scope, matcher: matcher, db: db)
            guard !ids.isEmpty else { continue }
            var query = item.query ?? SOQLQuery(selection: [.field(FieldPath(["Id"]))], object: type.name)
            if let listView = item.listView {
                // The one list view every object has here: the user's recently viewed records.
                guard ["recent", "recentlyviewed"].contains(listView.lowercased()) else {
                    throw APIError(
                        status: 400, errorCode: "MALFORMED_SEARCH",
                        message: "List view \(listView) does not exist for \(type.name); the list view LocalOrg has is Recent.")
                }
                let recent = Set(try RecentItems.list(for: userID, type: type.name, limit: RecentItems.capacity, db: db).map(\.id))
                ids = ids.filter(recent.contains)
                guard !ids.isEmpty else { continue }
            }
            let idCondition = Condition.isIn(.field(FieldPath(["Id"])), ids.map(SOQLLiteral.string), negated: false)
            query.condition = query.condition.map { .and([$0, idCondition]) } ?? idCondition
            var records = try store.query(
                query, source: source, batchSize: Self.searchResultLimit, userID: userID, db: db
            ).records
            if query.ordering.isEmpty {
                // Without ORDER BY, matches come in name order, so results are stable.
                let rank = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
                records.sort { (rank[$0["Id"]?.stringValue ?? ""] ?? 0) < (rank[$1["Id"]?.stringValue ?? ""] ?? 0) }
            }
            found += records
        }
        // The parsers and ParameterizedSearch keep these in range; clamping again costs nothing
        // and keeps a SOSLQuery built some other way from indexing out of bounds.
        let offset = min(max(sosl.offset ?? 0, 0), found.count)
        let limit = min(max(sosl.limit ?? Self.searchResultLimit, 0), Self.searchResultLimit)
        return Array(found[offset...].prefix(limit))
    }

    /// The WITH and UPDATE clauses: those that need Knowledge or price books, which this org does
    /// not have, are refused as Salesforce refuses them there; the others change nothing here.
    private func checkClauses(of sosl: SOSLQuery) throws {
        func refuse(_ message: String) -> APIError { APIError(status: 400, errorCode: "MALFORMED_SEARCH", message: message) }
        for option in sosl.options {
            switch option {
            case .dataCategory:
                throw refuse("WITH DATA CATEGORY filters Salesforce Knowledge articles, which this org does not have.")
            case .pricebook:
                throw refuse("WITH PricebookId filters products, which this org does not have.")
            case .division, .network, .snippet, .highlight, .spellCorrection, .metadata, .securityEnforced, .userMode, .systemMode:
                // One division, no communities, no articles to snippet: these filter or decorate nothing.
                continue
            }
        }
        if let update = sosl.updates.first {
            throw refuse("UPDATE \(update.rawValue) applies to Salesforce Knowledge articles, which this org does not have.")
        }
    }

    /// Ids of live records whose fields in scope match, in name order, at most 2,000.
    private func matchingIDs(of type: SObjectType, scope: SearchScope, matcher: SearchMatcher, db: Database) throws -> [String] {
        let fields = type.searchFields(scope)
        guard !fields.isEmpty else { return [] }
        let order = type.nameField.map { "\(OrgDatabase.quoted($0.name)) COLLATE NOCASE, " } ?? ""
        let columns = fields.map { OrgDatabase.quoted($0.name) }.joined(separator: ", ")
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT "Id", \(columns) FROM \(OrgDatabase.quoted(type.name)) WHERE "IsDeleted" = 0 ORDER BY \(order)"Id"
                """)
        var ids: [String] = []
        while let row = try rows.next(), ids.count < Self.searchResultLimit {
            let words = (1...fields.count).map { column -> [Substring] in
                guard let text = String.fromDatabaseValue(row[column]) else { return [] }
                return SearchMatcher.words(of: text)
            }
            if matcher.matches(words), let id = String.fromDatabaseValue(row[0]) { ids.append(id) }
        }
        return ids
    }

    /// `search/scopeOrder`: searchable objects, those the user works with most first.
    private func scopeOrder(version: String, db: Database) throws -> RestReply {
        var uses: [String: Int] = [:]
        for entry in try RecentItems.list(for: userID, limit: RecentItems.capacity, db: db) { uses[entry.type, default: 0] += 1 }
        let types = store.schema.types.filter(\.searchable).enumerated()
            .sorted { (uses[$0.element.name] ?? 0, -$0.offset) > (uses[$1.element.name] ?? 0, -$1.offset) }
            .map(\.element)
        return .json(.array(types.map { ["type": .string($0.name), "url": .string($0.path(version: version))] }))
    }

    /// `search/layout?q=Account,Contact`: the columns search results show, per object.
    private func searchLayouts(_ call: RestCall) throws -> RestReply {
        guard let names = call.listParameter("q"), !names.isEmpty else {
            throw APIError(status: 400, errorCode: "MISSING_ARGUMENT", message: "Name the objects: search/layout?q=Account,Contact")
        }
        var layouts: [JSON] = []
        for name in names {
            guard let type = store.schema.type(named: name) else { throw APIError.invalidType(name) }
            layouts.append([
                "label": "Search Results", "limitRows": 25,
                "searchColumns": .array(
                    Layouts.summaryFields(of: type).map { field in
                        [
                            "field": .string("\(type.name).\(field.name)"), "format": .null, "label": .string(field.label),
                            "name": .string(field.name),
                        ]
                    }),
            ])
        }
        return .json(.array(layouts))
    }
}
