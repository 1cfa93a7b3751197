import Foundation
import GRDB
import SalesforceCore

/// The Connect files API, at every path the SDKs have used: `connect/files` (iOS 7.1),
/// `chatter/connect/files` (Android 7.1), `chatter/files` and `chatter/users/{id}/files` (3.1).
/// Every form reaches the same resource.
extension DataAPI {
    func files(_ call: RestCall) throws(APIError) -> ResolvedCall {
        let rest = try Self.filesPath(call.segments)
        let base = "/services/data/\(call.version)/connect/files"
        switch (call.method, rest.count, rest.first ?? "") {
        case ("GET", 2, "users"), ("GET", 4, "users"):
            let kind: OrgStore.FileListKind
            switch rest.dropFirst(2) {
            case []: kind = .owned
            case ["filter", "groups"]: kind = .inUsersGroups
            case ["filter", "sharedwithme"]: kind = .sharedWithUser
            default: throw APIError.notFound
            }
            return try list(kind, of: try user(rest[1]), call: call, base: base)
        case ("POST", 2, "users"):
            guard try user(rest[1]) == userID else {
                throw APIError(
                    status: 403, errorCode: "INSUFFICIENT_ACCESS", message: "Files can only be uploaded to your own files: users/me.")
            }
            return try upload(call, toFile: nil, base: base)
        case ("GET", 2, "batch"):
            return batch(rest[1].split(atScalars: [","]), base: base)
        case ("GET", 1, let file):
            let versionNumber = call.parameter("versionNumber")
            return .read { db in
                .json(FileDocuments.detail(try store.file(file, versionNumber: versionNumber, db: db), base: base, viewer: userID))
            }
        case ("POST", 1, let file):
            return try upload(call, toFile: file, base: base)
        case ("DELETE", 1, let file):
            return .write { db in
                try store.deleteFile(try store.file(file, db: db), as: userID, db: db)
                return .noContent
            }
        case ("GET", 2, let file) where rest[1] == "content":
            let range = call.headers["range"]
            return .read { db in Self.content(try fileWithContent(file, call: call, db: db), range: range) }
        case ("GET", 2, let file) where rest[1] == "rendition":
            return try rendition(of: file, call: call)
        case ("GET", 2, let file) where rest[1] == "file-shares":
            return try shares(of: file, call: call)
        default:
            throw APIError.notFound
        }
    }

    /// The path after the files base, with `chatter/users/{id}/files` read as `users/{id}`.
    private static func filesPath(_ segments: [String]) throws(APIError) -> [String] {
        for base in [["connect", "files"], ["chatter", "files"], ["chatter", "connect", "files"]] where segments.starts(with: base) {
            return Array(segments.dropFirst(base.count))
        }
        if segments.count >= 4, segments[0] == "chatter", segments[1] == "users", segments[3] == "files" {
            return ["users", segments[2]] + segments.dropFirst(4)
        }
        throw APIError.notFound
    }

    /// The user a list is about: `me` or a user id.
    private func user(_ text: String) throws(APIError) -> String {
        if text.lowercased() == "me" { return userID }
        guard let id = RecordID.normalized(text), id.hasPrefix("005") else { throw APIError.notFound }
        return id
    }

    private func list(_ kind: OrgStore.FileListKind, of owner: String, call: RestCall, base: String) throws(APIError) -> ResolvedCall {
        let paging = try FilesPaging(call)
        let path = call.path
        return .read { db in
            let (files, total) = try store.files(kind, of: owner, page: paging.page, pageSize: paging.pageSize, db: db)
            return .json(
                FileDocuments.page(
                    "files", items: files.map { FileDocuments.detail($0, base: base, viewer: userID) },
                    path: path, page: paging.page, pageSize: paging.pageSize, total: total))
        }
    }

    private func batch(_ ids: [String], base: String) -> ResolvedCall {
        .read { db in
            try Self.checkCollectionSize(ids.count, limit: 100)
            let results = ids.map { id -> JSON in
                switch db.attempt({ try store.file(id, db: db) }) {
                case .success(let file):
                    return ["statusCode": 200, "result": FileDocuments.detail(file, base: base, viewer: userID)]
                case .failure(let error):
                    return [
                        "statusCode": .integer(Int64(error.status)),
                        "result": [["errorCode": .string(error.errorCode), "message": .string(error.message)]],
                    ]
                }
            }
            return .json(["results": .array(results)])
        }
    }

    /// The file the path names, at the `versionNumber` asked for, with its bytes.
    private func fileWithContent(_ id: String, call: RestCall, db: Database) throws -> (StoredFile, [UInt8]) {
        let file = try store.file(id, versionNumber: call.parameter("versionNumber"), db: db)
        return (file, try store.fileContent(versionID: file.version.id, db: db))
    }

