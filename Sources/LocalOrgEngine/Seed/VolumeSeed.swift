import Foundation
import GRDB
import SOQL
import SQLiteBinding
import SalesforceCore

/// Generated Accounts, each with Contacts, in the numbers a real org holds: for trying LocalOrg,
/// and an app against it, at volume (`forcekit serve --seed-accounts N`).
///
/// The records look like the sample data (company names, industries, cities, people with
/// titles and addresses) and are the same on every machine. They are written straight into the
/// store, tens of thousands to a transaction: no recent items and no per-record checks, since
/// every value is made valid here. Each Account's name ends with its number, so a selective
/// query has one record to find (`Name = 'Acme Labs 17'`).
public struct VolumeSeed: Sendable {
    /// The Accounts to make.
    public var accounts: Int
    /// The Contacts each Account gets.
    public var contactsPerAccount: Int
    /// Told the records written so far and the total, after each transaction.
    public var progress: (@Sendable (_ written: Int, _ total: Int) -> Void)?

    /// A seed of `accounts` Accounts with `contactsPerAccount` Contacts each.
    public init(accounts: Int, contactsPerAccount: Int = 3, progress: (@Sendable (_ written: Int, _ total: Int) -> Void)? = nil) {
        self.accounts = accounts
        self.contactsPerAccount = contactsPerAccount
        self.progress = progress
    }

    /// Every record the seed makes.
    public var totalRecords: Int { accounts * (1 + contactsPerAccount) }

    /// The name of the Account numbered `number` (from 1): a company from the sample data's
    /// names and its number.
    public static func accountName(_ number: Int) -> String {
        let index = number - 1
        let stems = SeedData.companyStems
        return "\(stems[index % stems.count]) \(SeedData.companySuffixes[(index / stems.count) % SeedData.companySuffixes.count]) \(number)"
    }

    /// How many Accounts one transaction writes (with their Contacts): large enough that commits
    /// cost little, small enough that readers see progress and memory stays flat.
    static let accountsPerTransaction = 10_000
}

extension OrgStore {
    /// Writes `seed`'s records, owned by `ownerID`. Run on a new org (the names would repeat).
    package func write(_ seed: VolumeSeed, ownerID: String) async throws(APIError) {
        guard seed.accounts > 0 else { return }
        let (accountType, contactType) = (try type(named: "Account"), try type(named: "Contact"))
        let (firstAccount, firstContact) = try await write { db in
            (
                try OrgDatabase.reserveIDs(count: seed.accounts, prefix: accountType.keyPrefix, base: self.idBase, in: db),
                try OrgDatabase.reserveIDs(
                    count: seed.accounts * seed.contactsPerAccount, prefix: contactType.keyPrefix, base: self.idBase, in: db)
            )
        }
        // Made over the past days, a second apart, the newest last (Contacts with their Account),
        // as an org's records are: a sync's order by modification is the order they came in.
        let newest = now.millisecondsSinceEpoch
        let timestamp = { @Sendable (index: Int) in
            SOQLDateTime(millisecondsSinceEpoch: newest - Int64(seed.accounts - index) * 1_000).description
        }
        for start in stride(from: 0, to: seed.accounts, by: VolumeSeed.accountsPerTransaction) {
            let end = min(start + VolumeSeed.accountsPerTransaction, seed.accounts)
            try await write { db in
                var writer = try VolumeSeedWriter(db: db, ownerID: ownerID, account: accountType, contact: contactType)
                for index in start..<end {
                    let accountID = RecordID.make(prefix: accountType.keyPrefix, counter: firstAccount + Int64(index))
                    writer.timestamp = timestamp(index)
                    try writer.insertAccount(index, id: accountID)
                    for number in 0..<seed.contactsPerAccount {
                        let contact = index * seed.contactsPerAccount + number
                        try writer.insertContact(
                            contact, id: RecordID.make(prefix: contactType.keyPrefix, counter: firstContact + Int64(contact)),
                            accountIndex: index, accountID: accountID)
                    }
                }
            }
            seed.progress?(end * (1 + seed.contactsPerAccount), seed.totalRecords)
        }
    }
}

/// One transaction's inserts of seeded records, through two prepared statements.
private struct VolumeSeedWriter {
    static let accountColumns = [
        "Name", "AccountNumber", "Type", "Industry", "Rating", "AnnualRevenue", "NumberOfEmployees", "Phone", "Website",
        "BillingStreet", "BillingCity", "BillingState", "BillingCountry", "BillingPostalCode",
    ]
    static let contactColumns = [
        "FirstName", "LastName", "Name", "AccountId", "Title", "Email", "Phone", "MailingCity", "MailingState", "MailingCountry",
        "LeadSource",
    ]
    static let systemColumns = [
        "Id", "IsDeleted", "CreatedDate", "LastModifiedDate", "SystemModstamp", "CreatedById", "LastModifiedById", "OwnerId",
    ]
    static let types = ["Prospect", "Customer - Direct", "Customer - Channel", "Partner"]
    static let ratings = ["Hot", "Warm", "Cold"]

