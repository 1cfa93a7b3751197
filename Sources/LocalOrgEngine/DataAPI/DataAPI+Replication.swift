import Foundation
import GRDB
import SOQL
import SalesforceCore

/// The replication API: `sobjects/T/updated/?start=&end=` (the ids of records created or
/// changed in a timespan) and `sobjects/T/deleted/?start=&end=` (the records deleted in it, with
/// when), as the REST API Developer Guide documents them.
extension DataAPI {
    /// Which of the two resources a call asks for, with the days each looks back.
    enum Replication: String {
        case updated
        case deleted

        /// How far back the resource answers: 30 days for updates, 15 for deletions.
        var days: Int64 { self == .updated ? 30 : 15 }
    }

    /// The most ids one call returns; more is `EXCEEDED_ID_LIMIT`, and the caller narrows the span.
    static let replicationIDLimit = 600_000

    func replication(_ kind: Replication, of type: SObjectType, call: RestCall) throws(APIError) -> ResolvedCall {
        if type.describeKeys["replicateable"]?.boolValue == false {
            throw APIError(
                status: 400, errorCode: "INVALID_TYPE_FOR_OPERATION", message: "entity type \(type.name) does not support replication")
        }
        let start = try Self.replicationDate("start", of: call)
        let end = try Self.replicationDate("end", of: call)
        return .read { db in
            let now = Self.minute(store.now.millisecondsSinceEpoch)
            let oldest = now - kind.days * 86_400_000
            guard start < end else {
                throw APIError(
                    status: 400, errorCode: "INVALID_REPLICATION_DATE", message: "startDate must chronologically precede endDate")
            }
            guard start >= oldest else {
                throw APIError(
                    status: 400, errorCode: "INVALID_REPLICATION_DATE",
                    message: "startDate cannot be more than \(kind.days) days ago: \(SOQLDateTime(millisecondsSinceEpoch: oldest))")
            }
            // Nothing after this minute has finished yet, so a span ending later covers up to it.
            let covered = min(end, now)
            let range = [
                SOQLDateTime(millisecondsSinceEpoch: start).description, SOQLDateTime(millisecondsSinceEpoch: covered).description,
            ]
            let table = OrgDatabase.quoted(type.name)
            let span = #""SystemModstamp" >= ? AND "SystemModstamp" < ?"#
            let isDeleted = kind == .deleted ? 1 : 0
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM \(table) WHERE \"IsDeleted\" = \(isDeleted) AND \(span)",
                    arguments: StatementArguments(range)) ?? 0
            guard count <= Self.replicationIDLimit else {
                throw APIError(
                    status: 400, errorCode: "EXCEEDED_ID_LIMIT",
                    message: "More than \(Self.replicationIDLimit) ids were found. Choose start and end dates closer together.")
            }
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT \"Id\", \"SystemModstamp\" FROM \(table) WHERE \"IsDeleted\" = \(isDeleted) AND \(span) ORDER BY \"SystemModstamp\", \"Id\"",
                arguments: StatementArguments(range))
            let latest = JSON.string(range[1])
            switch kind {
            case .updated:
                return .json(["ids": .array(rows.map { .string($0["Id"]) }), "latestDateCovered": latest])
            case .deleted:
                let created = try String.fetchOne(db, sql: #"SELECT MIN("CreatedDate") FROM "Organization""#)
                let earliest = created.flatMap { SOQLDateTime(parsing: $0) }.map { Self.minute($0.millisecondsSinceEpoch) } ?? oldest
                return .json([
                    "deletedRecords": .array(
                        rows.map { row in ["id": .string(row["Id"]), "deletedDate": .string(row["SystemModstamp"])] }),
                    "earliestDateAvailable": .string(SOQLDateTime(millisecondsSinceEpoch: earliest).description),
                    "latestDateCovered": latest,
                ])
            }
        }
    }

    /// A span's end, to the minute: Salesforce ignores the seconds.
    private static func replicationDate(_ name: String, of call: RestCall) throws(APIError) -> Int64 {
        guard let text = call.parameter(name), !text.isEmpty else {
            throw APIError(
                status: 400, errorCode: "MISSING_ARGUMENT",
                message: "\(name) not specified: give start and end as dates and times, such as 2026-05-05T00:00:00+00:00")
        }
        // An unencoded `+` in a query string arrives as a space; the offset's sign is meant.
        var given = Array(text.unicodeScalars)
        for offsetLength in [5, 4] where given.count > offsetLength && given[given.count - offsetLength - 1] == " " {
            given[given.count - offsetLength - 1] = "+"
        }
        guard let date = SOQLDateTime(parsing: String(String.UnicodeScalarView(given))) else {
            throw APIError(
                status: 400, errorCode: "INVALID_REPLICATION_DATE",
                message: "\(name) is not a date and time: \(text). Use the form 2026-05-05T00:00:00+00:00")
        }
        return minute(date.millisecondsSinceEpoch)
    }

    private static func minute(_ milliseconds: Int64) -> Int64 {
        milliseconds - ((milliseconds % 60_000) + 60_000) % 60_000
    }
}
