import Foundation
import SOQL
public import SalesforceCore
import SalesforceREST

/// Syncs down the records of a SOQL query, incrementally: a re-run asks only for records
/// changed since the last one, and a run that stopped or failed resumes where it left off.
///
/// The query is kept as the user wrote it, with the id and modification fields added to the
/// SELECT when missing and `ORDER BY LastModifiedDate, Id` when it has no ORDER BY. Runs after
/// the first wrap the user's condition in parentheses and add a keyset predicate,
/// `(LastModifiedDate > t OR (LastModifiedDate = t AND Id > 'last'))`, so records sharing a
/// stamp are neither lost nor fetched twice (the SDK's `LastModifiedDate > t` loses them after
/// a failure, and its unparenthesized AND changes the meaning of an `a OR b` condition). They
/// run on `queryAll` with `IsDeleted`, so records deleted on the server since the last run come
/// down as deletes and no ghost of them stays.
public struct SoqlSyncDownTarget: SyncDownTarget {
    /// The query as stored: the user's, with the fields and ORDER BY the sync needs.
    public let query: String
    /// The field holding the server id.
    public let idFieldName: String
    /// The field holding the modification stamp.
    public let modificationDateFieldName: String
    /// The records a page holds at most (Salesforce allows 200 to 2,000); nil for the server's default.
    public var batchSize: Int?
    /// Whether the first run fetches through a Bulk API 2.0 query job (CSV, in large sets)
    /// instead of REST pages, for priming a large object; later runs use the REST cursor, which
    /// the first one hands over to without a gap. Ignored for a query with a LIMIT or OFFSET.
    public var primesWithBulkAPI = false
    private let clauses: SOQLClauses

    /// A target for `query`.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the query is not valid SOQL or
    ///   aggregates (a sync needs records).
    public init(query: String, idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate") throws(SyncError) {
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
        let parsed: SOQLClauses
        do {
            parsed = try SOQLClauses(parsing: query)
        } catch {
            throw .invalidConfiguration("the query is not valid SOQL: \(error.message)")
        }
        let aggregates = parsed.query.selection.contains { item in
            switch item {
            case .field, .subquery: false
            case .aggregate, .countAll: true
            }
        }
        guard parsed.grouping == nil, !aggregates else {
            throw .invalidConfiguration("the query aggregates or groups; a sync needs the records themselves")
        }
        var clauses = parsed
        let selected = Set(
            parsed.query.selection.compactMap { item -> String? in
                if case .field(let path) = item { path.components.joined(separator: ".").lowercased() } else { nil }
            })
        var added: [String] = []
        if !selected.contains(idFieldName.lowercased()) { added.append(idFieldName) }
        if !selected.contains(modificationDateFieldName.lowercased()) { added.append(modificationDateFieldName) }
        if !added.isEmpty { clauses.selectList = (added + [parsed.selectList]).joined(separator: ",") }
        if clauses.orderBy == nil { clauses.orderBy = "\(modificationDateFieldName), \(idFieldName)" }
        if Self.orders(clauses.orderBy, onlyBy: modificationDateFieldName) {
            clauses.orderBy = "\(modificationDateFieldName), \(idFieldName)"
        }
        self.clauses = clauses
        self.query = Self.text(of: clauses)
    }

    /// Reads a target from its JSON.
    public init(json: JSON) throws(SyncError) {
        guard let query = json["query"]?.stringValue else { throw .invalidConfiguration("a soql target needs a \"query\"") }
        try self.init(
            query: query, idFieldName: json["idFieldName"]?.stringValue ?? "Id",
            modificationDateFieldName: json["modificationDateFieldName"]?.stringValue ?? "LastModifiedDate")
        batchSize = json["batchSize"]?.integerValue.map { Int(clamping: $0) }
        primesWithBulkAPI = json["primeWithBulkAPI"]?.boolValue ?? false
    }

