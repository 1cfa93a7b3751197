import Foundation
import GRDB
import SOQL
import SalesforceCore

/// A new org's users and sample data: a few hundred related Accounts, Contacts and
/// Opportunities with realistic values, the same on every machine (a fixed seed).
enum SeedData {
    static let accountCount = 300

    static let companyStems = [
        "Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Wonka", "Tyrell", "Cyberdyne", "Soylent", "Hooli", "Vandelay",
        "Pied Piper", "Aperture", "Black Mesa", "Oscorp", "Gringotts", "Monarch", "Blue Sun", "Nakatomi", "Massive Dynamic",
        "Dunder Mifflin", "Sterling Cooper", "Prestige Worldwide", "Bluth", "Krusty", "Duff", "Oceanic", "Virtucon", "Genco",
        "Northwind", "Contoso", "Fabrikam", "Tailspin", "Litware", "Proseware", "Adatum", "Woodgrove", "Alpine", "Coho",
    ]
    static let companySuffixes = ["Inc.", "Corp.", "LLC", "Group", "Holdings", "Partners", "Systems", "Labs", "Industries", "Co."]
    static let firstNames = [
        "Ada", "Grace", "Alan", "Katherine", "Linus", "Margaret", "Tim", "Barbara", "Dennis", "Frances", "Ken", "Radia", "Guido",
        "Hedy", "John", "Mary", "James", "Sophie", "Edsger", "Anita", "Donald", "Shafi", "Leslie", "Jean", "Vint", "Karen",
        "Bjarne", "Lynn", "Niklaus", "Adele", "Yukihiro", "Evelyn", "Carlos", "Priya", "Wei", "Fatima", "Olga", "Kwame",
    ]
    static let lastNames = [
        "Lovelace", "Hopper", "Turing", "Johnson", "Torvalds", "Hamilton", "Berners-Lee", "Liskov", "Ritchie", "Allen",
        "Thompson", "Perlman", "van Rossum", "Lamarr", "McCarthy", "Keller", "Gosling", "Wilson", "Dijkstra", "Borg", "Knuth",
        "Goldwasser", "Lamport", "Bartik", "Cerf", "Jones", "Stroustrup", "Conway", "Wirth", "Goldberg", "Matsumoto", "Berezin",
        "Garcia", "Patel", "Zhang", "Haddad", "Ivanova", "Mensah",
    ]
    /// Cities with their coordinates, so that DISTANCE finds accounts near a point.
    static let places: [(city: String, state: String, country: String, latitude: Double, longitude: Double)] = [
        ("San Francisco", "CA", "USA", 37.7749, -122.4194), ("New York", "NY", "USA", 40.7128, -74.006),
        ("Austin", "TX", "USA", 30.2672, -97.7431), ("Chicago", "IL", "USA", 41.8781, -87.6298),
        ("Seattle", "WA", "USA", 47.6062, -122.3321), ("Boston", "MA", "USA", 42.3601, -71.0589),
        ("Denver", "CO", "USA", 39.7392, -104.9903), ("Atlanta", "GA", "USA", 33.749, -84.388),
        ("Toronto", "ON", "Canada", 43.6532, -79.3832), ("London", "England", "UK", 51.5074, -0.1278),
        ("Paris", "Île-de-France", "France", 48.8566, 2.3522), ("Berlin", "Berlin", "Germany", 52.52, 13.405),
        ("Tokyo", "Tokyo", "Japan", 35.6762, 139.6503), ("Sydney", "NSW", "Australia", -33.8688, 151.2093),
        ("São Paulo", "SP", "Brazil", -23.5505, -46.6333), ("Bangalore", "KA", "India", 12.9716, 77.5946),
    ]
    /// The markets of `Markets__c`, by the region of a city's country.
    static func markets(of country: String) -> String {
        switch country {
        case "USA", "Canada": return "AMER"
        case "Brazil": return "AMER;LATAM"
        case "UK", "France", "Germany": return "EMEA"
        default: return "APAC"
        }
    }
    static let titles = [
        "CEO", "CFO", "CTO", "VP Sales", "VP Engineering", "Director of IT", "Procurement Manager",
        "Operations Manager", "Buyer", "Head of Marketing", "Account Manager", "Engineer",
    ]
    static let streets = ["Market St", "Main St", "Broadway", "Elm St", "Oak Ave", "Pine St", "Maple Dr", "Cedar Ln"]

