import ForceKitTestSupport
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceCore
import Testing

@Suite("LocalOrg server")
struct ServerTests {
    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("localorg-test-\(UUID().uuidString)")
    }

    @Test("a data directory keeps the org, its credentials and its records across restarts")
    func persistence() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = directory
        configuration.seedsSampleData = false
        let first = try await LocalOrgServer.start(configuration)
        let admin = try #require(try await first.store.query("SELECT Id FROM User", version: "v62.0").records.first?["Id"]?.stringValue)
        let id = try await first.store.create("Account", fields: ["Name": "Kept"], as: admin)
        await first.stop()
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("localorg.json").path))

        let second = try await LocalOrgServer.start(configuration)
        #expect(second.credentials.user == first.credentials.user)
        #expect(second.credentials.password == first.credentials.password)
        #expect(second.credentials.clientID == first.credentials.clientID)
        #expect(try await second.store.retrieve("Account", id: id, version: "v62.0")["Name"] == .string("Kept"))
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("localorg.json").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        await second.stop()
    }

    @Test("a port already in use is an error that says so, and the first server keeps serving")
    func portInUse() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.seedsSampleData = false
        let first = try await LocalOrgServer.start(configuration)
        let port = try #require(first.credentials.instanceURL.split(separator: ":").last.flatMap { Int($0) })
        configuration.port = port
        await #expect {
            _ = try await LocalOrgServer.start(configuration)
        } throws: { error in
            guard case .cannotStart(let reason) = error as? LocalOrgError else { return false }
            return reason.lowercased().contains("address already in use")
        }
        let versions = try await HTTPTestClient(baseURL: first.credentials.instanceURL).send("GET", "/services/data")
        #expect(versions.status == 200)
        await first.stop()
    }

    @Test("without a data directory the org is temporary and removed on stop")
    func temporary() async throws {
        let server = try await LocalOrgServer.start(LocalOrgConfiguration())
        #expect(server.isTemporary)
        #expect(FileManager.default.fileExists(atPath: server.dataDirectory.path))
        await server.stop()
        #expect(!FileManager.default.fileExists(atPath: server.dataDirectory.path))
    }

    @Test("with TLS the URLs are https and the CA and server certificate are kept in the data directory")
    func tls() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = directory
        configuration.tls = true
        configuration.seedsSampleData = false
        let server = try await LocalOrgServer.start(configuration)
        #expect(server.credentials.instanceURL.hasPrefix("https://127.0.0.1:"))
        let caFile = try #require(server.credentials.caFile)
        #expect(caFile == directory.appendingPathComponent("tls/ca.pem").path)
        let pem = try String(contentsOfFile: caFile, encoding: .utf8)
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        await server.stop()
        let again = try await LocalOrgServer.start(configuration)
        #expect(try String(contentsOfFile: caFile, encoding: .utf8) == pem)
        await again.stop()
    }

    @Test("a schema file adds custom objects and fields that describe and SOQL know")
    func schemaFile() async throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try Data(
            #"""
            {"objects": [{"name": "Shipment__c", "label": "Shipment", "keyPrefix": "a05",
                          "fields": [{"name": "Carrier__c", "type": "picklist", "picklistValues": ["DHL", "UPS"]},
                                     {"name": "Account__c", "type": "reference", "referenceTo": "Account", "childRelationshipName": "Shipments__r"}]}],
             "fields": {"Contact": [{"name": "Badge__c", "type": "string", "length": 20, "unique": true}]}}
            """#.utf8
        ).write(to: schema)
        var configuration = LocalOrgConfiguration()
        configuration.schemaFile = schema
        configuration.seedsSampleData = false
        let server = try await LocalOrgServer.start(configuration)
        let store = server.store
        let admin = try #require(try await store.query("SELECT Id FROM User", version: "v62.0").records.first?["Id"]?.stringValue)
        let account = try await store.create("Account", fields: ["Name": "Shipper"], as: admin)
        let shipment = try await store.create(
            "Shipment__c", fields: ["Name": "S-1", "Carrier__c": "DHL", "Account__c": .string(account)], as: admin)
        #expect(shipment.hasPrefix("a05"))
        let result = try await store.query(
            "SELECT Name, (SELECT Carrier__c, Account__r.Name FROM Shipments__r) FROM Account", version: "v62.0")
        guard case .children(let children) = result.records.first?["Shipments__r"] else {
            Issue.record("expected the child relationship Shipments__r")
            await server.stop()
            return
        }
        #expect(children.records.first?["Carrier__c"] == .string("DHL"))
        _ = try await store.create("Contact", fields: ["LastName": "A", "Badge__c": "B-1"], as: admin)
        await #expect(throws: APIError.self) {
            _ = try await store.create("Contact", fields: ["LastName": "B", "Badge__c": "B-1"], as: admin)
        }
        await server.stop()
    }

    @Test("a field added to a custom object later is read by name: the 412 check still sees LastModifiedDate")
    func schemaGrowsBetweenRuns() async throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        func declare(_ fields: String) throws {
            try Data(#"{"objects": [{"name": "Thing__c", "fields": [\#(fields)]}]}"#.utf8).write(to: schema)
        }
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = directory.appendingPathComponent("org")
        configuration.schemaFile = schema
        configuration.seedsSampleData = false
        try declare(#"{"name": "Size__c", "type": "int"}"#)
        let first = try await LocalOrgServer.start(configuration)
        let admin = try #require(try await first.store.query("SELECT Id FROM User", version: "v62.0").records.first?["Id"]?.stringValue)
        let id = try await first.store.create("Thing__c", fields: ["Name": "T", "Size__c": 3], as: admin)
        await first.stop()

        // Colour__c now stands before Size__c in the type, but at the end of the table.
        try declare(#"{"name": "Colour__c", "type": "string"}, {"name": "Size__c", "type": "int"}"#)
        let second = try await LocalOrgServer.start(configuration)
        let longAgo = Date(timeIntervalSince1970: 0)
        await #expect {
            try await second.store.update("Thing__c", id: id, fields: ["Colour__c": "red"], ifUnmodifiedSince: longAgo, as: admin)
        } throws: { ($0 as? APIError)?.status == 412 }
        try await second.store.update("Thing__c", id: id, fields: ["Colour__c": "red"], as: admin)
        let record = try await second.store.retrieve("Thing__c", id: id, version: "v62.0")
        #expect(record["Size__c"] == .integer(3))
        #expect(record["Colour__c"] == .string("red"))
        await second.stop()
    }

    @Test(
        "schema files that cannot be used are refused with the reason",
        arguments: [
            (
                #"{"objects": [{"name": "Thing__c", "fields": [{"name": "Ref__c", "type": "reference", "referenceTo": "Nowhere"}]}]}"#,
                "Thing__c.Ref__c refers to \"Nowhere\", which is not an object"
            ),
            (
                #"{"objects": [{"name": "Thing__c", "fields": [{"name": "Size__c", "type": "huge"}]}]}"#,
                "Thing__c.fields[0]: \"type\" must be one of reference, string, textarea, email, phone, url, picklist, multipicklist, boolean, int, double, currency, percent, date, datetime, base64"
            ),
            (
                #"{"fields": {"Account": [{"name": "Name", "type": "string"}]}}"#,
                "fields.Account[0]: \"name\" must be letters, digits and underscores ending in __c"
            ),
            (#"{"objects": [{"name": "A__c", "keyPrefix": "001"}]}"#, "object \"A__c\" reuses the key prefix 001"),
            (#"[1]"#, "the top level must be an object with \"objects\" and/or \"fields\""),
        ])
    func badSchemaFiles(text: String, reason: String) async throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try Data(text.utf8).write(to: schema)
        var configuration = LocalOrgConfiguration()
        configuration.schemaFile = schema
        configuration.dataDirectory = directory.appendingPathComponent("org")
        await #expect(throws: LocalOrgError.invalidSchema(file: schema.path, reason: reason)) {
            _ = try await LocalOrgServer.start(configuration)
        }
    }
}