    /// `{"type": "soql", "query", "idFieldName", "modificationDateFieldName"}`.
    public var json: JSON {
        var members: [String: JSON] = [
            "type": "soql", "query": .string(query), "idFieldName": .string(idFieldName),
            "modificationDateFieldName": .string(modificationDateFieldName),
        ]
        if let batchSize { members["batchSize"] = .integer(Int64(batchSize)) }
        if primesWithBulkAPI { members["primeWithBulkAPI"] = true }
        return .object(members)
    }

    /// True when the query orders by the modification field and then the id, as it does unless
    /// the user gave another ORDER BY.
    public var isOrderedByCursor: Bool {
        guard let orderBy = clauses.orderBy else { return false }
        let items = orderBy.split(separator: ",").map { $0.split(separator: " ").map { $0.lowercased() } }
        return items.count == 2 && items[0] == [modificationDateFieldName.lowercased()] && items[1] == [idFieldName.lowercased()]
    }

    /// The SOQL a run sends: all records on the first run, then those after `cursor`, with
    /// `IsDeleted` so that deletes come down too.
    public func query(after cursor: SyncCursor?) -> String {
        var run = clauses
        guard let cursor, cursor.stamp >= 0 else { return Self.text(of: run) }
        let stamp = SOQLDateTime(millisecondsSinceEpoch: cursor.stamp).description
        let field = modificationDateFieldName
        let after: String
        if let id = cursor.id, isOrderedByCursor {
            after = "(\(field) > \(stamp) OR (\(field) = \(stamp) AND \(idFieldName) > '\(Self.escaped(id))'))"
        } else {
            after = "\(field) >= \(stamp)"
        }
        run.condition = run.condition.map { "(\($0)) AND \(after)" } ?? after
        if !run.query.selection.contains(where: { if case .field(let path) = $0 { path.components == ["IsDeleted"] } else { false } }) {
            run.selectList += ", IsDeleted"
        }
        return Self.text(of: run)
    }

    /// The object type queried.
    var objectType: String { clauses.from.split(separator: " ").first.map(String.init) ?? clauses.from }

    /// The query a Bulk API job runs to prime the soup: the target's, in no order (the job's
    /// results are not paged by the cursor).
    var bulkQuery: String {
        var bulk = clauses
        bulk.orderBy = nil
        return Self.text(of: bulk)
    }

    /// Fetches the pages of `query(after:)`, on `queryAll` for a re-run; a first run of a target
    /// that primes with the Bulk API fetches through a query job, then hands over to the cursor.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        if cursor == nil, primesWithBulkAPI, clauses.limit == nil, clauses.offset == nil {
            return BulkPrimingFetch(target: self, context: context)
        }
        let client = context.client
        let soql = query(after: cursor)
        let selectsIsDeleted = clauses.query.selection.contains {
            if case .field(let path) = $0 { path.components == ["IsDeleted"] } else { false }
        }
        let first = cursor == nil ? client.requests.query(soql, batchSize: batchSize) : client.requests.queryAll(soql, batchSize: batchSize)
        return QueryFetch(client: client, first: first, target: self, keepsIsDeleted: selectsIsDeleted)
    }

    /// Which of `localIds` the query still returns: the query with `Id IN (…)` added, so each
    /// call costs one small request and nothing grows with the soup. A query with a LIMIT is run
    /// whole instead (with its ORDER BY, so a "latest 500" target keeps its 500), since the
    /// limit decides membership.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        let client = context.client
        var idQuery = clauses
        idQuery.selectList = idFieldName
        if clauses.limit == nil {
            guard !localIds.isEmpty else { return [] }
            let list = localIds.map { "'\(Self.escaped($0))'" }.joined(separator: ", ")
            let inList = "\(idFieldName) IN (\(list))"
            idQuery.condition = clauses.condition.map { "(\($0)) AND \(inList)" } ?? inList
            idQuery.orderBy = nil
        }
        var ids = Set<String>()
        for try await page in client.pages(forQuery: Self.text(of: idQuery)) {
            for record in page.records { if let id = record[idFieldName]?.stringValue { ids.insert(id) } }
        }
        return ids
    }

    static func text(of clauses: SOQLClauses) -> String {
        var parts = ["SELECT \(clauses.selectList) FROM \(clauses.from)"]
        if let condition = clauses.condition { parts.append("WHERE \(condition)") }
        if let grouping = clauses.grouping { parts.append(grouping) }
        if let orderBy = clauses.orderBy { parts.append("ORDER BY \(orderBy)") }
        if let limit = clauses.limit { parts.append("LIMIT \(limit)") }
        if let offset = clauses.offset { parts.append("OFFSET \(offset)") }
        if let forClause = clauses.forClause { parts.append(forClause) }
        return parts.joined(separator: " ")
    }

    private static func orders(_ orderBy: String?, onlyBy field: String) -> Bool {
        guard let orderBy else { return false }
        let words = orderBy.split(separator: " ").map { $0.lowercased() }
        return words == [field.lowercased()] || words == [field.lowercased(), "asc"]
    }

    private static func escaped(_ text: String) -> String { text.soqlEscaped() }
}