    /// Creates the default user (with `password`), some colleagues to own records, and the
    /// sample records. Runs once, on a new store.
    static func populate(_ store: OrgStore, settings: OrgSettings) async throws(APIError) -> String {
        let now = store.now
        let today = now.date
        let schema = store.schema
        return try await store.write { db in
            var random = SeededGenerator(seed: 0x0F0C_EC17)
            let timestamp = now.description
            func insert(_ typeName: String, _ values: [String: FieldValue], as userID: String) throws -> String {
                guard let type = schema.type(named: typeName) else { throw APIError.invalidType(typeName) }
                return try store.insert(type, given: values, userID: userID, now: timestamp, db: db)
            }
            let bootstrap = store.firstUserID
            let admin = try insert(
                "User",
                [
                    "Username": .text(settings.username), "FirstName": .text("Local"), "LastName": .text("Admin"),
                    "Alias": .text("ladmin"), "Email": .text(settings.username), "Title": .text("Administrator"),
                    "CompanyName": .text(settings.organizationName),
                ], as: bootstrap)
            var owners = [admin]
            for index in 0..<4 {
                let first = firstNames[index * 3]
                let last = lastNames[index * 5]
                owners.append(
                    try insert(
                        "User",
                        [
                            "Username": .text("\(first.lowercased()).\(last.lowercased().filter(\.isLetter))@localorg.test"),
                            "FirstName": .text(first), "LastName": .text(last),
                            "Alias": .text(String((first.prefix(1) + last).prefix(8)).lowercased()),
                            "Email": .text("\(first.lowercased())@localorg.test"), "Title": .text("Account Executive"),
                            "Department": .text("Sales"),
                        ], as: admin))
            }
            let salt = PasswordHash.newSalt()
            try db.execute(
                sql: "INSERT INTO lo_credential(user_id, salt, password_hash) VALUES (?, ?, ?)",
                arguments: [admin, salt, PasswordHash.hash(settings.password, salt: salt)])
            for index in 0..<accountCount {
                let stem = companyStems[index % companyStems.count]
                let name = "\(stem) \(companySuffixes[(index / companyStems.count) % companySuffixes.count])"
                let place = random.pick(places)
                let owner = random.pick(owners)
                let domain = stem.lowercased().filter(\.isLetter) + ".example.com"
                let accountID = try insert(
                    "Account",
                    [
                        "Name": .text(name), "AccountNumber": .text("CD\(String(100_000 + index * 37))"),
                        "Type": .text(random.pick(["Prospect", "Customer - Direct", "Customer - Channel", "Partner"])),
                        "Industry": .text(random.pick(SeedValues.industries)), "Rating": .text(random.pick(["Hot", "Warm", "Cold"])),
                        "AnnualRevenue": .double(Double(random.next(in: 5...2_000) * 100_000)),
                        "NumberOfEmployees": .integer(Int64(random.next(in: 5...50_000))),
                        "Phone": .text("(\(random.next(in: 200...989))) 555-\(String(random.next(in: 1000...9999)))"),
                        "Website": .text("https://www.\(domain)"),
                        "BillingStreet": .text("\(random.next(in: 1...9999)) \(random.pick(streets))"),
                        "BillingCity": .text(place.city), "BillingState": .text(place.state), "BillingCountry": .text(place.country),
                        "BillingLatitude": .double(place.latitude), "BillingLongitude": .double(place.longitude),
                        "BillingGeocodeAccuracy": .text("City"), "Markets__c": .text(markets(of: place.country)),
                        "BillingPostalCode": .text(String(random.next(in: 10_000...99_999))),
                        "External_Id__c": .text("ACC-\(String(index + 1).leftPadded(to: 5))"),
                        "OwnerId": .text(owner),
                    ], as: owner)
                for _ in 0..<random.next(in: 1...4) {
                    let first = random.pick(firstNames)
                    let last = random.pick(lastNames)
                    _ = try insert(
                        "Contact",
                        [
                            "FirstName": .text(first), "LastName": .text(last), "AccountId": .text(accountID),
                            "Title": .text(random.pick(titles)),
                            "Email": .text("\(first.lowercased()).\(last.lowercased().filter(\.isLetter))@\(domain)"),
                            "Phone": .text("(\(random.next(in: 200...989))) 555-\(String(random.next(in: 1000...9999)))"),
                            "MailingCity": .text(place.city), "MailingState": .text(place.state), "MailingCountry": .text(place.country),
                            "LeadSource": .text(random.pick(SeedValues.leadSources)), "OwnerId": .text(owner),
                        ], as: owner)
                }
                for number in 0..<random.next(in: 0...3) {
                    let stage = random.pick(SeedValues.stages)
                    _ = try insert(
                        "Opportunity",
                        [
                            "Name": .text(
                                "\(stem) - \(random.pick(["Renewal", "Expansion", "New Platform", "Services", "Pilot"])) \(number + 1)"),
                            "AccountId": .text(accountID), "StageName": .text(stage),
                            "Amount": .double(Double(random.next(in: 5...500) * 1_000)),
                            "CloseDate": .text(today.adding(days: random.next(in: -180...180)).description),
                            "Probability": .double(
                                stage == "Closed Won" ? 100 : stage == "Closed Lost" ? 0 : Double(random.next(in: 1...9) * 10)),
                            "LeadSource": .text(random.pick(SeedValues.leadSources)), "OwnerId": .text(owner),
                        ], as: owner)
                }
            }
            return admin
        }
    }
}
