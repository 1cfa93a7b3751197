import ArgumentParser
import BenchHarness
import Foundation
import GRDB
import LocalOrgEngine
import SalesforceAuth
import SalesforceCore
import URLEncoding

/// `forcekit-bench scale`, LocalOrg's part: an org of a million Accounts and three million
/// Contacts (`forcekit serve --seed-accounts`) in a process of its own, its API against the same
/// SQL run straight on its SQLite file.
struct OrgScale {
    let accounts: Int
    let contactsPerAccount: Int
    /// Queries per round of the selective and relationship kinds.
    let queries: Int
    let plan: RoundPlan
    let say: (String) -> Void

    static let clients = 16
    static let apiPath = "/services/data/\(APIVersion.current)"

    /// Seeds the org and measures it (its queries only when `measuring`), then hands it, still
    /// running, to `then`.
    func measure(
        in scratch: URL, measuring: Bool, into record: inout BenchRecord,
        then: (OrgProcess, inout BenchRecord) async throws -> Void
    ) async throws {
        let folder = scratch.appendingPathComponent("org")
        let total = accounts * (1 + contactsPerAccount)
        say("LocalOrg: seeding \(accounts) Accounts with \(contactsPerAccount) Contacts each")
        var started = ContinuousClock.now
        try await OrgProcess.start(accounts: 0, seed: (accounts, contactsPerAccount), data: folder).stop()
        let seedSeconds = (ContinuousClock.now - started).seconds
        say(String(format: "  seeded %d records in %.1f s (%.0f records/s)", total, seedSeconds, Double(total) / seedSeconds))

        // The start-up with that data: the last start stays up for the rest.
        var startups: [Double] = []
        var org: OrgProcess?
        for _ in 0..<3 {
            try await org?.stop()
            started = ContinuousClock.now
            org = try await OrgProcess.start(accounts: 0, data: folder)
            startups.append((ContinuousClock.now - started).seconds * 1_000)
        }
        guard let org else { return }
        do {
            say(String(format: "  start-up with that data: %.0f ms (median of 3)", Sample(startups).median ?? .nan))
            if measuring { try await measure(org, folder: folder, into: &record) }
            record.settings += [("orgAccounts", Double(accounts)), ("orgContactsPerAccount", Double(contactsPerAccount))]
            record.figures += [("org_seedRecordsPerSecond", Sample([Double(total) / seedSeconds])), ("org_startupMs", Sample(startups))]
            record.bars.append(.atMost("orgStartupUnder1s", Sample(startups).median, 1_000))
            try await then(org, &record)
            try await org.stop()
        } catch {
            try? await org.stop()
            throw error
        }
    }