extension SoqlSyncDownTarget: Equatable {
    /// Targets are equal when their JSON is.
    public static func == (lhs: SoqlSyncDownTarget, rhs: SoqlSyncDownTarget) -> Bool { lhs.json == rhs.json }
}

/// The pages of a query, following `nextRecordsUrl`; records the server reports deleted go
/// to the page's deletes, and the `IsDeleted` the sync added is taken off the others.
actor QueryFetch: SyncDownFetch {
    private let client: RestClient
    private var next: RestRequest?
    private let target: any SyncDownTarget
    private let keepsIsDeleted: Bool

    init(client: RestClient, first: RestRequest, target: any SyncDownTarget, keepsIsDeleted: Bool) {
        self.client = client
        next = first
        self.target = target
        self.keepsIsDeleted = keepsIsDeleted
    }

    func nextPage() async throws -> SyncDownPage? {
        guard let request = next else { return nil }
        next = nil
        let body = try await client.send(request).data
        // The records' texts are located while parsing, so that each can be stored as sent.
        guard let (json, ranges) = try? JSON.parsing(body, locatingElementsOf: "records"), let done = json["done"]?.boolValue,
            let received = json["records"]?.arrayValue
        else {
            throw RestError.decoding("The answer is not a query result.")
        }
        next = done ? nil : json["nextRecordsUrl"]?.stringValue.map { client.requests.queryMore($0) }
        return page(received, ranges: ranges, body: body, totalSize: Int(json["totalSize"]?.integerValue ?? Int64(received.count)))
    }

    /// The page of `received` records, whose texts lie at `ranges` of `body`: the deleted ones
    /// as deletes, the others with their texts unless the sync takes off their `IsDeleted`.
    private func page(_ received: [JSON], ranges: [Range<Int>], body: Data, totalSize: Int) -> SyncDownPage {
        var records: [JSON] = []
        var texts: [Data?] = []
        var deleted: [(id: String, cursor: SyncCursor?)] = []
        records.reserveCapacity(received.count)
        texts.reserveCapacity(received.count)
        for (position, record) in received.enumerated() {
            if record["IsDeleted"]?.boolValue == true {
                if let id = record[target.idFieldName]?.stringValue { deleted.append((id, target.cursor(of: record))) }
                continue
            }
            // Only a resync selects IsDeleted; other records go through untouched, not copied.
            guard !keepsIsDeleted, case .object(var members) = record, members["IsDeleted"] != nil else {
                records.append(record)
                texts.append(
                    position < ranges.count
                        ? body[(body.startIndex + ranges[position].lowerBound)..<(body.startIndex + ranges[position].upperBound)] : nil)
                continue
            }
            members["IsDeleted"] = nil
            records.append(.object(members))
            texts.append(nil)
        }
        var page = SyncDownPage(records: records, deleted: deleted, totalSize: totalSize)
        page.texts = texts
        return page
    }
}
