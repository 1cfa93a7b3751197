import ArgumentParser
import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore

/// What the suites that run LocalOrg share: loading Accounts and getting a token.
enum BenchOrg {
    /// Creates `accounts` Accounts with names (`prefix` and a number), revenue, cities and
    /// industries, 5,000 at a time.
    static func load(accounts: Int, into store: OrgStore, as userID: String, prefix: String = "Account ") async throws {
        let industries = ["Energy", "Banking", "Retail", "Technology", nil]
        for start in stride(from: 0, to: accounts, by: 5_000) {
            let batch = (start..<min(start + 5_000, accounts)).map { index -> JSON in
                var fields: [String: JSON] = [
                    "Name": .string("\(prefix)\(index)"), "AnnualRevenue": .double(Double(index * 1_000)),
                    "BillingCity": .string(["Paris", "Lagos", "Lima", "Oslo"][index % 4]),
                ]
                fields["Industry"] = industries[index % industries.count].map(JSON.string)
                return .object(fields)
            }
            _ = try await store.create("Account", records: batch, as: userID)
        }
    }

    /// Creates `accounts` Accounts named `Tree` and a number, each with `contactsPerAccount`
    /// Contacts, 5,000 records at a time: a parent-children sync's tree.
    static func loadTree(accounts: Int, contactsPerAccount: Int, into store: OrgStore, as userID: String) async throws {
        var accountIds: [String] = []
        for start in stride(from: 0, to: accounts, by: 5_000) {
            let batch = (start..<min(start + 5_000, accounts)).map { JSON.object(["Name": .string("Tree \($0)")]) }
            accountIds += try await store.create("Account", records: batch, as: userID)
        }
        var contacts: [JSON] = []
        for (index, id) in accountIds.enumerated() {
            for number in 0..<contactsPerAccount {
                contacts.append(["LastName": .string("Contact \(index)-\(number)"), "AccountId": .string(id)])
            }
        }
        for start in stride(from: 0, to: contacts.count, by: 5_000) {
            _ = try await store.create("Contact", records: Array(contacts[start..<min(start + 5_000, contacts.count)]), as: userID)
        }
    }

    /// An access token for the default user, from the password flow.
    static func passwordToken(_ server: LocalOrgServer) async throws -> String {
        let credentials = server.credentials
        return try await passwordToken(
            instanceURL: credentials.instanceURL, clientID: credentials.clientID, username: credentials.username,
            password: credentials.password)
    }

    /// An access token from the password flow at `instanceURL`.
    static func passwordToken(instanceURL: String, clientID: String, username: String, password: String) async throws -> String {
        let reply = try await RawHTTPClient(baseURL: instanceURL).send(
            "POST", "/services/oauth2/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: RawHTTPClient.formBody([
                "grant_type": "password", "client_id": clientID, "username": username, "password": password,
            ]))
        guard let token = try JSON(parsing: Array(reply.body))["access_token"]?.stringValue else {
            throw ValidationError("no token from LocalOrg")
        }
        return token
    }
}

extension Measurement {
    /// Operations per second of one run of `body`, which must report doing `operations`.
    static func rate(_ operations: Int, _ body: () async throws -> Int) async throws -> Double {
        let start = ContinuousClock.now
        let done = try await body()
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard done == operations else { throw ValidationError("expected \(operations) operations, did \(done)") }
        return Double(operations) / seconds
    }
}