    private func measure(_ org: OrgProcess, folder: URL, into record: inout BenchRecord) async throws {
        let token = try await org.credentials.passwordToken()
        let api = OrgAPI(instanceURL: org.credentials.instanceURL, token: token)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.maximumReaderCount = Self.clients
        let database = try DatabasePool(path: folder.appendingPathComponent("org.sqlite").path, configuration: configuration)
        defer { try? database.close() }

        let step = max(1, accounts / queries)
        let names = stride(from: 1, through: accounts, by: step).prefix(queries).map { VolumeSeed.accountName($0) }
        for kind in OrgQueryKind.all {
            var rows: [String: Int] = [:]
            let values = try await plan.run(["localorg", "sqlite"]) { contender -> Double? in
                let start = ContinuousClock.now
                let read = try await Self.read(kind, for: names, by: contender, api: api, database: database)
                rows[contender] = read
                return Double(names.count) / (ContinuousClock.now - start).seconds
            }
            try report(kind.name, values, rows: rows, unit: "queries/s", into: &record)
        }

        // Sixteen clients at once, each with its own connection, against sixteen readers.
        let shares = (0..<Self.clients).map { client in stride(from: client, to: names.count, by: Self.clients).map { names[$0] } }
        let clients = (0..<Self.clients).map { _ in OrgAPI(instanceURL: org.credentials.instanceURL, token: token) }
        let selective = OrgQueryKind.all[0]
        var concurrentRows: [String: Int] = [:]
        let concurrent = try await plan.run(["localorg", "sqlite"]) { contender -> Double? in
            let start = ContinuousClock.now
            let read = try await withThrowingTaskGroup(of: Int.self) { group in
                for (client, share) in zip(clients, shares) {
                    group.addTask { try await Self.read(selective, for: share, by: contender, api: client, database: database) }
                }
                return try await group.reduce(0, +)
            }
            concurrentRows[contender] = read
            return Double(names.count) / (ContinuousClock.now - start).seconds
        }
        try report("\(Self.clients)Clients", concurrent, rows: concurrentRows, unit: "queries/s", into: &record)
        let single = record.figures.first { $0.0 == "org_selective_localorg" }?.1 ?? Sample([])
        let scaling = Sample(concurrent["localorg"] ?? []).ratio(to: single)
        record.ratios.append(("org_\(Self.clients)ClientsOverOne", scaling))
        say(String(format: "  %d clients over one: %.2f", Self.clients, scaling.median ?? .nan))

        // Long reads, once each: every Account page by page, every Contact through a Bulk API job.
        try await once(
            "pagedAllAccounts", unit: "records/s", into: &record,
            localorg: { try await api.pageThrough("SELECT Id, Name, Industry, AnnualRevenue, BillingCity FROM Account") },
            sqlite: {
                try await database.read { db in
                    try Row.fetchAll(
                        db, sql: #"SELECT "Id", "Name", "Industry", "AnnualRevenue", "BillingCity" FROM "Account" WHERE "IsDeleted" = 0"#
                    ).count
                }
            })
        try await once(
            "bulkJobAllContacts", unit: "records/s", into: &record,
            localorg: { try await api.bulkQuery("SELECT Id, Name, Email, AccountId FROM Contact") },
            sqlite: {
                try await database.read { db in
                    try Row.fetchAll(db, sql: #"SELECT "Id", "Name", "Email", "AccountId" FROM "Contact" WHERE "IsDeleted" = 0"#).count
                }
            })
    }

    /// The rows `kind` reads for each Account name, one query at a time, through LocalOrg's API
    /// or straight from its SQLite file.
    private static func read(_ kind: OrgQueryKind, for names: [String], by contender: String, api: OrgAPI, database: DatabasePool)
        async throws -> Int
    {
        var read = 0
        for name in names {
            read +=
                try await contender == "localorg"
                ? api.count(kind.soql(name))
                : database.read { db in try Row.fetchAll(db.cachedStatement(sql: kind.sql), arguments: [name]).count }
        }
        return read
    }

    private func once(
        _ name: String, unit: String, into record: inout BenchRecord, localorg: () async throws -> Int, sqlite: () async throws -> Int
    ) async throws {
        var values: [String: [Double]] = [:]
        var rows: [String: Int] = [:]
        for contender in ["localorg", "sqlite"] {
            let start = ContinuousClock.now
            let read = try await contender == "localorg" ? localorg() : sqlite()
            rows[contender] = read
            values[contender] = [Double(read) / (ContinuousClock.now - start).seconds]
        }
        try report(name, values, rows: rows, unit: unit, into: &record)
    }

    private func report(_ name: String, _ values: [String: [Double]], rows: [String: Int], unit: String, into record: inout BenchRecord)
        throws
    {
        guard Set(rows.values).count <= 1 else {
            throw ValidationError("\(name): LocalOrg and SQLite read different rows: \(rows.sorted { $0.key < $1.key })")
        }
        let (ours, baseline) = (Sample(values["localorg"] ?? []), Sample(values["sqlite"] ?? []))
        let ratio = ours.ratio(to: baseline)
        record.figures += [("org_\(name)_localorg", ours), ("org_\(name)_sqlite", baseline)]
        record.ratios.append(("org_\(name)", ratio))
        say(
            String(
                format: "  %@: LocalOrg %.0f, SQLite %.0f %@ (%d rows); ratio %.3f", name, ours.median ?? .nan, baseline.median ?? .nan,
                unit, rows["localorg"] ?? 0, ratio.median ?? .nan))
    }
}

/// A query kind of the org's part: its SOQL for one Account name, and the SQL that reads the
/// same rows from LocalOrg's tables.
struct OrgQueryKind: Sendable {
    let name: String
    let soql: @Sendable (String) -> String
    let sql: String

