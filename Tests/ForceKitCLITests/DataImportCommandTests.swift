import ForceKitTestSupport
import ForceKitTesting
import Foundation
import SalesforceCore
import Testing

/// Records loaded from files, as `sf data import tree` users and CSV exports bring them.
@Suite("forcekit data import")
struct DataImportCommandTests {
    func write(_ text: String, to name: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("import tree: sf's tree files in order, children with their parents, @Ref as the id of a record created before; a plan file too")
    func treeFiles() async throws {
        try await withLoggedInHome { _, home in
            let accounts = try write(
                """
                {"records": [
                  {"attributes": {"type": "Account", "referenceId": "AccountRef1"}, "Name": "Tree One", "NumberOfEmployees": 12,
                   "Contacts": {"records": [{"attributes": {"type": "Contact", "referenceId": "ContactRef1"}, "LastName": "Child"}]}},
                  {"attributes": {"type": "Account", "referenceId": "AccountRef2"}, "Name": "Tree Two"}
                ]}
                """, to: "Account.json", in: home)
            _ = try write(
                """
                {"records": [{"attributes": {"type": "Contact", "referenceId": "ContactRef2"}, "LastName": "Later",
                  "AccountId": "@AccountRef2", "Title": "@handle"}]}
                """, to: "Contact.json", in: home)
            let imported = await forcekit("data", "import", "tree", "--files", "\(accounts),\(home.path)/Contact.json")
            #expect(imported.exitCode == 0, "\(imported.error)")
            let lines = imported.outputLines
            #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["Reference", "Type", "Id"])
            #expect(
                lines.dropFirst().map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
                    "AccountRef1 Account", "ContactRef1 Contact", "AccountRef2 Account", "ContactRef2 Contact",
                ])
            #expect(imported.error.contains("created 4 records in 2 requests"))
            let linked = await forcekit(
                "query", "SELECT LastName, Account.Name, Title FROM Contact WHERE LastName IN ('Child', 'Later') ORDER BY LastName", "--csv"
            )
            // A parent through its nesting and through @AccountRef2; text that only starts with @ stays text.
            #expect(linked.outputLines == ["LastName,Account.Name,Title", "Child,Tree One,", "Later,Tree Two,@handle"], "\(linked.output)")

            let plan = try write(
                #"[{"sobject": "Account", "saveRefs": true, "files": ["Account.json"]}, {"sobject": "Contact", "resolveRefs": true, "files": ["Contact.json"]}]"#,
                to: "plan.json", in: home)
            let planned = await forcekit("data", "import", "tree", "--plan", plan, "--json")
            #expect(planned.exitCode == 0, "\(planned.error)")
            let results = try JSON(parsing: planned.output).arrayValue ?? []
            #expect(results.map { $0["refId"]?.stringValue ?? "" } == ["AccountRef1", "ContactRef1", "AccountRef2", "ContactRef2"])
            #expect(results.allSatisfy { ($0["id"]?.stringValue?.count ?? 0) == 18 })
        }
    }

    @Test("import tree: 200 records a request; a refused request names the record and its error, and what was created before stays")
    func treeInRequestsOf200() async throws {
        try await withLoggedInHome { _, home in
            var records = (0..<450).map { index -> JSON in
                ["attributes": ["type": "Account", "referenceId": .string("Big\(index)")], "Name": .string("Big \(index)")]
            }
            records[300] = ["attributes": ["type": "Account", "referenceId": "Big300"], "Industry": "Energy"]
            let big = try write(JSON.object(["records": .array(records)]).serialized(), to: "big.json", in: home)
            let result = await forcekit("data", "import", "tree", "--files", big)
            #expect(result.exitCode == 1)
            #expect(result.outputLines.count == 201, "the 200 records of the first request, under a header")
            #expect(result.error.contains("the org refused request 2 of 3"), "\(result.error)")
            #expect(
                result.error.contains("Big300 (Account): REQUIRED_FIELD_MISSING: Required fields are missing: [Name]"), "\(result.error)")
            #expect(result.error.contains("the 200 records of the requests before it were created and stay"))
            let count = await forcekit("query", "SELECT COUNT() FROM Account WHERE Name LIKE 'Big %'", "--csv")
            #expect(count.outputLines.last == "200")

            // A reference to a record nothing creates is found before anything is sent.
            let dangling = try write(
                #"{"records": [{"attributes": {"type": "Contact", "referenceId": "C1"}, "LastName": "Orphan", "AccountId": "@Nope"}]}"#,
                to: "dangling.json", in: home)
            let refused = await forcekit("data", "import", "tree", "--files", dangling)
            #expect(refused.exitCode == 1 && refused.error.contains("C1's AccountId is @Nope, which no record before it creates"))
            let orphans = await forcekit("query", "SELECT COUNT() FROM Contact WHERE LastName = 'Orphan'", "--csv")
            #expect(orphans.outputLines.last == "0")
            let notTree = try write(#"[{"Name": "x"}]"#, to: "list.json", in: home)
            let wrongShape = await forcekit("data", "import", "tree", "--files", notTree)
            #expect(wrongShape.exitCode == 1 && wrongShape.error.contains("is not an sObject tree file"), "\(wrongShape.error)")
            #expect(await forcekit("data", "import", "tree").exitCode == 64)
        }
    }

    @Test(
        "import csv: Bulk API's CSV rules (quoted commas, empty is unset, #N/A is null), typed values; a refused row is named by its line")
    func csvRows() async throws {
        try await withLoggedInHome { _, home in
            let csv = try write(
                "Name,NumberOfEmployees,Phone,Description\nCSV One,12,555-0100,\"with, comma\"\n,3,,\nCSV Three,7,#N/A,\n\n",
                to: "accounts.csv", in: home)
            let result = await forcekit("data", "import", "csv", "Account", csv)
            #expect(result.exitCode == 1)
            #expect(result.output == "Account from \(csv): created 2, 1 failed\n", "\(result.output)")
            #expect(result.error.contains("line 3: REQUIRED_FIELD_MISSING: Required fields are missing: [Name]"), "\(result.error)")
            let rows = await forcekit(
                "query", "SELECT Name, NumberOfEmployees, Phone, Description FROM Account WHERE Name LIKE 'CSV %' ORDER BY Name", "--csv")
            #expect(
                rows.outputLines == ["Name,NumberOfEmployees,Phone,Description", "CSV One,12,555-0100,\"with, comma\"", "CSV Three,7,,"])

            let json = await forcekit("data", "import", "csv", "Account", csv, "--json")
            let lines = try json.outputLines.map { try JSON(parsing: $0) }
            #expect(lines.map { $0["line"]?.integerValue ?? 0 } == [2, 3, 4])
            #expect(lines.map { $0["success"]?.boolValue ?? false } == [true, false, true])
            #expect(lines[1]["errors"]?[0]?["statusCode"] == "REQUIRED_FIELD_MISSING")

            let ragged = try write("Name,Phone\nOnly a name\n", to: "ragged.csv", in: home)
            let refused = await forcekit("data", "import", "csv", "Account", ragged)
            #expect(refused.exitCode == 1 && refused.error.contains("line 2 has 1 values for the header's 2 fields"), "\(refused.error)")
        }
    }

    @Test("import csv --bulk: one Bulk API 2.0 ingest job; a refused row is named by its values and Salesforce's error")
    func csvBulk() async throws {
        try await withLoggedInHome { _, home in
            let csv = try write(
                "Name,NumberOfEmployees,Phone,External_Id__c\r\nBulk One,12,555-0100,B-1\r\n,3,,B-2\r\nBulk Three,7,#N/A,B-3\r\n",
                to: "bulk.csv", in: home)
            let result = await forcekit("data", "import", "csv", "Account", csv, "--bulk")
            #expect(result.exitCode == 1)
            #expect(result.output == "Account from \(csv): created 2, 1 failed\n", "\(result.output)")
            #expect(
                result.error.contains(
                    "Name=, NumberOfEmployees=3, Phone=, External_Id__c=B-2: REQUIRED_FIELD_MISSING:Required fields are missing: [Name]:Name --"
                ),
                "\(result.error)")
            let upsert = try write("External_Id__c,Phone\nB-1,555-0199\nB-4,555-0104\n", to: "upsert.csv", in: home)
            let again = await forcekit("data", "import", "csv", "Account", upsert, "--bulk", "--external-id", "External_Id__c", "--json")
            let lines = try again.outputLines.map { try JSON(parsing: $0) }
            #expect(again.exitCode == 1 && lines.count == 2)
            #expect(lines[0]["success"] == true && lines[0]["created"] == false)
            #expect(lines[1]["success"] == false && lines[1]["error"]?.stringValue?.hasPrefix("REQUIRED_FIELD_MISSING") == true)
            let phone = await forcekit("query", "SELECT Phone FROM Account WHERE External_Id__c = 'B-1'", "--csv")
            #expect(phone.outputLines.last == "555-0199")
        }
    }

    @Test("export tree then import tree: the records come back with their children and links, under new ids, as sf's files carry them")
    func exportThenImport() async throws {
        try await withLoggedInHome { _, home in
            let parent = await forcekit("data", "create", "Account", "Name=Round Parent", "BillingCity=Lyon")
            let parentID = parent.output.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(await forcekit("data", "create", "Account", "Name=Round Child", "ParentId=\(parentID)").exitCode == 0)
            #expect(await forcekit("data", "create", "Contact", "LastName=Roundtrip", "AccountId=\(parentID)").exitCode == 0)
            let folder = home.appendingPathComponent("seed").path
            let exported = await forcekit(
                "data", "export", "tree", "--output-dir", folder, "--query",
                "SELECT Id, Name, ParentId, Owner.Name, BillingAddress, (SELECT Id, LastName, AccountId FROM Contacts) FROM Account WHERE Name LIKE 'Round %' ORDER BY Name DESC"
            )
            #expect(exported.exitCode == 0, "\(exported.error)")
            #expect(exported.output == folder + "/Account-Contact.json\n")
            #expect(
                exported.error.contains("wrote 2 Account, 1 Contact") && exported.error.contains("Owner is left out")
                    && exported.error.contains("BillingAddress is left out"), "\(exported.error)")
            let file = try JSON(parsing: Data(contentsOf: URL(fileURLWithPath: folder + "/Account-Contact.json")))
            let records = file["records"]?.arrayValue ?? []
            #expect(records.map { $0["attributes"]?["referenceId"] } == ["AccountRef1", "AccountRef2"])
            // Ids become references; the child's link to its parent is its nesting.
            #expect(records[1]["ParentId"] == "@AccountRef1" && records[0]["Id"] == nil && records[0]["Owner"] == nil)
            let contact = records[0]["Contacts"]?["records"]?[0]
            #expect(
                contact?["LastName"] == "Roundtrip" && contact?["AccountId"] == nil
                    && contact?["attributes"]?["referenceId"] == "ContactRef1")

            let imported = await forcekit("data", "import", "tree", "--files", folder + "/Account-Contact.json")
            #expect(imported.exitCode == 0, "\(imported.error)")
            // Round Child names Round Parent of the same file: it goes in the next request, once that parent exists.
            #expect(imported.error.contains("created 3 records in 2 requests"), "\(imported.error)")
            let children = await forcekit(
                "query", "SELECT Parent.Name FROM Account WHERE Name = 'Round Child' AND ParentId != '\(parentID)'", "--csv")
            #expect(children.outputLines == ["Parent.Name", "Round Parent"], "\(children.output)")
            let contacts = await forcekit(
                "query", "SELECT Account.Name FROM Contact WHERE LastName = 'Roundtrip' AND AccountId != '\(parentID)'", "--csv")
            #expect(contacts.outputLines == ["Account.Name", "Round Parent"], "\(contacts.output)")
        }
    }
}
