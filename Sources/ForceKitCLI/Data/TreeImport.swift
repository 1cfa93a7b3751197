import Foundation
import SalesforceCore
import SalesforceREST

/// Records in the sObject tree format of `sf data export tree` (`{"records": [...]}`, each with
/// `attributes.type` and `attributes.referenceId`, children under their relationship as
/// `{"records": [...]}`), cut into requests the sObject Tree API takes: at most 200 records,
/// roots of one type. A field value `@Ref` names a record created before (by an earlier file
/// or request) and is sent as its id.
struct TreeImport {
    /// The API's limit on the records of one request, across all its trees.
    static let recordsPerRequest = 200

    /// One record created: its reference, type and new id.
    struct Created: Sendable {
        var referenceID: String
        var type: String
        var id: String
    }

    /// One request's trees, all of `rootType`.
    struct Request {
        var rootType: String
        var trees: [SObjectTree]
        var recordCount: Int
    }

    /// The ids created so far, by reference.
    private(set) var ids: [String: String] = [:]
    /// Every record created, in order.
    private(set) var created: [Created] = []

    /// The trees of one file, after checking each record has what the API needs.
    static func trees(inFile path: String) throws -> [SObjectTree] {
        let json = try TreeFile.read(path)
        guard let records = json["records"]?.arrayValue else {
            throw CLIInputError(#"\#(path) is not an sObject tree file: it needs {"records": [...]}, as sf data export tree writes"#)
        }
        return try records.enumerated().map { index, record in
            try node(record, relationship: "", place: "\(path): record \(index + 1)")
        }
    }

    private static func node(_ json: JSON, relationship: String, place: String) throws -> SObjectTree {
        guard let object = json.objectValue, let type = object["attributes"]?["type"]?.stringValue,
            let referenceID = object["attributes"]?["referenceId"]?.stringValue, !referenceID.isEmpty
        else {
            throw CLIInputError("\(place) needs attributes with a type and a referenceId, such as AccountRef1")
        }
        var fields: [String: JSON] = [:]
        var children: [SObjectTree] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != "attributes" {
            if let nested = value["records"]?.arrayValue {
                children += try nested.enumerated().map { index, child in
                    try node(child, relationship: key, place: "\(place) (\(referenceID)), \(key) \(index + 1)")
                }
            } else {
                fields[key] = value
            }
        }
        return SObjectTree(objectType: type, objectTypePlural: relationship, referenceID: referenceID, fields: fields, children: children)
    }

    /// How many records `tree` holds.
    static func count(_ tree: SObjectTree) -> Int { 1 + tree.children.reduce(0) { $0 + count($1) } }

    /// `trees` cut into requests: consecutive roots of one type, at most 200 records each, and a
    /// tree that names (`@Ref`) a record of the request being filled starts the next one, so
    /// that record exists, with its id, when the tree is sent.
    static func requests(_ trees: [SObjectTree]) throws -> [Request] {
        var requests: [Request] = []
        var pendingReferences: Set<String> = []
        for tree in trees {
            let size = count(tree)
            guard size <= recordsPerRequest else {
                throw CLIInputError(
                    "the tree of \(tree.referenceID) has \(size) records; the sObject Tree API takes at most \(recordsPerRequest) in one request: split its children into another file, pointing to @\(tree.referenceID)"
                )
            }
            if var last = requests.last, last.rootType == tree.objectType, last.recordCount + size <= recordsPerRequest,
                pendingReferences.isDisjoint(with: namedReferences(tree))
            {
                last.trees.append(tree)
                last.recordCount += size
                requests[requests.count - 1] = last
            } else {
                requests.append(Request(rootType: tree.objectType, trees: [tree], recordCount: size))
                pendingReferences = []
            }
            pendingReferences.formUnion(referenceIDs(tree))
        }
        return requests
    }

    /// The references of `tree`'s records.
    static func referenceIDs(_ tree: SObjectTree) -> Set<String> {
        tree.children.reduce(into: [tree.referenceID]) { $0.formUnion(referenceIDs($1)) }
    }

    /// The references `tree`'s fields name (`@Ref`).
    static func namedReferences(_ tree: SObjectTree) -> Set<String> {
        var names = Set(
            tree.fields.values.compactMap { value in value.stringValue.flatMap { $0.hasPrefix("@") ? String($0.dropFirst()) : nil } })
        for child in tree.children { names.formUnion(namedReferences(child)) }
        return names
    }

    /// `tree` with each `@Ref` value that names a created record replaced by its id.
    /// - Throws: When a reference field (its name ends in Id) names a record not created yet.
    func resolved(_ tree: SObjectTree) throws -> SObjectTree {
        var tree = tree
        for (key, value) in tree.fields {
            guard let text = value.stringValue, text.hasPrefix("@"), text.count > 1 else { continue }
            let reference = String(text.dropFirst())
            if let id = ids[reference] {
                tree.fields[key] = .string(id)
            } else if key.hasSuffix("Id"), reference.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                throw CLIInputError(
                    "\(tree.referenceID)'s \(key) is @\(reference), which no record before it creates: list the file that creates \(reference) first"
                )
            }
        }
        tree.children = try tree.children.map(resolved)
        return tree
    }

    /// Sends one request and remembers what it created.
    /// - Throws: ``TreeImportFailure`` with the API's errors by reference when the request was refused.
    mutating func send(_ request: Request, with client: RestClient) async throws {
        let trees = try request.trees.map(resolved)
        var types: [String: String] = [:]
        func collectTypes(_ tree: SObjectTree) {
            types[tree.referenceID] = tree.objectType
            tree.children.forEach(collectTypes)
        }
        trees.forEach(collectTypes)
        let answer: JSON
        do {
            answer = try await client.send(client.requests.tree(request.rootType, records: trees)).json ?? .null
        } catch {
            guard let body = error.response?.body, let json = try? JSON(parsing: body), json["results"] != nil else { throw error }
            throw TreeImportFailure(results: json["results"]?.arrayValue ?? [], types: types)
        }
        for result in answer["results"]?.arrayValue ?? [] {
            guard let reference = result["referenceId"]?.stringValue, let id = result["id"]?.stringValue else { continue }
            ids[reference] = id
            created.append(Created(referenceID: reference, type: types[reference] ?? request.rootType, id: id))
        }
    }
}

/// A tree request the org refused: nothing of it was created.
struct TreeImportFailure: Error {
    /// The API's results: the references that failed, with their errors.
    var results: [JSON]
    /// Each reference's type.
    var types: [String: String]

    /// `AccountRef2 (Account): REQUIRED_FIELD_MISSING: Required fields are missing: [Name]`, one per error.
    var lines: [String] {
        results.flatMap { result -> [String] in
            let reference = result["referenceId"]?.stringValue ?? "?"
            let type = types[reference].map { " (\($0))" } ?? ""
            return (result["errors"]?.arrayValue ?? []).map { error in
                let code = error["statusCode"]?.stringValue ?? error["errorCode"]?.stringValue ?? "ERROR"
                return "\(reference)\(type): \(code): \(error["message"]?.stringValue ?? "")"
            }
        }
    }
}
