import Foundation
import GRDB
import SOQL
import SalesforceCore

/// Files (ContentDocument and ContentVersion) read and written the way the Connect API
/// presents them: lists by owner, share and group, versions, shares and uploads.
extension OrgStore {
    /// Which files a list holds.
    enum FileListKind: Sendable {
        /// Files the user owns.
        case owned
        /// Files shared with the user (not owned by them).
        case sharedWithUser
        /// Files shared with groups the user belongs to.
        case inUsersGroups
    }

    /// The file `rawID` (a ContentDocument `069` or ContentVersion `068` id) at a version:
    /// the one asked for, else the version id's own, else the latest.
    func file(_ rawID: String, versionNumber: String? = nil, db: Database) throws -> StoredFile {
        guard let id = RecordID.normalized(rawID) else { throw APIError.malformedID(rawID) }
        var documentID = id
        var versionFilter = versionNumber
        if id.hasPrefix("068") {
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT \"ContentDocumentId\", \"VersionNumber\" FROM \"ContentVersion\" WHERE \"Id\" = ? AND \"IsDeleted\" = 0",
                    arguments: [id])
            else { throw APIError.notFound }
            documentID = String.fromDatabaseValue(row[0]) ?? ""
            versionFilter = versionFilter ?? String.fromDatabaseValue(row[1])
        } else if !id.hasPrefix("069") {
            throw APIError(
                status: 400, errorCode: "INVALID_ID_FIELD",
                message: "\(rawID) is not a file id: file ids start with 069 (or 068 for a version).")
        }
        guard
            let document = try Row.fetchOne(
                db,
                sql: """
                    SELECT d."Title", d."Description", d."OwnerId", u."Name", d."CreatedDate", d."LastModifiedDate"
                    FROM "ContentDocument" d LEFT JOIN "User" u ON u."Id" = d."OwnerId" WHERE d."Id" = ? AND d."IsDeleted" = 0
                    """, arguments: [documentID])
        else { throw APIError.notFound }
        var sql = """
            SELECT "Id", "VersionNumber", "ContentSize", "FileExtension", "FileType" FROM "ContentVersion"
            WHERE "ContentDocumentId" = ? AND "IsDeleted" = 0
            """
        var arguments: StatementArguments = [documentID]
        if let versionFilter {
            guard Int(versionFilter).map({ $0 > 0 }) == true else {
                throw APIError(
                    status: 400, errorCode: "INVALID_PARAMETER_VALUE",
                    message: "versionNumber must be a positive whole number, not \(versionFilter).")
            }
            sql += " AND \"VersionNumber\" = ?"
            arguments += [versionFilter]
        }
        sql += " ORDER BY CAST(\"VersionNumber\" AS INTEGER) DESC LIMIT 1"
        guard let version = try Row.fetchOne(db, sql: sql, arguments: arguments) else { throw APIError.notFound }
        return StoredFile(
            documentID: documentID, title: String.fromDatabaseValue(document[0]) ?? "", description: String.fromDatabaseValue(document[1]),
            ownerID: String.fromDatabaseValue(document[2]) ?? "", ownerName: String.fromDatabaseValue(document[3]) ?? "",
            createdDate: String.fromDatabaseValue(document[4]) ?? "", modifiedDate: String.fromDatabaseValue(document[5]) ?? "",
            version: StoredFile.Version(
                id: String.fromDatabaseValue(version[0]) ?? "", number: String.fromDatabaseValue(version[1]) ?? "1",
                size: Int.fromDatabaseValue(version[2]) ?? 0, fileExtension: String.fromDatabaseValue(version[3]),
                fileType: String.fromDatabaseValue(version[4]) ?? "UNKNOWN"))
    }

    /// The bytes of a file version.
    func fileContent(versionID: String, db: Database) throws -> [UInt8] {
        guard
            let data = try Data.fetchOne(db, sql: "SELECT \"VersionData\" FROM \"ContentVersion\" WHERE \"Id\" = ?", arguments: [versionID])
        else {
            return []
        }
        return Array(data)
    }

    /// A page of a user's files, most recently changed first, and how many there are in all.
    func files(_ kind: FileListKind, of userID: String, page: Int, pageSize: Int, db: Database) throws -> (files: [StoredFile], total: Int)
    {
        let filter: String
        switch kind {
        case .owned:
            filter = "d.\"OwnerId\" = ?1"
        case .sharedWithUser:
            filter = """
                d."OwnerId" != ?1 AND d."Id" IN (SELECT "ContentDocumentId" FROM "ContentDocumentLink" WHERE "LinkedEntityId" = ?1 AND "IsDeleted" = 0)
                """
        case .inUsersGroups:
            filter = """
                d."Id" IN (SELECT l."ContentDocumentId" FROM "ContentDocumentLink" l JOIN "CollaborationGroupMember" m
                           ON m."CollaborationGroupId" = l."LinkedEntityId" AND m."IsDeleted" = 0
                           WHERE m."MemberId" = ?1 AND l."IsDeleted" = 0)
                """
        }
        let total =
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM \"ContentDocument\" d WHERE d.\"IsDeleted\" = 0 AND \(filter)", arguments: [userID]) ?? 0
        let ids = try String.fetchAll(
            db,
            sql: """
                SELECT d."Id" FROM "ContentDocument" d WHERE d."IsDeleted" = 0 AND \(filter)
                ORDER BY d."LastModifiedDate" DESC, d."Id" DESC LIMIT ?2 OFFSET ?3
                """, arguments: [userID, pageSize, page * pageSize])
        return (try ids.map { try file($0, db: db) }, total)
    }

    /// Who a file is shared with: its owner first (`I`), then each link.
    func fileShares(of file: StoredFile, db: Database) throws -> [FileShare] {
        var shares = [FileShare(entityID: file.ownerID, entityName: file.ownerName, entityType: "User", sharingType: "I", linkID: nil)]
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT "Id", "LinkedEntityId", "ShareType" FROM "ContentDocumentLink"
                WHERE "ContentDocumentId" = ? AND "IsDeleted" = 0 AND "LinkedEntityId" != ? ORDER BY "CreatedDate", "Id"
                """, arguments: [file.documentID, file.ownerID])
        for row in rows {
            let entityID = String.fromDatabaseValue(row[1]) ?? ""
            let type = schema.types.first { entityID.hasPrefix($0.keyPrefix) }
            var name = entityID
            if let type, let nameField = type.nameField {
                name =
                    try String.fetchOne(
                        db, sql: "SELECT \(OrgDatabase.quoted(nameField.name)) FROM \(OrgDatabase.quoted(type.name)) WHERE \"Id\" = ?",
                        arguments: [entityID]) ?? entityID
            }
            shares.append(
                FileShare(
                    entityID: entityID, entityName: name, entityType: type?.name ?? "User",
                    sharingType: String.fromDatabaseValue(row[2]) ?? "V", linkID: String.fromDatabaseValue(row[0])))
        }
        return shares
    }

    /// Stores an upload as a new file (or, with `documentID`, a new version of one).
    /// - Returns: The file's ContentDocument id.
    func uploadFile(
        title: String, description: String?, fileName: String, mimeType: String?, data: [UInt8],
        documentID: String? = nil, as userID: String, db: Database
    ) throws -> String {
        var path = fileName.isEmpty ? title : fileName
        // A name without an extension takes the declared type's, so the file keeps its type.
        if !path.contains("."), let mimeType, let fileExtension = MIMETypes.fileExtension(for: mimeType) { path += ".\(fileExtension)" }
        var fields: [String: JSON] = [
            "Title": .string(title), "PathOnClient": .string(path), "VersionData": .string(Data(data).base64EncodedString()),
        ]
        if let description { fields["Description"] = .string(description) }
        if let documentID { fields["ContentDocumentId"] = .string(documentID) }
        let versionID = try create("ContentVersion", fields: .object(fields), as: userID, db: db)
        if let documentID {
            if let description {
                try db.execute(
                    sql: "UPDATE \"ContentDocument\" SET \"Description\" = ? WHERE \"Id\" = ?", arguments: [description, documentID])
            }
            return documentID
        }
        return try String.fetchOne(db, sql: "SELECT \"ContentDocumentId\" FROM \"ContentVersion\" WHERE \"Id\" = ?", arguments: [versionID])
            ?? ""
    }

    /// Deletes a file: the document, its versions and its shares. Only its owner may.
    func deleteFile(_ file: StoredFile, as userID: String, db: Database) throws {
        guard file.ownerID == userID else {
            throw APIError(status: 403, errorCode: "INSUFFICIENT_ACCESS", message: "Only the file's owner can delete it.")
        }
        let now = now.description
        for table in ["ContentVersion", "ContentDocumentLink"] {
            try db.execute(
                sql: """
                    UPDATE \(OrgDatabase.quoted(table)) SET "IsDeleted" = 1, "LastModifiedDate" = ?, "SystemModstamp" = ? WHERE "ContentDocumentId" = ?
                    """, arguments: [now, now, file.documentID])
        }
        try delete("ContentDocument", id: file.documentID, as: userID, db: db)
    }
}
