import GRDB
import SOQL
import SalesforceCore

/// An event's times as Salesforce keeps them: `ActivityDateTime` and `StartDateTime` are one
/// instant, `EndDateTime` is the start plus `DurationInMinutes` (either may be given),
/// `ActivityDate` and `EndDate` are their days; and an activity's `AccountId` is the account it
/// is about, through `WhatId` or the contact in `WhoId`.
enum ActivityTiming {
    /// The fields a change to an event reads to derive the others.
    static let inputs: Set<String> = ["ActivityDateTime", "StartDateTime", "EndDateTime", "DurationInMinutes", "WhatId", "WhoId"]

    static func apply(to values: inout [String: FieldValue], type: SObjectType, existing: [String: FieldValue]?, db: Database) throws {
        if type.field(named: "StartDateTime") != nil { deriveTimes(&values, existing: existing) }
        if type.field(named: "AccountId")?.createable == false, values["WhatId"] != nil || values["WhoId"] != nil {
            values["AccountId"] = try account(of: values, existing: existing, db: db)
        }
    }

    private static func instant(_ value: FieldValue?) -> SOQLDateTime? {
        if case .text(let text) = value { return SOQLDateTime(parsing: text) }
        return nil
    }

    private static func deriveTimes(_ values: inout [String: FieldValue], existing: [String: FieldValue]?) {
        let given = ["ActivityDateTime", "StartDateTime", "EndDateTime", "DurationInMinutes"].filter { values[$0] != nil }
        guard !given.isEmpty else { return }
        func current(_ name: String) -> FieldValue? { values[name] ?? existing?[name] }
        guard let start = instant(values["StartDateTime"]) ?? instant(values["ActivityDateTime"]) ?? instant(current("StartDateTime"))
        else { return }
        values["StartDateTime"] = .text(start.description)
        values["ActivityDateTime"] = .text(start.description)
        values["ActivityDate"] = .text(start.date.description)
        var end: SOQLDateTime?
        if case .integer(let minutes) = values["DurationInMinutes"] {
            end = SOQLDateTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + minutes * 60_000)
        } else if let given = instant(values["EndDateTime"]) {
            end = given
        } else if case .integer(let minutes) = current("DurationInMinutes") {
            end = SOQLDateTime(millisecondsSinceEpoch: start.millisecondsSinceEpoch + minutes * 60_000)
        }
        guard let end, end >= start else { return }
        values["EndDateTime"] = .text(end.description)
        values["EndDate"] = .text(end.date.description)
        values["DurationInMinutes"] = .integer((end.millisecondsSinceEpoch - start.millisecondsSinceEpoch) / 60_000)
    }

    /// The account an activity is about: its `WhatId` when that is an account, else the account
    /// of the opportunity or case it is about, else that of the contact it is with.
    private static func account(of values: [String: FieldValue], existing: [String: FieldValue]?, db: Database) throws -> FieldValue {
        func id(_ name: String) -> String? {
            if case .text(let id) = values[name] ?? existing?[name] { return id }
            return nil
        }
        if let what = id("WhatId") {
            if what.hasPrefix("001") { return .text(what) }
            for (prefix, table) in [("006", "Opportunity"), ("500", "Case")] where what.hasPrefix(prefix) {
                if let account = try parentAccount(of: what, in: table, db: db) { return .text(account) }
            }
        }
        if let who = id("WhoId"), who.hasPrefix("003"), let account = try parentAccount(of: who, in: "Contact", db: db) {
            return .text(account)
        }
        return .null
    }

    private static func parentAccount(of id: String, in table: String, db: Database) throws -> String? {
        try String.fetchOne(
            CachedSQL.statement("SELECT \"AccountId\" FROM \(OrgDatabase.quoted(table)) WHERE \"Id\" = ?", db), arguments: [id])
    }
}
