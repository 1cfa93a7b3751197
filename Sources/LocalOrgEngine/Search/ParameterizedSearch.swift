import Foundation
import SOQL
import SalesforceCore

/// A `parameterizedSearch` request, from query parameters (GET) or a JSON body (POST), turned
/// into the SOSL statement it stands for.
struct ParameterizedSearch {
    struct Object {
        var name: String
        var fields: [String]?
        var condition: String?
        var orderBy: String?
        var limit: Int?
    }

    var term: String
    var scope: SearchScope = .all
    var fields: [String] = []
    var objects: [Object] = []
    var overallLimit: Int?
    var defaultLimit: Int?
    var offset: Int?

    /// Salesforce's bounds: at most 2,000 results, and an offset of at most 2,000.
    static let limits = 1...2000
    static let offsets = 0...2000

    init(_ call: RestCall) throws(APIError) {
        if call.method == "POST" {
            guard let body = try call.json() else {
                throw APIError.jsonParser("The body must be {\"q\": \"acme\", \"sobjects\": [{\"name\": \"Account\"}]}.")
            }
            term = body["q"]?.stringValue ?? ""
            fields = body["fields"]?.arrayValue?.compactMap(\.stringValue) ?? []
            objects = []
            for item in body["sobjects"]?.arrayValue ?? [] {
                guard let name = item["name"]?.stringValue else { continue }
                objects.append(
                    Object(
                        name: name, fields: item["fields"]?.arrayValue?.compactMap(\.stringValue), condition: item["where"]?.stringValue,
                        orderBy: item["orderBy"]?.stringValue, limit: try item.integerMember("limit", in: Self.limits)))
            }
            try setScope(body["in"]?.stringValue)
            overallLimit = try body.integerMember("overallLimit", in: Self.limits)
            defaultLimit = try body.integerMember("defaultLimit", in: Self.limits)
            offset = try body.integerMember("offset", in: Self.offsets)
        } else {
            term = call.parameter("q") ?? ""
            fields = call.listParameter("fields") ?? []
            objects = []
            for name in call.parameters.filter({ $0.name == "sobject" }).flatMap({ $0.value.split(atScalars: [","]) }) {
                objects.append(
                    Object(
                        name: name, fields: call.listParameter("\(name).fields"), condition: call.parameter("\(name).where"),
                        orderBy: call.parameter("\(name).orderBy"), limit: try call.integerParameter("\(name).limit", in: Self.limits)))
            }
            try setScope(call.parameter("in"))
            overallLimit = try call.integerParameter("overallLimit", in: Self.limits)
            defaultLimit = try call.integerParameter("defaultLimit", in: Self.limits)
            offset = try call.integerParameter("offset", in: Self.offsets)
        }
        guard !term.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw APIError(
                status: 400, errorCode: "MISSING_ARGUMENT", message: "A parameterized search needs q: parameterizedSearch?q=acme")
        }
    }

    private mutating func setScope(_ value: String?) throws(APIError) {
        guard let value else { return }
        guard let scope = SearchScope(rawValue: value.uppercased()) else {
            throw APIError(
                status: 400, errorCode: "INVALID_SEARCH_SCOPE", message: "in must be ALL, NAME, EMAIL, PHONE or SIDEBAR, not \(value).")
        }
        self.scope = scope
    }

    /// The SOSL statement: the term, the scope and a RETURNING object per `sobject`.
    func query(schema: OrgSchema) throws(APIError) -> SOSLQuery {
        do {
            var query = try SOSLQuery(term: term, scope: scope, limit: overallLimit, offset: offset)
            for object in objects {
                let selected = object.fields ?? (fields.isEmpty ? ["Id"] : fields)
                var soql = "SELECT \(selected.joined(separator: ", ")) FROM \(object.name)"
                if let condition = object.condition { soql += " WHERE \(condition)" }
                if let orderBy = object.orderBy { soql += " ORDER BY \(orderBy)" }
                if let limit = object.limit ?? defaultLimit { soql += " LIMIT \(limit)" }
                query.returning.append(ReturningObject(object: object.name, query: try SOQLQuery(parsing: soql)))
            }
            if objects.isEmpty, !fields.isEmpty {
                query.returning = try schema.types.filter(\.searchable).map { type throws(SOQLSyntaxError) in
                    ReturningObject(
                        object: type.name, query: try SOQLQuery(parsing: "SELECT \(fields.joined(separator: ", ")) FROM \(type.name)"))
                }
            }
            return query
        } catch let error as SOSLSyntaxError {
            throw APIError(status: 400, errorCode: "MALFORMED_SEARCH", message: error.message)
        } catch let error as SOQLSyntaxError {
            throw APIError(status: 400, errorCode: "MALFORMED_SEARCH", message: error.message)
        } catch {
            throw APIError.from(error)
        }
    }
}
