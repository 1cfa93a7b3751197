public import Foundation
import SOQL
import SalesforceCore

/// The replication API, for keeping a copy of an object's records: which records changed or
/// went in a timespan. Salesforce ignores the seconds, answers for the last 30 days of updates
/// and 15 of deletions, and gives `latestDateCovered`, the `start` of the next call.
///
/// ```swift
/// requests.updated("Account", from: lastRun, to: Date())
/// // GET /services/data/v66.0/sobjects/Account/updated/?start=2026-11-27T09:00:00+00:00&end=…
/// // {"ids": ["001…"], "latestDateCovered": "2026-11-28T09:00:00.000+0000"}
/// ```
extension RequestFactory {
    /// The ids of `objectType`'s records created or changed from `start` up to `end`.
    public func updated(_ objectType: String, from start: Date, to end: Date) -> RestRequest {
        replication("updated", objectType, start, end)
    }

    /// `objectType`'s records deleted from `start` up to `end`: `deletedRecords` with each `id`
    /// and `deletedDate`, `earliestDateAvailable` and `latestDateCovered`.
    public func deleted(_ objectType: String, from start: Date, to end: Date) -> RestRequest {
        replication("deleted", objectType, start, end)
    }

    private func replication(_ resource: String, _ objectType: String, _ start: Date, _ end: Date) -> RestRequest {
        // The guide's own form, `2013-05-05T00:00:00+00:00`, in UTC.
        func text(_ date: Date) -> String {
            let instant = SOQLDateTime(millisecondsSinceEpoch: date.millisecondsSince1970)
            return instant.description.prefix(19) + "+00:00"
        }
        return data(.get, "/sobjects/\(Self.segment(objectType))/\(resource)/", [("start", text(start)), ("end", text(end))])
    }
}
