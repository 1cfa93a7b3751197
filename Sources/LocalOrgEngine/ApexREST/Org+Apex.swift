import SOQL
import SalesforceCore

/// Apex REST calls: routes that write or list records run through the data API and the query
/// engine as the caller; the others answer from their templates.
extension Org {
    /// Answers a call on `path` (after `/services/apexrest`) as `userID`.
    package func answerApex(
        method: String, path: String, parameters: [(String, String)], body: [UInt8], headers: [String: String], userID: String
    ) async throws(APIError) -> RestReply {
        guard let (route, pathParameters) = apex.route(method: method, path: path) else {
            return apex.answer(method: method, path: path, parameters: parameters, body: body, userID: userID)
        }
        if let type = route.lists, let fields = route.fields {
            return try await list(type, where: route.condition, fields: fields, parameters: parameters, userID: userID)
        }
        guard let type = route.writes else {
            return apex.answer(method: method, path: path, parameters: parameters, body: body, userID: userID)
        }
        guard let fields = route.fields else {
            let call = ApexAPI.dataCall(route, type: type, method: method, parameters: pathParameters, body: body, headers: headers)
            return try await answer(call, asUser: userID)
        }
        return try await writeMapped(
            type, fields: fields, method: method.uppercased(), id: pathParameters["id"], body: body, headers: headers, userID: userID)
    }

    /// A write of a class that names fields its own way: the body's names become fields, and the
    /// answer is the record by the class's names, as the class's `Map<String, String>` would be.
    private func writeMapped(
        _ type: String, fields: [String: String], method: String, id: String?, body: [UInt8], headers: [String: String], userID: String
    ) async throws(APIError) -> RestReply {
        var given: [String: JSON] = [:]
        if !body.isEmpty {
            guard let members = (try? JSON(parsing: body))?.objectValue else {
                throw APIError.jsonParser("The class takes a JSON object of \(fields.keys.sorted().joined(separator: ", ")).")
            }
            for (name, value) in members {
                if let field = fields[name], field.lowercased() != "id" { given[field] = value }
            }
        }
        let version = "v\(APIVersion.current.major).0"
        let recordID: String
        switch method {
        case "POST":
            let call = RestCall(
                method: "POST", version: version, segments: ["sobjects", type], parameters: [],
                body: .json(.object(given)), headers: headers)
            let reply = try await answer(call, asUser: userID)
            guard let created = reply.body.flatMap({ try? JSON(parsing: $0) })?["id"]?.stringValue else { return reply }
            recordID = created
        case "PATCH", "PUT":
            guard let id else { throw APIError.notFound }
            let call = RestCall(
                method: "PATCH", version: version, segments: ["sobjects", type, id], parameters: [], body: .json(.object(given)),
                headers: headers)
            _ = try await answer(call, asUser: userID)
            recordID = id
        case "DELETE":
            guard let id else { throw APIError.notFound }
            let call = RestCall(
                method: "DELETE", version: version, segments: ["sobjects", type, id], parameters: [], body: .none, headers: [:])
            _ = try await answer(call, asUser: userID)
            return RestReply(status: 204, body: nil)
        default:
            guard let id else { throw APIError.notFound }
            recordID = id
        }
        let record = try await store.retrieve(type, id: recordID, fields: Array(Set(fields.values)))
        return .json(Self.mapped(record.json(version: version), fields: fields))
    }

    /// A listing class: the records of `type` that `condition` keeps, its `:name` placeholders
    /// bound to the query parameters as SOQL strings.
    private func list(
        _ type: String, where condition: String?, fields: [String: String], parameters: [(String, String)], userID: String
    ) async throws(APIError) -> RestReply {
        var soql = "SELECT \(Set(fields.values).sorted().joined(separator: ", ")) FROM \(type)"
        if let condition { soql += " WHERE " + (try Self.bind(condition, to: parameters)) }
        var page = try await store.query(soql, asUser: userID)
        var records = page.records
        while let next = page.nextRecordsPath, let locator = next.split(separator: "/").last {
            page = try await store.queryMore(String(locator))
            records += page.records
        }
        let version = "v\(APIVersion.current.major).0"
        return .json([
            "totalSize": .integer(Int64(records.count)),
            "records": .array(records.map { Self.mapped($0.json(version: version), fields: fields) }),
        ])
    }

    /// The record's fields by the class's names.
    private static func mapped(_ record: JSON, fields: [String: String]) -> JSON {
        .object(fields.mapValues { field in record[field] ?? .null })
    }

    /// `condition` with each `:name` replaced by the query parameter `name` as a SOQL string.
    /// Read by Unicode scalars, as the SOQL parser reads the result.
    static func bind(_ condition: String, to parameters: [(String, String)]) throws(APIError) -> String {
        var output = String.UnicodeScalarView()
        var scalars = Array(condition.unicodeScalars)[...]
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
        while let scalar = scalars.popFirst() {
            guard scalar == ":", let first = scalars.first, isNameScalar(first) else {
                output.append(scalar)
                continue
            }
            var name = String.UnicodeScalarView()
            while let next = scalars.first, isNameScalar(next) {
                name.append(next)
                scalars = scalars.dropFirst()
            }
            let key = String(name)
            guard let value = parameters.last(where: { $0.0 == key })?.1 else {
                throw APIError(
                    status: 400, errorCode: "INVALID_QUERY_FILTER_OPERATOR", message: "The class needs the query parameter \(key).")
            }
            output.append(contentsOf: SOQLString.quoted(value).unicodeScalars)
        }
        return String(output)
    }
}
