import ArgumentParser
import Foundation
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// `forcekit data get SOBJECT ID`: the record as JSON.
struct DataGetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: "Print one record as JSON.")

    @Argument(help: "The object: Account.") var object: String
    @Argument(help: "The record's id.") var id: String
    @Option(help: ArgumentHelp("Only these fields, comma-separated.", valueName: "LIST")) var fields: String?
    @OptionGroup var account: AccountOptions

    func run() async throws {
        let client = try await account.restClient()
        let names = fields.map { $0.split(atScalars: [","]).map { String($0).trimmingCharacters(in: .whitespaces) } } ?? []
        let record = try await RecordCall.send(client, client.requests.retrieve(object, id: id, fields: names))
        Console.print(RecordTable.withoutAttributes(record).prettyPrinted())
    }
}

/// `forcekit data create SOBJECT Field=Value…`: prints the new record's id.
struct DataCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a record and print its id.")

    @Argument(help: "The object: Account.") var object: String
    @Argument(help: "The fields: Name=Acme Industry=Banking.") var values: [String]
    @OptionGroup var account: AccountOptions

    func validate() throws { _ = try FieldAssignments.pairs(values) }

    func run() async throws {
        let client = try await account.restClient()
        let fields = try await FieldAssignments.json(values, object: object, client: client)
        let created = try await RecordCall.send(client, client.requests.create(object, fields: fields))
        Console.print(created["id"]?.stringValue ?? created.serialized())
    }
}

/// `forcekit data update SOBJECT ID Field=Value…`.
struct DataUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "update", abstract: "Update fields of a record.")

    @Argument(help: "The object: Account.") var object: String
    @Argument(help: "The record's id.") var id: String
    @Argument(help: "The fields to set: Phone=5550100 Rating=Hot (Phone= sets null).") var values: [String] = []
    @OptionGroup var account: AccountOptions

    func validate() throws {
        // `data update Account Industry=Retail`: a field where the id goes is a mistake of the
        // command line, said as one, never an id sent to the server.
        if id.unicodeScalars.contains("=") {
            throw ValidationError(
                "The record's id comes before the fields: forcekit data update \(object) ID \(([id] + values).joined(separator: " ")).")
        }
        guard !values.isEmpty else { throw ValidationError("Give at least one Field=Value to set.") }
        _ = try FieldAssignments.pairs(values)
    }

    func run() async throws {
        let client = try await account.restClient()
        let fields = try await FieldAssignments.json(values, object: object, client: client)
        _ = try await RecordCall.send(client, client.requests.update(object, id: id, fields: fields))
        Console.print("Updated \(object) \(id).")
    }
}

/// `forcekit data delete SOBJECT ID`.
struct DataDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a record (it goes to the Recycle Bin).")

    @Argument(help: "The object: Account.") var object: String
    @Argument(help: "The record's id.") var id: String
    @OptionGroup var account: AccountOptions

    func run() async throws {
        let client = try await account.restClient()
        _ = try await RecordCall.send(client, client.requests.delete(object, id: id))
        Console.print("Deleted \(object) \(id).")
    }
}

/// A record request whose failure prints Salesforce's error and exits 1, as `api` does.
enum RecordCall {
    static func send(_ client: RestClient, _ request: RestRequest) async throws -> JSON {
        do {
            return try await client.send(request).json ?? .null
        } catch {
            Console.printFailure("\(RequestFailure.describe(error, instance: await client.credentials?.instanceURL.absoluteString))")
            throw ExitCode(1)
        }
    }
}

/// `Field=Value` arguments, typed for their fields from the object's describe.
enum FieldAssignments {
    /// The pairs, in order.
    static func pairs(_ values: [String]) throws(ValidationError) -> [(field: String, text: String)] {
        try values.map { (value) throws(ValidationError) -> (field: String, text: String) in
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw ValidationError("\(value) is not Field=Value, such as Name=Acme.")
            }
            return (String(value[..<equals]), String(value[value.index(after: equals)...]))
        }
    }

    /// The fields as the JSON body, each value as its field's type wants it; a field the
    /// describe does not list goes as text, for the org to name.
    static func json(_ values: [String], object: String, client: RestClient) async throws -> JSON {
        let types = try await fieldTypes(of: object, client: client)
        var body: [String: JSON] = [:]
        for (field, text) in try pairs(values) {
            body[field] = FieldText.json(text, fieldType: types[field.lowercased()] ?? "string")
        }
        return .object(body)
    }

    /// Each field's describe type (`boolean`, `int`, `date`, …), by lower-cased name.
    static func fieldTypes(of object: String, client: RestClient) async throws -> [String: String] {
        let describe = try await RecordCall.send(client, client.requests.describe(object))
        var types: [String: String] = [:]
        for field in describe["fields"]?.arrayValue ?? [] {
            if let name = field["name"]?.stringValue?.lowercased() { types[name] = field["type"]?.stringValue }
        }
        return types
    }
}