    var accounts: RowStatement
    var contacts: RowStatement
    /// When the records being written were made and last changed.
    var timestamp = ""
    let ownerID: String

    init(db: Database, ownerID: String, account: SObjectType, contact: SObjectType) throws {
        func statement(_ type: SObjectType, _ columns: [String]) throws -> RowStatement {
            // Every other checkbox is false, as a create leaves it; a literal costs the inserts nothing.
            let given = Set(Self.systemColumns + columns)
            let stored = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [type.name]))
            let checkboxes = type.fields.filter { $0.type == .boolean && !given.contains($0.name) && stored.contains($0.name) }.map(\.name)
            let names = (Self.systemColumns + columns + checkboxes).map(OrgDatabase.quoted).joined(separator: ", ")
            let marks =
                Array(repeating: "?", count: Self.systemColumns.count + columns.count) + Array(repeating: "0", count: checkboxes.count)
            return RowStatement(
                try db.cachedStatement(
                    sql: "INSERT INTO \(OrgDatabase.quoted(type.name)) (\(names)) VALUES (\(marks.joined(separator: ", ")))"))
        }
        accounts = try statement(account, Self.accountColumns)
        contacts = try statement(contact, Self.contactColumns)
        self.ownerID = ownerID
    }

    /// The people's names as email addresses spell them, made once.
    static let emailFirstNames = SeedData.firstNames.map { $0.lowercased() }
    static let emailLastNames = SeedData.lastNames.map { $0.lowercased().filter(\.isLetter) }

    /// A position in a list of `count` for record `index`, spread so neighbours differ.
    private static func position(of count: Int, _ index: Int, _ salt: Int) -> Int {
        var mixer = SeededGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ UInt64(salt))
        return Int(mixer.next() % UInt64(count))
    }

    /// A value from `items` for record `index`.
    private static func pick<T>(_ items: [T], _ index: Int, _ salt: Int) -> T {
        items[position(of: items.count, index, salt)]
    }

    private static func phone(_ index: Int) -> String {
        "(\(200 + index % 790)) 555-\(String(1000 + (index * 7) % 9000))"
    }

    private static func bindSystem(_ statement: inout RowStatement, id: String, timestamp: String, ownerID: String) throws {
        try statement.bind(text: id.utf8)
        try statement.bind(0)
        for _ in 0..<3 { try statement.bind(text: timestamp.utf8) }
        for _ in 0..<3 { try statement.bind(text: ownerID.utf8) }
    }

    mutating func insertAccount(_ index: Int, id: String) throws {
        let number = index + 1
        let place = Self.pick(SeedData.places, index, 1)
        let stem = SeedData.companyStems[index % SeedData.companyStems.count]
        try Self.bindSystem(&accounts, id: id, timestamp: timestamp, ownerID: ownerID)
        for text in [
            VolumeSeed.accountName(number), "VS\(number)", Self.pick(Self.types, index, 2), Self.pick(SeedValues.industries, index, 3),
            Self.pick(Self.ratings, index, 4),
        ] {
            try accounts.bind(text: text.utf8)
        }
        try accounts.bind((Double((index * 7_919) % 2_000 + 5) * 100_000).databaseValue)
        try accounts.bind(Int64((index * 104_729) % 50_000 + 5))
        try accounts.bind(text: Self.phone(index).utf8)
        try accounts.bind(text: "https://www.\(stem.lowercased().filter(\.isLetter)).example.com".utf8)
        try accounts.bind(text: "\(1 + index % 9_999) \(Self.pick(SeedData.streets, index, 5))".utf8)
        for text in [place.city, place.state, place.country, String(10_000 + (index * 31) % 90_000)] { try accounts.bind(text: text.utf8) }
        try accounts.execute()
    }

    mutating func insertContact(_ index: Int, id: String, accountIndex: Int, accountID: String) throws {
        let (firstIndex, lastIndex) = (
            Self.position(of: SeedData.firstNames.count, index, 6), Self.position(of: SeedData.lastNames.count, index, 7)
        )
        let (first, last) = (SeedData.firstNames[firstIndex], SeedData.lastNames[lastIndex])
        let place = Self.pick(SeedData.places, accountIndex, 1)
        try Self.bindSystem(&contacts, id: id, timestamp: timestamp, ownerID: ownerID)
        let email = "\(Self.emailFirstNames[firstIndex]).\(Self.emailLastNames[lastIndex]).\(index + 1)@example.com"
        for text in [
            first, last, "\(first) \(last)", accountID, Self.pick(SeedData.titles, index, 8), email, Self.phone(index), place.city,
            place.state, place.country, Self.pick(SeedValues.leadSources, index, 9),
        ] {
            try contacts.bind(text: text.utf8)
        }
        try contacts.execute()
    }
}
