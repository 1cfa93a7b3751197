import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SalesforceCore

/// The Connect files API under `/services/data/vXX.X`, at every path the SDKs have used:
/// `connect/files` (iOS 7.1), `chatter/connect/files` (Android 7.1), `chatter/files` and
/// `chatter/users/{id}/files` (3.1).
struct FilesRoutes {
    let services: LocalOrgServices
    private var store: OrgStore { services.store }

    private static let bases = ["connect/files", "chatter/files", "chatter/connect/files"]
    private static let lists: [(suffix: String, kind: OrgStore.FileListKind)] = [
        ("", .owned), ("/filter/groups", .inUsersGroups), ("/filter/sharedwithme", .sharedWithUser),
    ]

    func register(on api: RouterGroup<LocalOrgRequestContext>) {
        for base in Self.bases {
            for (suffix, kind) in Self.lists {
                api.get(RouterPath("\(base)/users/:user\(suffix)")) { request, context in try await list(kind, request, context) }
            }
            api.post(RouterPath("\(base)/users/:user")) { request, context in try await upload(request, context, to: nil) }
            api.get(RouterPath("\(base)/batch/:ids")) { _, context in try await batch(context) }
            api.get(RouterPath("\(base)/:file")) { request, context in try await detail(request, context) }
            api.post(RouterPath("\(base)/:file")) { request, context in
                try await upload(request, context, to: context.parameters.get("file") ?? "")
            }
            api.delete(RouterPath("\(base)/:file")) { _, context in try await delete(context) }
            api.get(RouterPath("\(base)/:file/content")) { request, context in try await content(request, context) }
            api.get(RouterPath("\(base)/:file/rendition")) { request, context in try await rendition(request, context) }
            api.get(RouterPath("\(base)/:file/file-shares")) { request, context in try await shares(request, context) }
        }
        for (suffix, kind) in Self.lists {
            api.get(RouterPath("chatter/users/:user/files\(suffix)")) { request, context in try await list(kind, request, context) }
        }
        api.post("chatter/users/:user/files") { request, context in try await upload(request, context, to: nil) }
    }

    // MARK: - Context

    private func session(_ context: LocalOrgRequestContext) throws(APIError) -> (userID: String, version: String) {
        guard let session = context.session else { throw APIError.invalidSession }
        return (session.userID, try APIVersions.checked(context.parameters.get("version")))
    }

    /// `/services/data/v62.0/connect/files`: where file URLs in answers point.
    private func filesBase(_ version: String) -> String { "/services/data/\(version)/connect/files" }

    /// The user a list is about: `me` or an id.
    private func user(_ context: LocalOrgRequestContext, me: String) throws(APIError) -> String {
        let text = context.parameters.get("user") ?? ""
        if text.lowercased() == "me" { return me }
        guard let id = RecordID.normalized(text), id.hasPrefix("005") else { throw APIError.notFound }
        return id
    }

    // MARK: - Handlers

    private func list(_ kind: OrgStore.FileListKind, _ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let (me, version) = try session(context)
        let userID = try user(context, me: me)
        let paging = try FilesPaging(page: Responses.query("page", of: request), pageSize: Responses.query("pageSize", of: request))
        let (files, total) = try await store.read { db in
            try store.files(kind, of: userID, page: paging.page, pageSize: paging.pageSize, db: db)
        }
        let base = filesBase(version)
        return Responses.json(
            FileDocuments.page(
                "files", items: files.map { FileDocuments.detail($0, base: base, viewer: me) },
                path: request.uri.path, page: paging.page, pageSize: paging.pageSize, total: total))
    }

    private func detail(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let (me, version) = try session(context)
        let id = context.parameters.get("file") ?? ""
        let versionNumber = Responses.query("versionNumber", of: request)
        let file = try await store.read { db in try store.file(id, versionNumber: versionNumber, db: db) }
        return Responses.json(FileDocuments.detail(file, base: filesBase(version), viewer: me))
    }

    private func batch(_ context: LocalOrgRequestContext) async throws -> Response {
        let (me, version) = try session(context)
        let ids = (context.parameters.get("ids") ?? "").split(separator: ",").map(String.init)
        try DataAPI.checkCollectionSize(ids.count, limit: 100)
        let results = try await store.read { db in
            ids.map { id -> JSON in
                switch db.attempt({ try store.file(id, db: db) }) {
                case .success(let file):
                    return ["statusCode": 200, "result": FileDocuments.detail(file, base: filesBase(version), viewer: me)]
                case .failure(let error):
                    return [
                        "statusCode": .integer(Int64(error.status)),
                        "result": [["errorCode": .string(error.errorCode), "message": .string(error.message)]],
                    ]
                }
            }
        }
        return Responses.json(["results": .array(results)])
    }

    /// The file the path names, at the `versionNumber` asked for, with its bytes.
    private func fileWithContent(_ request: Request, _ context: LocalOrgRequestContext) async throws -> (StoredFile, [UInt8]) {
        _ = try session(context)
        let id = context.parameters.get("file") ?? ""
        let versionNumber = Responses.query("versionNumber", of: request)
        return try await store.read { db in
            let file = try store.file(id, versionNumber: versionNumber, db: db)
            return (file, try store.fileContent(versionID: file.version.id, db: db))
        }
    }

