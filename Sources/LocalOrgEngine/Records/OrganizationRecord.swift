import GRDB
import SOQL
import SQLiteBinding
import SalesforceCore

/// The org's own record, `sobjects/Organization/{orgId}`, as a new Developer Edition org has
/// it: its name from `localorg.json`, its locale, time zone, fiscal year and sharing defaults.
/// Nobody creates or deletes it; it is made when missing and its name follows `localorg.json`.
enum OrganizationRecord {
    /// The values of a new org (from a real Developer Edition org's record), by field.
    static func values(settings: OrgSettings) -> [String: FieldValue] {
        [
            "Name": .text(settings.organizationName), "Country": .text("US"), "DefaultLocaleSidKey": .text("en_US"),
            "TimeZoneSidKey": .text("America/Los_Angeles"), "LanguageLocaleKey": .text("en_US"), "ReceivesInfoEmails": .bool(true),
            "ReceivesAdminInfoEmails": .bool(true), "FiscalYearStartMonth": .integer(1), "UsesStartDateAsFiscalYearName": .bool(false),
            "DefaultAccountAccess": .text("Edit"), "DefaultContactAccess": .text("ControlledByParent"),
            "DefaultOpportunityAccess": .text("Edit"), "DefaultLeadAccess": .text("ReadEditTransfer"),
            "DefaultCaseAccess": .text("ReadEditTransfer"), "DefaultCalendarAccess": .text("HideDetailsInsert"),
            "DefaultPricebookAccess": .text("ReadSelect"), "DefaultCampaignAccess": .text("All"), "UiSkin": .text("Theme3"),
            "SignupCountryIsoCode": .text("US"), "OrganizationType": .text("Developer Edition"), "InstanceName": .text("LOCAL"),
            "IsSandbox": .bool(false), "IsReadOnly": .bool(false), "WebToCaseDefaultOrigin": .text("Web"),
            "MonthlyPageViewsUsed": .integer(0), "MonthlyPageViewsEntitlement": .integer(0),
        ]
    }

    /// Makes the record when missing, and gives it the name `localorg.json` says.
    static func ensure(settings: OrgSettings, store: OrgStore, userID: String, db: Database) throws {
        guard let type = store.schema.type(named: "Organization") else { return }
        let id = settings.organizationID
        if try Bool.fetchOne(db, sql: #"SELECT EXISTS(SELECT 1 FROM "Organization" WHERE "Id" = ?)"#, arguments: [id]) == true {
            try db.execute(sql: #"UPDATE "Organization" SET "Name" = ? WHERE "Id" = ?"#, arguments: [settings.organizationName, id])
            return
        }
        let now = store.now.description
        var values = values(settings: settings)
        values.merge([
            "Id": .text(id), "IsDeleted": .bool(false), "CreatedDate": .text(now), "CreatedById": .text(userID),
            "LastModifiedDate": .text(now), "LastModifiedById": .text(userID), "SystemModstamp": .text(now),
        ]) { _, system in system }
        let fields = type.fields.filter { values[$0.name] != nil }
        let columns = fields.map { OrgDatabase.quoted($0.name) }.joined(separator: ", ")
        let placeholders = SQLPlaceholders.list(fields.count)
        try db.execute(
            sql: "INSERT INTO \"Organization\" (\(columns)) VALUES (\(placeholders))",
            arguments: StatementArguments(fields.map { (values[$0.name] ?? .null).databaseValue }))
    }
}
