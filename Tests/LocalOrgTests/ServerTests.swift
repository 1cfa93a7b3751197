import Dispatch
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("LocalOrg server")
struct ServerTests {
    /// A configuration without sample data, kept in `directory` when one is given.
    private func configuration(in directory: URL? = nil) -> LocalOrgConfiguration {
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = directory
        configuration.seedsSampleData = false
        return configuration
    }

    private func adminID(of server: LocalOrgServer) async throws -> String {
        try #require(try await server.store.query("SELECT Id FROM User").records.first?["Id"]?.stringValue)
    }

    @Test("a data directory keeps the org, its credentials and its records across restarts")
    func persistence() async throws {
        try await withTemporaryDirectory { directory throws in
            let configuration = configuration(in: directory)
            let (first, id) = try await LocalOrgServer.withRunning(configuration) { server throws in
                (server.credentials, try await server.store.create("Account", fields: ["Name": "Kept"], as: try await adminID(of: server)))
            }
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("localorg.json").path))
            try await LocalOrgServer.withRunning(configuration) { second throws in
                #expect(second.credentials.user == first.user)
                #expect(second.credentials.password == first.password)
                #expect(second.credentials.clientID == first.clientID)
                #expect(try await second.store.retrieve("Account", id: id)["Name"] == .string("Kept"))
            }
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("localorg.json").path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
    }

    @Test("a port already in use is an error that says so, and the first server keeps serving")
    func portInUse() async throws {
        try await LocalOrgServer.withRunning(configuration()) { first throws in
            var taken = configuration()
            taken.port = try #require(first.credentials.instanceURL.split(separator: ":").last.flatMap { Int($0) })
            await #expect {
                try await LocalOrgServer.withRunning(taken) { _ in }
            } throws: { error in
                guard case .cannotStart(let reason) = error as? LocalOrgError else { return false }
                return reason == "port \(taken.port) on 127.0.0.1 is in use by another program"
            }
            let versions = try await HTTPTestClient(baseURL: first.credentials.instanceURL).send("GET", "/services/data")
            #expect(versions.status == 200)
        }
    }

    @Test("a reset starts the org anew: its records go, its credentials and connected apps stay")
    func reset() async throws {
        try await withTemporaryDirectory { directory throws in
            let (first, id) = try await LocalOrgServer.withRunning(configuration(in: directory)) { server throws in
                (server.credentials, try await server.store.create("Account", fields: ["Name": "Gone"], as: try await adminID(of: server)))
            }
            var reset = configuration(in: directory)
            reset.resetsData = true
            try await LocalOrgServer.withRunning(reset) { again throws in
                #expect(again.credentials.password == first.password && again.credentials.clientID == first.clientID)
                #expect(again.credentials.user == first.user)
                await #expect(throws: APIError.self) { try await again.store.retrieve("Account", id: id) }
            }
        }
    }

    @Test("one LocalOrg per data directory: a second is refused with the first one's URL, and starts once the first stops")
    func oneServerPerDataDirectory() async throws {
        try await withTemporaryDirectory { directory throws in
            try await LocalOrgServer.withRunning(configuration(in: directory)) { first throws in
                await #expect(throws: LocalOrgError.dataDirectoryInUse(path: directory.path, instanceURL: first.credentials.instanceURL)) {
                    try await LocalOrgServer.withRunning(configuration(in: directory)) { _ in }
                }
                let versions = try await HTTPTestClient(baseURL: first.credentials.instanceURL).send("GET", "/services/data")
                #expect(versions.status == 200)
            }
            try await LocalOrgServer.withRunning(configuration(in: directory)) { again in
                #expect(again.credentials.instanceURL.hasPrefix("http://127.0.0.1:"))
            }
        }
    }

    // The limit catches a request held up by the log for good; it is not a timing: the whole
    // suite runs at once on two cores, where this test's 50 requests alone once took over a minute.
    @Test("a request log whose reader blocks never holds up a request; its lines arrive in order once it reads", .timeLimit(.minutes(10)))
    func blockedRequestLog() async throws {
        let gate = DispatchSemaphore(value: 0)
        let lines = Locked([String]())
        var configuration = configuration()
        configuration.requestLog = { line in
            // The first line waits until the test opens the gate, as a pipe nobody reads would.
            gate.wait()
            gate.signal()
            lines.withLock { $0.append(line) }
        }
        try await LocalOrgServer.withRunning(configuration) { server throws in
            let client = HTTPTestClient(baseURL: server.credentials.instanceURL)
            for _ in 0..<50 {
                #expect(try await client.send("GET", "/services/data").status == 200)
            }
            #expect(lines.current.isEmpty)
            gate.signal()
            while lines.current.count < 50 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(lines.current.allSatisfy { $0.hasPrefix("GET /services/data 200 ") })
        }
    }

    /// How many of this process's open files are the org database's (its log and shared memory
    /// included), read from /proc.
    private func openDatabaseFiles(in directory: URL) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
            return target?.hasPrefix(directory.resolvingSymlinksInPath().appendingPathComponent("org.sqlite").path) ?? false
        }.count
    }

    @Test(
        "stop lets the org's files go: its database is closed while the server object still lives",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func stopClosesTheDatabase() async throws {
        try await withTemporaryDirectory { directory throws in
            let server = try await LocalOrgServer.start(configuration(in: directory))
            _ = try await adminID(of: server)
            #expect(try openDatabaseFiles(in: directory) > 0)
            await server.stop()
            // Left to the last reference, the database would close whenever that went, maybe while
            // a caller (the quickstart) removes the folder.
            #expect(try openDatabaseFiles(in: directory) == 0)
            await #expect(throws: APIError.self) { try await server.store.query("SELECT Id FROM User") }
        }
    }

    @Test("without a data directory the org is temporary and removed on stop")
    func temporary() async throws {
        let directory = try await LocalOrgServer.withRunning(LocalOrgConfiguration()) { server throws in
            #expect(server.isTemporary)
            #expect(FileManager.default.fileExists(atPath: server.dataDirectory.path))
            return server.dataDirectory
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    /// A file's permission bits.
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("a temporary org's folder, database, log and keys are its owner's only from the start")
    func ownerOnlyFiles() async throws {
        var configuration = configuration()
        configuration.tls = true
        try await LocalOrgServer.withRunning(configuration) { server throws in
            let folder = server.dataDirectory
            _ = try await server.store.query("SELECT Id FROM User")
            #expect(try mode(folder.path) == 0o700)
            for file in ["org.sqlite", "org.sqlite-wal", "org.sqlite-shm", "localorg.json", "tls/ca-key.pem", "tls/server-key.pem"] {
                let path = folder.appendingPathComponent(file).path
                #expect(FileManager.default.fileExists(atPath: path), "\(file)")
                let bits = try mode(path)
                #expect(bits == 0o600, "\(file) is \(String(bits, radix: 8))")
            }
            #expect(try mode(folder.appendingPathComponent("tls").path) == 0o700)
        }
    }

    @Test("a temporary org removes the folders of temporary orgs whose process died, and no other")
    func abandonedTemporaryFolders() async throws {
        let temporary = FileManager.default.temporaryDirectory
        // A process that has exited: its pid names no process now (checked, not assumed).
        let deadPID = try ChildProcess.run("/bin/true").processIdentifier
        try #require(kill(deadPID, 0) != 0)
        let abandoned = temporary.appendingPathComponent("localorg-\(deadPID)-\(UUID().uuidString)")
        let alive = temporary.appendingPathComponent("localorg-\(getpid())-\(UUID().uuidString)")
        let unrelated = temporary.appendingPathComponent("localorg-notes-\(UUID().uuidString)")
        for folder in [abandoned, alive, unrelated] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("token".utf8).write(to: folder.appendingPathComponent("org.sqlite"))
        }
        defer { for folder in [abandoned, alive, unrelated] { try? FileManager.default.removeItem(at: folder) } }
        try await LocalOrgServer.withRunning(configuration()) { _ throws in }
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test("with TLS the URLs are https and the CA and server certificate are kept in the data directory")
    func tls() async throws {
        try await withTemporaryDirectory { directory throws in
            var configuration = configuration(in: directory)
            configuration.tls = true
            let (caFile, pem) = try await LocalOrgServer.withRunning(configuration) { server throws in
                #expect(server.credentials.instanceURL.hasPrefix("https://127.0.0.1:"))
                let caFile = try #require(server.credentials.caFile)
                #expect(caFile == directory.appendingPathComponent("tls/ca.pem").path)
                let pem = try String(contentsOfFile: caFile, encoding: .utf8)
                #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
                return (caFile, pem)
            }
            try await LocalOrgServer.withRunning(configuration) { _ throws in
                #expect(try String(contentsOfFile: caFile, encoding: .utf8) == pem)
            }
        }
    }

    @Test("a schema file adds custom objects and fields that describe and SOQL know")
    func schemaFile() async throws {
        try await withTemporaryDirectory { directory throws in
            let schema = directory.appendingPathComponent("schema.json")
            try Data(
                #"""
                {"objects": [{"name": "Shipment__c", "label": "Shipment", "keyPrefix": "a05",
                              "fields": [{"name": "Carrier__c", "type": "picklist", "picklistValues": ["DHL", "UPS"]},
                                         {"name": "Account__c", "type": "reference", "referenceTo": "Account", "childRelationshipName": "Shipments__r"}]}],
                 "fields": {"Contact": [{"name": "Badge__c", "type": "string", "length": 20, "unique": true},
                                         {"name": "Region__c", "type": "combobox", "picklistValues": ["EMEA", {"value": "APAC", "label": "Asia Pacific", "active": false}],
                                          "nillable": false, "describe": {"inlineHelpText": "Where the contact works"}}]}}
                """#.utf8
            ).write(to: schema)
            var configuration = configuration()
            configuration.schemaFile = schema
            try await LocalOrgServer.withRunning(configuration) { server throws in
                let store = server.store
                let admin = try await adminID(of: server)
                let account = try await store.create("Account", fields: ["Name": "Shipper"], as: admin)
                let shipment = try await store.create(
                    "Shipment__c", fields: ["Name": "S-1", "Carrier__c": "DHL", "Account__c": .string(account)], as: admin)
                #expect(shipment.hasPrefix("a05"))
                let result = try await store.query(
                    "SELECT Name, (SELECT Carrier__c, Account__r.Name FROM Shipments__r) FROM Account")
                guard case .children(let children) = result.records.first?["Shipments__r"] else {
                    Issue.record("expected the child relationship Shipments__r")
                    return
                }
                #expect(children.records.first?["Carrier__c"] == .string("DHL"))
                _ = try await store.create("Contact", fields: ["LastName": "A", "Badge__c": "B-1", "Region__c": "EMEA"], as: admin)
                await #expect(throws: APIError.self) {
                    _ = try await store.create("Contact", fields: ["LastName": "B", "Badge__c": "B-1", "Region__c": "EMEA"], as: admin)
                }
                // The standard objects' keys work in a schema file: a field that cannot be empty
                // must be given, and describe sends what the file says.
                do {
                    _ = try await store.create("Contact", fields: ["LastName": "C"], as: admin)
                    Issue.record("a create without Region__c succeeded")
                } catch let error as APIError {
                    #expect(error.errorCode == "REQUIRED_FIELD_MISSING" && error.fields == ["Region__c"])
                }
                let client = HTTPTestClient(baseURL: server.credentials.instanceURL)
                let token = try await client.send(
                    "POST", "/services/oauth2/token",
                    form: [
                        "grant_type": "password", "client_id": server.credentials.clientID, "username": server.credentials.username,
                        "password": server.credentials.password,
                    ]
                ).json["access_token"]?.stringValue
                let describe = try await client.send(
                    "GET", "/services/data/\(APIVersion.current)/sobjects/Contact/describe", token: token
                ).json
                let region = describe["fields"]?.arrayValue?.first { $0["name"] == "Region__c" }
                #expect(
                    region?["type"] == "combobox" && region?["nillable"] == false && region?["inlineHelpText"] == "Where the contact works")
                #expect(region?["picklistValues"]?[1]?["label"] == "Asia Pacific" && region?["picklistValues"]?[1]?["active"] == false)
            }
        }
    }

    @Test("a field added to a custom object later is read by name: the 412 check still sees LastModifiedDate")
    func schemaGrowsBetweenRuns() async throws {
        try await withTemporaryDirectory { directory throws in
            let schema = directory.appendingPathComponent("schema.json")
            func declare(_ fields: String) throws {
                try Data(#"{"objects": [{"name": "Thing__c", "fields": [\#(fields)]}]}"#.utf8).write(to: schema)
            }
            var configuration = configuration(in: directory.appendingPathComponent("org"))
            configuration.schemaFile = schema
            try declare(#"{"name": "Size__c", "type": "int"}"#)
            let (admin, id) = try await LocalOrgServer.withRunning(configuration) { first throws in
                let admin = try await adminID(of: first)
                return (admin, try await first.store.create("Thing__c", fields: ["Name": "T", "Size__c": 3], as: admin))
            }

            // Colour__c now stands before Size__c in the type, but at the end of the table.
            try declare(#"{"name": "Colour__c", "type": "string"}, {"name": "Size__c", "type": "int"}"#)
            try await LocalOrgServer.withRunning(configuration) { second throws in
                let longAgo = Date(timeIntervalSince1970: 0)
                await #expect {
                    try await second.store.update("Thing__c", id: id, fields: ["Colour__c": "red"], ifUnmodifiedSince: longAgo, as: admin)
                } throws: { ($0 as? APIError)?.status == 412 }
                try await second.store.update("Thing__c", id: id, fields: ["Colour__c": "red"], as: admin)
                let record = try await second.store.retrieve("Thing__c", id: id)
                #expect(record["Size__c"] == .integer(3))
                #expect(record["Colour__c"] == .string("red"))
            }
        }
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
                "Thing__c.fields[0]: \"type\" of Size__c must be one of reference, string, textarea, email, phone, url, picklist, combobox, multipicklist, boolean, int, double, currency, percent, date, datetime, time, base64"
            ),
            (
                #"{"fields": {"Account": [{"name": "Name", "type": "string"}]}}"#,
                "fields.Account[0]: \"Name\" must end in __c"
            ),
            (#"{"objects": [{"name": "A__c", "keyPrefix": "001"}]}"#, "object \"A__c\" reuses the key prefix 001"),
            // Describe may not say what the org does otherwise: a writable field shown as read-only.
            (
                #"{"fields": {"Account": [{"name": "Tier__c", "type": "string", "describe": {"createable": false}}]}}"#,
                "fields.Account[0]: \"createable\" of Tier__c goes beside \"describe\", not in it"
            ),
            (#"[1]"#, "the top level must be an object with \"objects\" and/or \"fields\""),
        ])
    func badSchemaFiles(text: String, reason: String) async throws {
        try await withTemporaryDirectory { directory throws in
            let schema = directory.appendingPathComponent("schema.json")
            try Data(text.utf8).write(to: schema)
            var configuration = configuration(in: directory.appendingPathComponent("org"))
            configuration.schemaFile = schema
            await #expect(throws: LocalOrgError.invalidSchema(file: schema.path, reason: reason)) {
                try await LocalOrgServer.withRunning(configuration) { _ in }
            }
        }
    }
}