    private func content(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let (file, bytes) = try await fileWithContent(request, context)
        var headers: HTTPFields = [.contentType: file.mimeType, .acceptRanges: "bytes"]
        let name = file.version.fileExtension.map { "\(file.title).\($0)" } ?? file.title
        headers[.contentDisposition] = "attachment; filename=\"\(name.replacingOccurrences(of: "\"", with: "'"))\""
        switch ByteRange.evaluate(request.headers[.range], size: bytes.count) {
        case .whole:
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        case .partial(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(bytes.count)"
            return Response(status: .partialContent, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes[range])))
        case .unsatisfiable:
            return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(bytes.count)"])
        }
    }

    private func rendition(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        let type = (Responses.query("type", of: request) ?? "THUMB120BY90").uppercased()
        guard Thumbnail.boxes[type] != nil || ["PDF", "FLASH", "SLIDE"].contains(type) else {
            throw APIError(
                status: 400, errorCode: "INVALID_PARAMETER_VALUE",
                message: "type must be THUMB120BY90, THUMB240BY180, THUMB720BY480, PDF, FLASH or SLIDE, not \(type).")
        }
        let (file, bytes) = try await fileWithContent(request, context)
        if let box = Thumbnail.boxes[type], let size = Thumbnail.imageSize(of: bytes) {
            let fitted = Thumbnail.fittedSize(of: size, in: box)
            return Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Thumbnail.png(width: fitted.width, height: fitted.height))))
        }
        if type == "PDF", file.mimeType == "application/pdf" {
            return Response(
                status: .ok, headers: [.contentType: "application/pdf"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        throw APIError(
            status: 404, errorCode: "NOT_FOUND",
            message:
                "No \(type) rendition is available for this file (\(file.mimeType)): thumbnails are made for PNG, JPEG and GIF images, and PDF renditions for PDF files."
        )
    }

    private func shares(_ request: Request, _ context: LocalOrgRequestContext) async throws -> Response {
        _ = try session(context)
        let id = context.parameters.get("file") ?? ""
        let paging = try FilesPaging(page: Responses.query("page", of: request), pageSize: Responses.query("pageSize", of: request))
        let shares = try await store.read { db in try store.fileShares(of: try store.file(id, db: db), db: db) }
        let pageItems = shares.dropFirst(paging.page * paging.pageSize).prefix(paging.pageSize).map(FileDocuments.share)
        return Responses.json(
            FileDocuments.page(
                "shares", items: Array(pageItems), path: request.uri.path,
                page: paging.page, pageSize: paging.pageSize, total: shares.count))
    }

    private func delete(_ context: LocalOrgRequestContext) async throws -> Response {
        let (me, _) = try session(context)
        let id = context.parameters.get("file") ?? ""
        try await store.write { db in try store.deleteFile(try store.file(id, db: db), as: me, db: db) }
        return Responses.noContent()
    }

    /// A multipart upload: a new file, or a new version of `fileID`.
    private func upload(_ request: Request, _ context: LocalOrgRequestContext, to fileID: String?) async throws -> Response {
        let (me, version) = try session(context)
        if fileID == nil, try user(context, me: me) != me {
            throw APIError(
                status: 403, errorCode: "INSUFFICIENT_ACCESS", message: "Files can only be uploaded to your own files: users/me.")
        }
        guard let boundary = request.headers[.contentType].flatMap(MultipartForm.boundary(of:)) else {
            throw APIError(
                status: 400, errorCode: "INVALID_MULTIPART_REQUEST",
                message: "An upload is multipart/form-data with a fileData part and a title (a json part or a title field).")
        }
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        let form = try MultipartForm(body: buffer.getBytes(at: buffer.readerIndex, length: buffer.readableBytes) ?? [], boundary: boundary)
        guard let data = form.part("fileData") else {
            throw APIError(status: 400, errorCode: "INVALID_MULTIPART_REQUEST", message: "The upload has no fileData part.")
        }
        // iOS sends {"title","desc"} in a json part; Android and 3.1 send title and desc fields.
        let json = form.part("json").flatMap { try? JSON(parsing: $0.body) }
        let title = json?["title"]?.stringValue ?? form.part("title")?.text ?? data.fileName ?? "Untitled"
        let description = json?["desc"]?.stringValue ?? form.part("desc")?.text
        let mimeType = data.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        let file = try await store.write { db in
            let existing = try fileID.map { id in try store.file(id, db: db).documentID }
            let documentID = try store.uploadFile(
                title: title, description: description, fileName: data.fileName ?? title, mimeType: mimeType,
                data: data.body, documentID: existing, as: me, db: db)
            return try store.file(documentID, db: db)
        }
        return Responses.json(FileDocuments.detail(file, base: filesBase(version), viewer: me), status: .created)
    }
}

extension HTTPField.Name {
    static let acceptRanges = HTTPField.Name("Accept-Ranges")!
    static let contentDisposition = HTTPField.Name("Content-Disposition")!
}
