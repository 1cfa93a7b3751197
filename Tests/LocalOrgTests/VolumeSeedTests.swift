import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import Testing

/// `forcekit serve --seed-accounts N`: a new org with generated Accounts and Contacts in bulk.
@Suite("LocalOrg volume seeding")
struct VolumeSeedTests {
    private static func query(_ org: APITestOrg, _ soql: String, token: String) async throws -> JSON {
        let encoded = soql.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "+&=")))
        let reply = try await org.send("GET", "\(org.dataPath)/query?q=\(encoded ?? "")", token: token)
        guard reply.status == 200 else { throw TestFailure("\(soql): \(reply.status) \(reply.text)") }
        return reply.json
    }

    @Test("a seeded org answers like any other: counts, a name to select by, relationships both ways, new records beside")
    func seededOrgAnswers() async throws {
        let reports = Locked<[Int]>([])
        var configuration = LocalOrgConfiguration()
        configuration.volumeSeed = VolumeSeed(accounts: 25_000, contactsPerAccount: 3) { written, total in
            #expect(total == 100_000)
            reports.withLock { $0.append(written) }
        }
        try await withTestOrg(seed: false, configuration: configuration) { org in
            let token = try await org.passwordToken()
            #expect(reports.withLock { $0 } == [40_000, 80_000, 100_000])
            #expect(try await Self.query(org, "SELECT COUNT() FROM Account", token: token)["totalSize"] == 25_000)
            #expect(try await Self.query(org, "SELECT COUNT() FROM Contact", token: token)["totalSize"] == 75_000)

            // The third Account's name is the third company's, with its number.
            let third = try await Self.query(
                org,
                "SELECT Id, Name, Owner.Username, Industry, BillingCity, (SELECT Name, Email FROM Contacts) FROM Account WHERE Name = 'Initech Inc. 3'",
                token: token)
            #expect(third["totalSize"] == 1)
            let account = try #require(third["records"]?.arrayValue?.first)
            #expect(account["Owner"]?["Username"] == .string(org.credentials.username))
            #expect(account["Industry"]?.stringValue?.isEmpty == false && account["BillingCity"]?.stringValue?.isEmpty == false)
            let contacts = try #require(account["Contacts"]?["records"]?.arrayValue)
            #expect(contacts.count == 3)
            #expect(
                contacts.allSatisfy {
                    ($0["Email"]?.stringValue ?? "").hasSuffix("@example.com") && $0["Name"]?.stringValue?.contains(" ") == true
                })
            let children = try await Self.query(org, "SELECT Id FROM Contact WHERE Account.Name = 'Initech Inc. 3'", token: token)
            #expect(children["totalSize"] == 3)

            // Ids go on after the seed's: a new Contact under a seeded Account is created.
            let accountID = try #require(account["Id"]?.stringValue)
            let created = try await org.send(
                "POST", "\(org.dataPath)/sobjects/Contact", token: token, json: ["LastName": "Later", "AccountId": .string(accountID)])
            #expect(created.status == 201)
            let after = try await Self.query(org, "SELECT COUNT() FROM Contact WHERE AccountId = '\(accountID)'", token: token)
            #expect(after["totalSize"] == 4)

            // Seeding is not the user's own work: nothing is in the recently viewed list.
            let recent = try await org.send("GET", "\(org.dataPath)/recent", token: token)
            #expect(recent.json.arrayValue?.count == 1)
        }
    }

    @Test("an org kept in a data folder is seeded once: started again with the seed, it keeps its records")
    func seedsOnlyNewOrg() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("volume-seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = LocalOrgConfiguration()
        configuration.dataDirectory = folder
        configuration.volumeSeed = VolumeSeed(accounts: 500, contactsPerAccount: 1)
        for _ in 0..<2 {
            try await withTestOrg(seed: false, configuration: configuration) { org in
                let token = try await org.passwordToken()
                #expect(try await Self.query(org, "SELECT COUNT() FROM Account", token: token)["totalSize"] == 500)
                #expect(try await Self.query(org, "SELECT COUNT() FROM Contact", token: token)["totalSize"] == 500)
            }
        }
    }

    @Test("seeded records' checkboxes are false, as a create leaves them, so a filter on false finds them all")
    func seededCheckboxes() async throws {
        var configuration = LocalOrgConfiguration()
        configuration.volumeSeed = VolumeSeed(accounts: 20, contactsPerAccount: 1)
        try await withTestOrg(seed: false, configuration: configuration) { org in
            let token = try await org.passwordToken()
            let contacts = try await Self.query(org, "SELECT COUNT() FROM Contact WHERE IsEmailBounced = false", token: token)
            #expect(contacts["totalSize"] == 20)
            let account = try await Self.query(
                org, "SELECT COUNT() FROM Account WHERE IsPartner = false AND IsCustomerPortal = false", token: token)
            #expect(account["totalSize"] == 20)
        }
    }
}
