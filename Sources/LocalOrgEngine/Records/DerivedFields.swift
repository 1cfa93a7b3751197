import Foundation
import GRDB
import SalesforceCore

/// Fields the server computes from others, as Salesforce does: full names, case numbers,
/// an opportunity's closed and won flags, a file version's size and type.
enum DerivedFields {
    /// The stored fields a change derives others from (besides those it is given), so an update
    /// reads them and no other column.
    static let inputs: Set<String> = Set(["FirstName", "LastName", "StageName", "Status", "Priority"]).union(ActivityTiming.inputs)

    static func apply(to values: inout [String: FieldValue], type: SObjectType, existing: [String: FieldValue]?, db: Database) throws {
        func current(_ name: String) -> FieldValue? { values[name] ?? existing?[name] }
        func text(_ name: String) -> String? {
            if case .text(let value) = current(name) { return value }
            return nil
        }
        if type.field(named: "FirstName") != nil, type.field(named: "LastName") != nil,
            values["FirstName"] != nil || values["LastName"] != nil
        {
            let full = [text("FirstName"), text("LastName")].compactMap { $0 }.joined(separator: " ")
            values["Name"] = full.isEmpty ? .null : .text(full)
        }
        try ActivityTiming.apply(to: &values, type: type, existing: existing, db: db)
        switch type.name {
        case "Opportunity":
            if let stage = text("StageName"), values["StageName"] != nil {
                values["IsClosed"] = .bool(stage.hasPrefix("Closed"))
                values["IsWon"] = .bool(stage == "Closed Won")
            }
        case "Case":
            if existing == nil {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"Case\"") ?? 0
                values["CaseNumber"] = .text(String(1000 + count + 1).leftPadded(to: 8))
            }
            if values["Status"] != nil { values["IsClosed"] = .bool(text("Status") == "Closed") }
        case "Task":
            if values["Status"] != nil { values["IsClosed"] = .bool(text("Status") == "Completed") }
            if values["Priority"] != nil, type.field(named: "IsHighPriority") != nil {
                values["IsHighPriority"] = .bool(text("Priority") == "High")
            }
        case "User":
            if existing == nil {
                values["UserType"] = .text("Standard")
                if values["ProfileId"] == nil || values["ProfileId"] == .null,
                    let profile = try UserManagement.defaultProfile(db: db)
                {
                    values["ProfileId"] = .text(profile)
                }
                if values["CommunityNickname"] == nil || values["CommunityNickname"] == .null, let username = text("Username") {
                    values["CommunityNickname"] = .text(String(username.split(atScalars: ["@"]).first ?? ""))
                }
            }
        case "ContentVersion":
            if existing == nil { try prepareVersion(&values, db: db) }
        default:
            break
        }
    }

    /// A new ContentVersion gets its size and type, and a ContentDocument when it starts one.
    private static func prepareVersion(_ values: inout [String: FieldValue], db: Database) throws {
        var size = 0
        if case .blob(let bytes) = values["VersionData"] { size = bytes.count }
        values["ContentSize"] = .integer(Int64(size))
        var pathExtension = ""
        if case .text(let path) = values["PathOnClient"], let dot = path.lastIndex(of: ".") {
            pathExtension = String(path[path.index(after: dot)...]).lowercased()
        }
        values["FileExtension"] = values["FileExtension"] ?? (pathExtension.isEmpty ? .null : .text(pathExtension))
        values["FileType"] = .text(pathExtension.isEmpty ? "UNKNOWN" : pathExtension.uppercased())
        values["IsLatest"] = .bool(true)
        if case .text(let documentID) = values["ContentDocumentId"] {
            let versions =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM \"ContentVersion\" WHERE \"ContentDocumentId\" = ?", arguments: [documentID]) ?? 0
            try db.execute(sql: "UPDATE \"ContentVersion\" SET \"IsLatest\" = 0 WHERE \"ContentDocumentId\" = ?", arguments: [documentID])
            values["VersionNumber"] = .text(String(versions + 1))
        } else {
            values["VersionNumber"] = .text("1")
        }
    }
}
