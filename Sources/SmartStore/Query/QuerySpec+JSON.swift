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
        let spec = QuerySpecJSON(json["querySpec"] ?? json)
        guard case .object = spec.object else { throw .invalidQuerySpec("the spec must be a JSON object") }
        guard let typeName = spec.object["queryType"]?.stringValue else { throw .invalidQuerySpec("\"queryType\" is missing") }
        let kind = try spec.kind(named: typeName, soupName: soupName)
        var pageSize = QuerySpec.defaultPageSize
        if let size = spec.value("pageSize") {
            guard let integer = size.integerValue, let value = Int(exactly: integer) else {
                throw .invalidQuerySpec("\"pageSize\" must be an integer")
            }
            pageSize = value
        }
        var order = SortOrder.ascending
        if let orderName = try spec.string("order") {
            guard let parsed = SortOrder(rawValue: orderName) else {
                throw .invalidQuerySpec("\"order\" must be \"ascending\" or \"descending\"")
            }
            order = parsed
        }
        var selectPaths: [String]?
        if let paths = spec.value("selectPaths") {
            guard let list = paths.arrayValue?.compactMap(\.stringValue), list.count == paths.arrayValue?.count else {
                throw .invalidQuerySpec("\"selectPaths\" must be an array of strings")
            }
            selectPaths = list
        }
        self.init(kind, selectPaths: selectPaths, orderPath: try spec.string("orderPath"), order: order, pageSize: pageSize)
    }

    /// The JSON form the hybrid API uses; every key present, unused ones null, and an
    /// all-query written as a range with null keys.
    public var json: JSON {
        var object: [String: JSON] = [
            "queryType": "range", "indexPath": .null, "matchKey": .null, "likeKey": .null, "beginKey": .null, "endKey": .null,
            "smartSql": .null, "orderPath": orderPath.map(JSON.string) ?? .null, "order": .string(order.rawValue),
            "pageSize": .integer(Int64(pageSize)), "selectPaths": selectPaths.map { .array($0.map(JSON.string)) } ?? .null,
        ]
        switch kind {
        case .all:
            object["indexPath"] = orderPath.map(JSON.string) ?? .null
        case .exact(_, let path, let key):
            object["queryType"] = "exact"
            object["indexPath"] = .string(path)
            object["matchKey"] = key
        case .range(_, let path, let begin, let end):
            object["indexPath"] = .string(path)
            object["beginKey"] = begin ?? .null
            object["endKey"] = end ?? .null
        case .like(_, let path, let key):
            object["queryType"] = "like"
            object["indexPath"] = .string(path)
            object["likeKey"] = .string(key)
        case .match(_, let path, let key):
            object["queryType"] = "match"
            object["indexPath"] = path.map(JSON.string) ?? .null
            object["matchKey"] = .string(key)
        case .smart(let sql):
            object["queryType"] = "smart"
            object["smartSql"] = .string(sql)
        }
        if let soupName = kind.soupName { object["soupName"] = .string(soupName) }
        return .object(object)
    }
}

/// The members of a hybrid query spec, read with `null` as absent and a wrong type as an error.
private struct QuerySpecJSON {
    let object: JSON

    init(_ object: JSON) {
        self.object = object
    }

    func value(_ key: String) -> JSON? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String) throws(SmartStoreError) -> String? {
        guard let value = value(key) else { return nil }
        guard let text = value.stringValue else { throw .invalidQuerySpec("\"\(key)\" must be a string") }
        return text
    }

    func requiredString(_ key: String, for kind: String) throws(SmartStoreError) -> String {
        guard let text = try string(key) else {
            let article = kind.first.map { "aeiou".contains($0) } == true ? "an" : "a"
            throw .invalidQuerySpec("\(article) \(kind) query needs \"\(key)\"")
        }
        return text
    }

    /// The kind a `queryType` names, with the members it needs.
    func kind(named type: String, soupName fallback: String?) throws(SmartStoreError) -> QuerySpec.Kind {
        if type == "smart" { return .smart(sql: try requiredString("smartSql", for: type)) }
        guard ["all", "exact", "range", "like", "match"].contains(type) else {
            throw .invalidQuerySpec("\"\(type)\" is not a query type; use exact, range, like, match, smart or all")
        }
        guard let soup = try string("soupName") ?? fallback else { throw .invalidQuerySpec("the spec names no soup") }
        switch type {
        case "exact":
            guard let key = value("matchKey") else { throw .invalidQuerySpec("an exact query needs \"matchKey\"") }
            return .exact(soupName: soup, path: try requiredString("indexPath", for: type), matchKey: key)
        case "range":
            let (begin, end) = (value("beginKey"), value("endKey"))
            guard let path = try string("indexPath") else {
                // The hybrid API's all-query: a range over no path with no keys.
                guard begin == nil, end == nil else { throw .invalidQuerySpec("a range query with keys needs \"indexPath\"") }
                return .all(soupName: soup)
            }
            return .range(soupName: soup, path: path, beginKey: begin, endKey: end)
        case "like":
            return .like(
                soupName: soup, path: try requiredString("indexPath", for: type), likeKey: try requiredString("likeKey", for: type))
        case "match":
            guard let key = value("matchKey")?.stringValue else { throw .invalidQuerySpec("a match query needs a string \"matchKey\"") }
            return .match(soupName: soup, path: try string("indexPath"), matchKey: key)
        default:
            return .all(soupName: soup)
        }
    }
}
