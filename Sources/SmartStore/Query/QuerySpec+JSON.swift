public import SalesforceCore

extension QuerySpec {
    /// Reads the JSON form the hybrid API uses, such as
    /// `{"queryType": "range", "indexPath": "Name", "beginKey": "A", "endKey": null, "order": "ascending", "pageSize": 10}`.
    ///
    /// `queryType` is `exact`, `range`, `like`, `match`, `smart` or `all` (the hybrid API sends an
    /// all-query as a range with null keys, which selects the same entries). The object may be
    /// wrapped as `{"querySpec": {...}}`. `soupName` is used when the JSON does not name the soup.
    /// - Throws: ``SmartStoreError/invalidQuerySpec(_:)`` naming the missing or mistyped key.
    public init(json: JSON, soupName: String? = nil) throws(SmartStoreError) {
        let object = json["querySpec"] ?? json
        guard case .object = object else { throw .invalidQuerySpec("the spec must be a JSON object") }
        guard let typeName = object["queryType"]?.stringValue else { throw .invalidQuerySpec("\"queryType\" is missing") }
        guard let kind = Kind(rawValue: typeName) else {
            throw .invalidQuerySpec("\"\(typeName)\" is not a query type; use exact, range, like, match, smart or all")
        }
        func string(_ key: String) throws(SmartStoreError) -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw .invalidQuerySpec("\"\(key)\" must be a string")
            }
        }
        func key(_ name: String) -> JSON? {
            guard let value = object[name], !value.isNull else { return nil }
            return value
        }
        var pageSize = QuerySpec.defaultPageSize
        if let size = key("pageSize") {
            guard let integer = size.integerValue, let value = Int(exactly: integer) else {
                throw .invalidQuerySpec("\"pageSize\" must be an integer")
            }
            pageSize = value
        }
        var order = SortOrder.ascending
        if let orderName = try string("order") {
            guard let parsed = SortOrder(rawValue: orderName) else {
                throw .invalidQuerySpec("\"order\" must be \"ascending\" or \"descending\"")
            }
            order = parsed
        }
        var selectPaths: [String]?
        if let paths = key("selectPaths") {
            guard let list = paths.arrayValue?.compactMap(\.stringValue), list.count == paths.arrayValue?.count else {
                throw .invalidQuerySpec("\"selectPaths\" must be an array of strings")
            }
            selectPaths = list
        }
        let matchKey = key("matchKey")
        if kind == .match, matchKey?.stringValue == nil { throw .invalidQuerySpec("a match query needs a string \"matchKey\"") }
        self.init(
            kind: kind, soupName: try string("soupName") ?? soupName, path: try string("indexPath"), matchKey: matchKey,
            likeKey: try string("likeKey"), beginKey: key("beginKey"), endKey: key("endKey"),
            smartSQL: try string("smartSql"), orderPath: try string("orderPath"), order: order,
            pageSize: pageSize, selectPaths: selectPaths
        )
    }

    /// The JSON form the hybrid API uses; every key present, unused ones null, and an
    /// all-query written as a range with null keys.
    public var json: JSON {
        var object: [String: JSON] = [
            "queryType": .string(kind == .all ? Kind.range.rawValue : kind.rawValue),
            "indexPath": path.map(JSON.string) ?? (kind == .all ? orderPath.map(JSON.string) ?? .null : .null),
            "matchKey": matchKey ?? .null,
            "likeKey": likeKey.map(JSON.string) ?? .null,
            "beginKey": beginKey ?? .null,
            "endKey": endKey ?? .null,
            "smartSql": smartSQL.map(JSON.string) ?? .null,
            "orderPath": orderPath.map(JSON.string) ?? .null,
            "order": .string(order.rawValue),
            "pageSize": .integer(Int64(pageSize)),
            "selectPaths": selectPaths.map { .array($0.map(JSON.string)) } ?? .null,
        ]
        if let soupName { object["soupName"] = .string(soupName) }
        return .object(object)
    }
}