    /// A file's bytes, or the part a `Range` header asks for.
    private static func content(_ content: (StoredFile, [UInt8]), range: String?) -> RestReply {
        let (file, bytes) = content
        let name = file.version.fileExtension.map { "\(file.title).\($0)" } ?? file.title
        var headers = [
            ("Accept-Ranges", "bytes"),
            ("Content-Disposition", "attachment; filename=\"\(HeaderText.quotable(name))\""),
        ]
        switch ByteRange.evaluate(range, size: bytes.count) {
        case .whole:
            return RestReply(status: 200, body: bytes, headers: headers, contentType: file.mimeType)
        case .partial(let range):
            headers.append(("Content-Range", "bytes \(range.lowerBound)-\(range.upperBound)/\(bytes.count)"))
            return RestReply(status: 206, body: Array(bytes[range]), headers: headers, contentType: file.mimeType)
        case .unsatisfiable:
            return RestReply(status: 416, body: nil, headers: [("Content-Range", "bytes */\(bytes.count)")])
        }
    }

    private func rendition(of id: String, call: RestCall) throws(APIError) -> ResolvedCall {
        let type = (call.parameter("type") ?? "THUMB120BY90").uppercased()
        guard Thumbnail.boxes[type] != nil || ["PDF", "FLASH", "SLIDE"].contains(type) else {
            throw APIError(
                status: 400, errorCode: "INVALID_PARAMETER_VALUE",
                message: "type must be THUMB120BY90, THUMB240BY180, THUMB720BY480, PDF, FLASH or SLIDE, not \(type).")
        }
        return .read { db in
            let (file, bytes) = try fileWithContent(id, call: call, db: db)
            if let box = Thumbnail.boxes[type], let size = Thumbnail.imageSize(of: bytes) {
                let fitted = Thumbnail.fittedSize(of: size, in: box)
                return RestReply(status: 200, body: Thumbnail.png(width: fitted.width, height: fitted.height), contentType: "image/png")
            }
            if type == "PDF", file.mimeType == "application/pdf" {
                return RestReply(status: 200, body: bytes, contentType: "application/pdf")
            }
            throw APIError(
                status: 404, errorCode: "NOT_FOUND",
                message:
                    "No \(type) rendition is available for this file (\(file.mimeType)): thumbnails are made for PNG, JPEG and GIF images, and PDF renditions for PDF files."
            )
        }
    }

    private func shares(of id: String, call: RestCall) throws(APIError) -> ResolvedCall {
        let paging = try FilesPaging(call)
        let path = call.path
        return .read { db in
            let shares = try store.fileShares(of: try store.file(id, db: db), db: db)
            let pageItems = shares.dropFirst(paging.page * paging.pageSize).prefix(paging.pageSize).map(FileDocuments.share)
            return .json(
                FileDocuments.page(
                    "shares", items: Array(pageItems), path: path, page: paging.page, pageSize: paging.pageSize, total: shares.count))
        }
    }

    /// A multipart upload: a new file, or a new version of `fileID`.
    private func upload(_ call: RestCall, toFile fileID: String?, base: String) throws(APIError) -> ResolvedCall {
        guard case .bytes(let bytes, let contentType) = call.body, let boundary = contentType.flatMap(MultipartForm.boundary(of:)) else {
            throw APIError(
                status: 400, errorCode: "INVALID_MULTIPART_REQUEST",
                message: "An upload is multipart/form-data with a fileData part and a title (a json part or a title field).")
        }
        let form = try MultipartForm(body: bytes, boundary: boundary)
        guard let data = form.part("fileData") else {
            throw APIError(status: 400, errorCode: "INVALID_MULTIPART_REQUEST", message: "The upload has no fileData part.")
        }
        // iOS sends {"title","desc"} in a json part; Android and 3.1 send title and desc fields.
        let json = form.part("json").flatMap { try? JSON(parsing: $0.body) }
        let title = json?["title"]?.stringValue ?? form.part("title")?.text ?? data.fileName ?? "Untitled"
        let description = json?["desc"]?.stringValue ?? form.part("desc")?.text
        let mimeType = data.contentType?.split(atScalars: [";"]).first.map { $0.trimmingCharacters(in: .whitespaces) }
        return .write { db in
            let existing = try fileID.map { id in try store.file(id, db: db).documentID }
            let documentID = try store.uploadFile(
                title: title, description: description, fileName: data.fileName ?? title, mimeType: mimeType,
                data: data.body, documentID: existing, as: userID, db: db)
            return .json(FileDocuments.detail(try store.file(documentID, db: db), base: base, viewer: userID), status: 201)
        }
    }
}
