import Foundation
import SOQL
public import SalesforceCore
import SalesforceREST

/// Syncs down the records of a SOQL query, incrementally: a re-run asks only for records
/// changed since the last one, and a run that stopped or failed resumes where it left off.
///
/// The query may use any form of the SOQL reference a record query can (`WITH SECURITY_ENFORCED`,
/// `USING SCOPE`, `FIELDS()`, `TYPEOF`, `toLabel()`, `FORMAT()`, date functions in WHERE,
/// `FOR VIEW`, …). It is read into a syntax tree and changed only where the sync needs it: the
/// id and modification fields added to the SELECT when missing, and `ORDER BY LastModifiedDate,
/// Id` when it has no ORDER BY. Runs after the first add a keyset condition beside the user's,
/// `(LastModifiedDate > t OR (LastModifiedDate = t AND Id > 'last'))`, so records sharing a
/// stamp are neither lost nor fetched twice (the SDK's `LastModifiedDate > t` loses them after a
/// failure, and its text splicing changes the meaning of an `a OR b` condition). They run on
/// `queryAll` with `IsDeleted`, so records deleted on the server since the last run come down as
/// deletes and no ghost of them stays.
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
    private let statement: SOQLQuery

    /// A target for `query`.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the query is not valid SOQL, or is
    ///   not a query of records (it aggregates, groups or only counts): the message names the clause.
    public init(query: String, idFieldName: String = "Id", modificationDateFieldName: String = "LastModifiedDate") throws(SyncError) {
        self.idFieldName = idFieldName
        self.modificationDateFieldName = modificationDateFieldName
        var statement: SOQLQuery
        do {
            statement = try SOQLQuery(parsing: query)
        } catch {
            throw .invalidConfiguration("the query is not valid SOQL: \(error.message)")
        }
        try Self.checkSyncable(statement)
        let added = [idFieldName, modificationDateFieldName].filter { !Self.selects($0, in: statement.selection) }
        if !added.isEmpty {
            var seen = Set<String>()
            let fields = added.filter { seen.insert($0.lowercased()).inserted }.map { SelectItem.field(Self.path($0)) }
            statement.selection = fields + statement.selection
        }
        if statement.ordering.isEmpty || Self.orders(statement.ordering, by: [modificationDateFieldName]) {
            statement.ordering = [modificationDateFieldName, idFieldName].map { OrderItem(expression: .field(Self.path($0))) }
        }
        self.statement = statement
        self.query = statement.description
    }

    /// Refuses what a sync cannot store, naming the clause and why.
    private static func checkSyncable(_ statement: SOQLQuery) throws(SyncError) {
        if statement.isCountOnly {
            throw .invalidConfiguration("the query selects COUNT(), which returns only a number; a sync stores the records themselves")
        }
        for item in statement.selection {
            if case .expression(let expression, _) = item, expression.containsAggregate {
                throw .invalidConfiguration(
                    "the query's SELECT aggregates (\(expression)), so it returns AggregateResult rows; a sync stores records")
            }
        }
        if let grouping = statement.grouping {
            let items = grouping.items.map(\.description).joined(separator: ", ")
            let clause = grouping.kind == .plain ? "GROUP BY \(items)" : "GROUP BY \(grouping.kind.rawValue)(\(items))"
            throw .invalidConfiguration("the query has \(clause), which returns groups; a sync stores records")
        }
    }

    /// `Account.Name` as a path.
    private static func path(_ field: String) -> FieldPath { FieldPath(field.split(atScalars: ["."])) }

    /// Whether the SELECT already reads `field`: named, or in a FIELDS() group that has it.
    private static func selects(_ field: String, in selection: [SelectItem]) -> Bool {
        let wanted = path(field).components.map { $0.lowercased() }
        let custom = field.hasSuffix("__c")
        return selection.contains { item in
            switch item {
            case .expression(.field(let selected), nil): return selected.components.map { $0.lowercased() } == wanted
            case .fields(let group): return wanted.count == 1 && (group == .all || (group == .custom) == custom)
            default: return false
            }
        }
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
    public var isOrderedByCursor: Bool { Self.orders(statement.ordering, by: [modificationDateFieldName, idFieldName]) }

    /// Whether `ordering` is ascending by exactly `fields`, names compared without case.
    private static func orders(_ ordering: [OrderItem], by fields: [String]) -> Bool {
        ordering.count == fields.count
            && zip(ordering, fields).allSatisfy { item, field in
                !item.descending && item.nullsFirst != false
                    && item.expression.fieldPath?.components.map { $0.lowercased() } == path(field).components.map { $0.lowercased() }
            }
    }

    /// The SOQL a run sends: all records on the first run, then those after `cursor`, with
    /// `IsDeleted` so that deletes come down too.
    public func query(after cursor: SyncCursor?) -> String {
        guard let cursor, cursor.stamp >= 0 else { return query }
        var run = statement
        let field = ValueExpression.field(Self.path(modificationDateFieldName))
        let stamp = SOQLLiteral.dateTime(SOQLDateTime(millisecondsSinceEpoch: cursor.stamp))
        let after: Condition
        if let id = cursor.id, isOrderedByCursor {
            after = .or([
                .comparison(field, .greater, stamp),
                .and([.comparison(field, .equal, stamp), .comparison(.field(Self.path(idFieldName)), .greater, .string(id))]),
            ])
        } else {
            after = .comparison(field, .greaterOrEqual, stamp)
        }
        run.condition = run.condition.map { .and([$0, after]) } ?? after
        if !selectsIsDeleted { run.selection.append(.field(FieldPath(["IsDeleted"]))) }
        return run.description
    }

    /// Whether the user's SELECT reads IsDeleted (so records keep it).
    private var selectsIsDeleted: Bool { Self.selects("IsDeleted", in: statement.selection) }

    /// The object type queried.
    var objectType: String { statement.object }

    /// The query a Bulk API job runs to prime the soup: the target's, in no order (the job's
    /// results are not paged by the cursor).
    var bulkQuery: String {
        var bulk = statement
        bulk.ordering = []
        return bulk.description
    }

    /// Fetches the pages of `query(after:)`, on `queryAll` for a re-run; a first run of a target
    /// that primes with the Bulk API fetches through a query job, then hands over to the cursor.
    public func fetch(after cursor: SyncCursor?, context: SyncContext) async throws -> any SyncDownFetch {
        if cursor == nil, primesWithBulkAPI, statement.limit == nil, statement.offset == nil {
            return BulkPrimingFetch(target: self, context: context)
        }
        let client = context.client
        let soql = query(after: cursor)
        let first = cursor == nil ? client.requests.query(soql, batchSize: batchSize) : client.requests.queryAll(soql, batchSize: batchSize)
        var fetch = QueryFetch(client: client, first: first, target: self, keepsIsDeleted: selectsIsDeleted)
        if let cursor, cursor.stamp >= 0, cursor.id == nil || !isOrderedByCursor {
            // The run asks from the cursor's instant inclusive (`>=`): the records it already
            // holds at that instant are left out of the pages and the count.
            fetch = QueryFetch(
                client: client, first: first, target: self, keepsIsDeleted: selectsIsDeleted,
                knownAt: KnownAtCursor(stamp: cursor.stamp, store: context.store, soupName: context.soupName))
        }
        return fetch
    }

    /// Which of `localIds` the query still returns: the query with `Id IN (…)` added, so each
    /// call costs one small request and nothing grows with the soup. A query with a LIMIT is run
    /// whole instead (with its ORDER BY, so a "latest 500" target keeps its 500), since the
    /// limit decides membership. Either way it selects only the id, and marks no record as
    /// viewed or referenced: nobody sees what it returns.
    public func remoteIds(among localIds: [String], context: SyncContext) async throws -> Set<String> {
        let client = context.client
        var idQuery = statement
        idQuery.selection = [.field(Self.path(idFieldName))]
        idQuery.marks = []
        idQuery.updates = []
        if statement.limit == nil {
            guard !localIds.isEmpty else { return [] }
            let inList = Condition.isIn(.field(Self.path(idFieldName)), localIds.map(SOQLLiteral.string), negated: false)
            idQuery.condition = statement.condition.map { .and([$0, inList]) } ?? inList
            idQuery.ordering = []
        }
        var ids = Set<String>()
        for try await page in client.pages(forQuery: idQuery.description) {
            for record in page.records { if let id = record[idFieldName]?.stringValue { ids.insert(id) } }
        }
        return ids
    }
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
    private let knownAt: KnownAtCursor?

    init(client: RestClient, first: RestRequest, target: any SyncDownTarget, keepsIsDeleted: Bool, knownAt: KnownAtCursor? = nil) {
        self.client = client
        next = first
        self.target = target
        self.keepsIsDeleted = keepsIsDeleted
        self.knownAt = knownAt
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
        var page = page(received, ranges: ranges, body: body, totalSize: Int(json["totalSize"]?.integerValue ?? Int64(received.count)))
        if let knownAt {
            let kept = try await knownAt.positionsToKeep(of: page.records, target: target)
            page.alreadyStored = page.records.count - kept.count
            if page.alreadyStored > 0 { page.keepRecords(at: kept) }
        }
        return page
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
