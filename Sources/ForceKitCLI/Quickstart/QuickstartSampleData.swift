import Foundation
import LocalOrg
import LocalOrgEngine
import SalesforceCore

/// The records `forcekit quickstart` puts in its LocalOrg: Accounts with made-up but plausible
/// names, cities and industries, and two Contacts each. The same every run.
enum QuickstartSampleData {
    /// How many Contacts each Account gets.
    static let contactsPerAccount = 2

    /// Creates `accounts` Accounts and their Contacts as the org's default user, unless the org
    /// has Accounts already (a `--data` folder from an earlier run), reporting progress.
    /// - Returns: the Accounts and Contacts the org has, and whether they were created now.
    static func load(accounts: Int, into server: LocalOrgServer, progress: ProgressLine) async throws -> (
        accounts: Int, contacts: Int, created: Bool
    ) {
        let existing = try await server.store.query("SELECT Id FROM Account", batchSize: 200).totalSize
        if existing > 0 {
            let contacts = try await server.store.query("SELECT Id FROM Contact", batchSize: 200).totalSize
            return (existing, contacts, false)
        }
        let userID = server.credentials.user.userID.id18
        let total = accounts * (1 + contactsPerAccount)
        var done = 0
        for start in stride(from: 0, to: accounts, by: 500) {
            try Task.checkCancellation()
            let range = start..<min(start + 500, accounts)
            let ids = try await server.store.create("Account", records: range.map(account), as: userID)
            done += ids.count
            var contacts: [JSON] = []
            for (offset, id) in ids.enumerated() {
                for number in 0..<contactsPerAccount { contacts.append(contact(range.lowerBound + offset, number, accountID: id)) }
            }
            _ = try await server.store.create("Contact", records: contacts, as: userID)
            done += contacts.count
            progress.update(done: done, total: total)
        }
        progress.finish()
        return (accounts, accounts * contactsPerAccount, true)
    }

    private static let adjectives = [
        "Blue", "Northern", "Bright", "Silver", "Granite", "Coastal", "Summit", "Evergreen", "Harbor", "Prairie",
    ]
    private static let nouns = ["River", "Peak", "Field", "Forge", "Lantern", "Orchard", "Bridge", "Meadow", "Canyon", "Beacon", "Falcon"]
    private static let kinds = ["Logistics", "Energy", "Foods", "Health", "Robotics", "Textiles", "Analytics", "Outfitters", "Labs"]
    private static let industries = ["Transportation", "Energy", "Food & Beverage", "Healthcare", "Technology", "Apparel", "Retail"]
    private static let cities = ["San Francisco", "Chicago", "Austin", "Toronto", "London", "Paris", "Lagos", "Sydney", "Tokyo", "Lima"]
    private static let firstNames = ["Ada", "Grace", "Alan", "Katherine", "Linus", "Margaret", "Tim", "Barbara", "Dennis", "Frances"]
    private static let lastNames = ["Lovelace", "Hopper", "Turing", "Johnson", "Torvalds", "Hamilton", "Berners-Lee", "Liskov", "Ritchie"]
    private static let titles = ["VP Sales", "Buyer", "CFO", "Operations Manager", "CTO", "Account Manager", "Director of IT"]

    private static func account(_ index: Int) -> JSON {
        let name =
            "\(adjectives[index % adjectives.count]) \(nouns[(index / adjectives.count) % nouns.count]) "
            + "\(kinds[index % kinds.count]) \(index + 1)"
        return [
            "Name": .string(name), "Industry": .string(industries[index % industries.count]),
            "BillingCity": .string(cities[index % cities.count]),
            "Phone": .string(String(format: "+1 415 555 %04d", index % 10_000)),
        ]
    }

    private static func contact(_ accountIndex: Int, _ number: Int, accountID: String) -> JSON {
        let index = accountIndex * contactsPerAccount + number
        let first = firstNames[index % firstNames.count]
        let last = lastNames[(index / firstNames.count) % lastNames.count]
        return [
            "FirstName": .string(first), "LastName": .string(last), "Title": .string(titles[index % titles.count]),
            "Email": .string("\(first.lowercased()).\(last.lowercased())\(index)@example.com"), "AccountId": .string(accountID),
        ]
    }
}
