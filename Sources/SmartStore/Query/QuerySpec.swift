public import SalesforceCore

/// A query over one soup (all, exact, range, like, match) or a Smart SQL query, with the order
/// and page size of its results.
///
/// What a query selects is its ``Kind``, an enum whose cases carry exactly what each kind needs,
/// so an exact query without a key or a range without a path does not compile. Build specs with
/// the factories, named as in the Mobile SDK, or read the JSON form the hybrid API sends with
/// ``init(json:soupName:)``.
///
/// ```swift
/// let spec = QuerySpec.buildRangeQuerySpec(soupName: "Account", path: "Name",
///                                          beginKey: "A", endKey: "M", pageSize: 25)
/// let firstPage = try await store.query(using: spec, startingFromPageIndex: 0)
/// ```
public struct QuerySpec: Sendable, Hashable {
    /// What a query selects.
    public enum Kind: Sendable, Hashable {
        /// Every entry of the soup.
        case all(soupName: String)
        /// Entries whose value at the indexed `path` equals `matchKey`. A `null` key matches no
        /// entry, as in SQL; Smart SQL's `is null` finds entries without a value.
        case exact(soupName: String, path: String, matchKey: JSON)
        /// Entries whose value at the indexed `path` lies between the keys, both included; a
        /// `nil` (or `null`) key leaves that end open, and with both ends open every entry is in
        /// range. With a key, entries without a value at the path are not.
        case range(soupName: String, path: String, beginKey: JSON?, endKey: JSON?)
        /// Entries whose value at the indexed `path` matches a SQL LIKE pattern (`%` any run,
        /// `_` one character; ASCII letters match either case).
        case like(soupName: String, path: String, likeKey: String)
        /// Entries whose full-text index at `path` (every full-text index when `nil`) matches an
        /// FTS5 query.
        case match(soupName: String, path: String?, matchKey: String)
        /// A Smart SQL SELECT, which names its soups itself and orders and selects in its SQL.
        case smart(sql: String)

        /// The soup queried; `nil` for Smart SQL.
        public var soupName: String? {
            switch self {
            case .all(let soup), .exact(let soup, _, _), .range(let soup, _, _, _), .like(let soup, _, _), .match(let soup, _, _): soup
            case .smart: nil
            }
        }

        /// The indexed path the query tests, when it tests one.
        public var path: String? {
            switch self {
            case .exact(_, let path, _), .range(_, let path, _, _), .like(_, let path, _): path
            case .match(_, let path, _): path
            case .all, .smart: nil
            }
        }

        /// The kind's name as the hybrid API writes it: `all`, `exact`, `range`, `like`, `match`
        /// or `smart`.
        public var name: String {
            switch self {
            case .all: "all"
            case .exact: "exact"
            case .range: "range"
            case .like: "like"
            case .match: "match"
            case .smart: "smart"
            }
        }
    }

    /// The direction of the order.
    public enum SortOrder: String, Sendable, Hashable, CaseIterable {
        /// Smallest first.
        case ascending
        /// Largest first.
        case descending
    }

    /// What the query selects.
    public var kind: Kind
    /// The indexed path results are ordered by; `nil` leaves the order to SQLite. Smart SQL
    /// orders in its SQL and ignores it.
    public var orderPath: String?
    /// The direction of the order.
    public var order: SortOrder
    /// Entries per page; a query with a page size below 1 is refused.
    public var pageSize: Int
    /// When set, each result is an array of the values at these paths instead of the entry.
    /// Smart SQL selects in its SQL and ignores it.
    public var selectPaths: [String]?

    /// A spec from its parts; the factories below are the usual way to make one.
    public init(
        _ kind: Kind, selectPaths: [String]? = nil, orderPath: String? = nil, order: SortOrder = .ascending,
        pageSize: Int = QuerySpec.defaultPageSize
    ) {
        self.kind = kind
        self.selectPaths = selectPaths
        self.orderPath = orderPath
        self.order = order
        self.pageSize = pageSize
    }

    /// The page size when none is given, as in the SDK.
    public static let defaultPageSize = 10
}

// MARK: - Factories

extension QuerySpec {
    /// Every entry of a soup, ordered by `orderPath` when given.
    public static func buildAllQuerySpec(
        soupName: String, selectPaths: [String]? = nil, orderPath: String? = nil,
        order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(.all(soupName: soupName), selectPaths: selectPaths, orderPath: orderPath, order: order, pageSize: pageSize)
    }

    /// Entries whose value at `path` equals `matchKey`, ordered by `orderPath` (default: `path`).
    public static func buildExactQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String, matchKey: JSON,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            .exact(soupName: soupName, path: path, matchKey: matchKey), selectPaths: selectPaths, orderPath: orderPath ?? path,
            order: order, pageSize: pageSize)
    }

    /// Entries whose value at `path` is between the keys, both included; a `nil` key leaves
    /// that end open. Ordered by `orderPath` (default: `path`).
    public static func buildRangeQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String, beginKey: JSON?, endKey: JSON?,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            .range(soupName: soupName, path: path, beginKey: beginKey, endKey: endKey), selectPaths: selectPaths,
            orderPath: orderPath ?? path, order: order, pageSize: pageSize)
    }

    /// Entries whose value at `path` matches the LIKE pattern (`foo%` starts with, `%foo` ends
    /// with, `%foo%` contains; ASCII letters match either case). Ordered by `orderPath` (default: `path`).
    public static func buildLikeQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String, likeKey: String,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            .like(soupName: soupName, path: path, likeKey: likeKey), selectPaths: selectPaths, orderPath: orderPath ?? path,
            order: order, pageSize: pageSize)
    }

    /// Entries matching a full-text query on the full_text index at `path`, or on every
    /// full_text index when `path` is `nil`. Ordered by `orderPath` (default: `path`).
    ///
    /// The match key uses SQLite's FTS5 syntax: terms (all required), `"a phrase"`, `prefix*`,
    /// `OR`, `NOT`, parentheses, and `{soup:path}:term` for one index when `path` is `nil`.
    public static func buildMatchQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String?, matchKey: String,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            .match(soupName: soupName, path: path, matchKey: matchKey), selectPaths: selectPaths, orderPath: orderPath ?? path,
            order: order, pageSize: pageSize)
    }

    /// A Smart SQL query: one SELECT with `{soup}` and `{soup:path}` references.
    public static func buildSmartQuerySpec(smartSQL: String, pageSize: Int = defaultPageSize) -> QuerySpec {
        QuerySpec(.smart(sql: smartSQL), pageSize: pageSize)
    }
}
