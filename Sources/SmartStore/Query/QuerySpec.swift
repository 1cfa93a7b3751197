public import SalesforceCore

/// A query over one soup (all, exact, range, like, match) or a Smart SQL query, with the order
/// and page size of its results.
///
/// Build specs with the factories, named as in the Mobile SDK, or read the JSON form the hybrid
/// API sends with ``init(json:soupName:)``.
///
/// ```swift
/// let spec = QuerySpec.buildRangeQuerySpec(soupName: "Account", path: "Name",
///                                          beginKey: "A", endKey: "M", pageSize: 25)
/// let firstPage = try await store.query(using: spec, startingFromPageIndex: 0)
/// ```
public struct QuerySpec: Sendable, Hashable {
    /// What the query selects.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Every entry of the soup.
        case all
        /// Entries whose value at the path equals the match key.
        case exact
        /// Entries whose value at the path lies between the keys, both included.
        case range
        /// Entries whose value at the path matches a SQL LIKE pattern (`%` any run, `_` one character).
        case like
        /// Entries whose full-text indexes match an FTS5 query.
        case match
        /// A Smart SQL SELECT.
        case smart
    }

    /// The direction of the order.
    public enum SortOrder: String, Sendable, Hashable, CaseIterable {
        /// Smallest first.
        case ascending
        /// Largest first.
        case descending
    }

    /// The kind of query.
    public var kind: Kind
    /// The soup queried; `nil` for Smart SQL, which names its soups itself.
    public var soupName: String?
    /// The indexed path the query tests. For `match`, `nil` means every full-text index.
    public var path: String?
    /// The value an exact query compares with, or the FTS query of a match query.
    public var matchKey: JSON?
    /// The LIKE pattern of a like query.
    public var likeKey: String?
    /// The lowest value of a range query; `nil` leaves the range open below.
    public var beginKey: JSON?
    /// The highest value of a range query; `nil` leaves the range open above.
    public var endKey: JSON?
    /// The Smart SQL of a smart query.
    public var smartSQL: String?
    /// The indexed path results are ordered by; `nil` leaves the order to SQLite.
    public var orderPath: String?
    /// The direction of the order.
    public var order: SortOrder
    /// Entries per page; at least 1.
    public var pageSize: Int
    /// When set, each result is an array of the values at these paths instead of the entry.
    public var selectPaths: [String]?

    /// A spec from its parts; the factories below are the usual way to make one.
    public init(
        kind: Kind, soupName: String?, path: String? = nil, matchKey: JSON? = nil, likeKey: String? = nil,
        beginKey: JSON? = nil, endKey: JSON? = nil, smartSQL: String? = nil, orderPath: String? = nil,
        order: SortOrder = .ascending, pageSize: Int = QuerySpec.defaultPageSize, selectPaths: [String]? = nil
    ) {
        self.kind = kind
        self.soupName = soupName
        self.path = path
        self.matchKey = matchKey
        self.likeKey = likeKey
        self.beginKey = beginKey
        self.endKey = endKey
        self.smartSQL = smartSQL
        self.orderPath = orderPath
        self.order = order
        self.pageSize = pageSize
        self.selectPaths = selectPaths
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
        QuerySpec(kind: .all, soupName: soupName, orderPath: orderPath, order: order, pageSize: pageSize, selectPaths: selectPaths)
    }

    /// Entries whose value at `path` equals `matchKey`, ordered by `orderPath` (default: `path`).
    public static func buildExactQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String, matchKey: JSON,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            kind: .exact, soupName: soupName, path: path, matchKey: matchKey, orderPath: orderPath ?? path,
            order: order, pageSize: pageSize, selectPaths: selectPaths
        )
    }

    /// Entries whose value at `path` is between the keys, both included; a `nil` key leaves
    /// that end open. Ordered by `orderPath` (default: `path`).
    public static func buildRangeQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String, beginKey: JSON?, endKey: JSON?,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            kind: .range, soupName: soupName, path: path, beginKey: beginKey, endKey: endKey, orderPath: orderPath ?? path,
            order: order, pageSize: pageSize, selectPaths: selectPaths
        )
    }

    /// Entries whose value at `path` matches the LIKE pattern (`foo%` starts with, `%foo` ends
    /// with, `%foo%` contains; ASCII letters match either case). Ordered by `orderPath` (default: `path`).
    public static func buildLikeQuerySpec(
        soupName: String, selectPaths: [String]? = nil, path: String, likeKey: String,
        orderPath: String? = nil, order: SortOrder = .ascending, pageSize: Int = defaultPageSize
    ) -> QuerySpec {
        QuerySpec(
            kind: .like, soupName: soupName, path: path, likeKey: likeKey, orderPath: orderPath ?? path,
            order: order, pageSize: pageSize, selectPaths: selectPaths
        )
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
            kind: .match, soupName: soupName, path: path, matchKey: .string(matchKey), orderPath: orderPath ?? path,
            order: order, pageSize: pageSize, selectPaths: selectPaths
        )
    }

    /// A Smart SQL query: one SELECT with `{soup}` and `{soup:path}` references.
    public static func buildSmartQuerySpec(smartSQL: String, pageSize: Int = defaultPageSize) -> QuerySpec {
        QuerySpec(kind: .smart, soupName: nil, smartSQL: smartSQL, pageSize: pageSize)
    }
}