    static let all = [
        OrgQueryKind(
            name: "selective", soql: { "SELECT Id, Name, Industry FROM Account WHERE Name = '\($0)'" },
            sql: #"SELECT "Id", "Name", "Industry" FROM "Account" WHERE "Name" = ? AND "IsDeleted" = 0"#),
        OrgQueryKind(
            name: "childToParent", soql: { "SELECT Id, Name, Email, Account.Name FROM Contact WHERE Account.Name = '\($0)'" },
            sql: """
                SELECT c."Id", c."Name", c."Email", a."Name" FROM "Contact" c JOIN "Account" a ON a."Id" = c."AccountId"
                WHERE a."Name" = ? AND c."IsDeleted" = 0
                """),
        OrgQueryKind(
            name: "parentToChildren", soql: { "SELECT Id, Name, (SELECT Id, Name, Email FROM Contacts) FROM Account WHERE Name = '\($0)'" },
            sql: """
                SELECT a."Id", a."Name", c."Id", c."Name", c."Email" FROM "Account" a JOIN "Contact" c ON c."AccountId" = a."Id" AND c."IsDeleted" = 0
                WHERE a."Name" = ? AND a."IsDeleted" = 0
                """),
    ]
}

/// The org's REST API as the suite calls it, with one connection of its own.
struct OrgAPI: Sendable {
    let client: RawHTTPClient
    let token: String

    init(instanceURL: String, token: String) {
        client = RawHTTPClient(baseURL: instanceURL)
        self.token = token
    }

    private func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPResponse {
        let reply = try await client.send("GET", path, headers: headers.merging(["Authorization": "Bearer \(token)"]) { $1 })
        guard reply.status == 200 else { throw ValidationError("GET \(path.prefix(200)): \(reply.status) \(reply.text.prefix(300))") }
        return reply
    }

    private func queryPath(_ soql: String) -> String {
        "\(OrgScale.apiPath)/query?q=\(FormEncoding.encode(soql))"
    }

    /// The rows a query's first page has, counting each child of a subquery as a row (as the
    /// SQL's join does).
    func count(_ soql: String) async throws -> Int {
        let page = try JSON(parsing: Array(try await get(queryPath(soql)).body))
        let records = page["records"]?.arrayValue ?? []
        return records.reduce(0) { total, record in
            let children = record.objectValue?.values.compactMap { $0["records"]?.arrayValue?.count }.reduce(0, +) ?? 0
            return total + (children > 0 ? children : 1)
        }
    }

    /// Every record of a query, page after page by `nextRecordsUrl`.
    func pageThrough(_ soql: String) async throws -> Int {
        var path: String? = queryPath(soql)
        var rows = 0
        while let next = path {
            let page = try JSON(parsing: Array(try await get(next).body))
            rows += page["records"]?.arrayValue?.count ?? 0
            path = page["nextRecordsUrl"]?.stringValue
        }
        return rows
    }

    /// Every row of a Bulk API 2.0 query job: created, waited for, its CSV results read set by set.
    func bulkQuery(_ soql: String) async throws -> Int {
        let body = JSON.object(["operation": "query", "query": .string(soql)])
        let created = try await client.send(
            "POST", "\(OrgScale.apiPath)/jobs/query",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Data(body.serializedBytes()))
        guard let id = try JSON(parsing: Array(created.body))["id"]?.stringValue else {
            throw ValidationError("no Bulk API job: \(created.status) \(created.text.prefix(300))")
        }
        while try JSON(parsing: Array(try await get("\(OrgScale.apiPath)/jobs/query/\(id)").body))["state"] != "JobComplete" {
            try await Task.sleep(for: .milliseconds(50))
        }
        var rows = 0
        var locator: String?
        repeat {
            let reply = try await get(
                "\(OrgScale.apiPath)/jobs/query/\(id)/results?maxRecords=100000" + (locator.map { "&locator=\($0)" } ?? ""))
            rows += Int(reply.header("Sforce-NumberOfRecords") ?? "") ?? 0
            locator = reply.header("Sforce-Locator").flatMap { $0 == "null" ? nil : $0 }
        } while locator != nil
        return rows
    }
}
