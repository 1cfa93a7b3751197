import SalesforceCore

/// The Connect API's JSON for files: file details, file pages and share pages.
enum FileDocuments {
    /// Connect writes dates in UTC with `Z`: `2019-05-01T12:00:00.000Z`.
    static func connectDate(_ stored: String) -> String {
        stored.hasSuffix("+0000") ? String(stored.dropLast(5)) + "Z" : stored
    }

    /// A file's detail. `base` is the files path the request used: `/services/data/v62.0/connect/files`.
    static func detail(_ file: StoredFile, base: String, viewer: String) -> JSON {
        let url = "\(base)/\(file.documentID)"
        let content = "\(url)/content?versionNumber=\(file.version.number)"
        let isImage = file.mimeType.hasPrefix("image/")
        return [
            "id": .string(file.documentID), "title": .string(file.title), "description": file.description.map(JSON.string) ?? .null,
            "contentSize": .integer(Int64(file.version.size)), "mimeType": .string(file.mimeType),
            "fileExtension": file.version.fileExtension.map(JSON.string) ?? .null, "fileType": .string(file.version.fileType),
            "versionNumber": .string(file.version.number), "latestPublishedVersionId": .string(file.version.id),
            "type": "File", "origin": "Chatter", "isInMyFileSync": false, "contentHubRepository": .null,
            "sharingRole": .string(file.ownerID == viewer ? "Owner" : "Viewer"),
            "owner": ["id": .string(file.ownerID), "name": .string(file.ownerName), "type": "User"],
            "createdDate": .string(connectDate(file.createdDate)), "modifiedDate": .string(connectDate(file.modifiedDate)),
            "contentUrl": .string(content), "downloadUrl": .string(content), "url": .string(url),
            "renditionUrl": isImage ? .string("\(url)/rendition?type=THUMB120BY90") : .null,
            "thumb120By90RenditionStatus": .string(isImage ? "Success" : "NotAvailable"),
            "thumb240By180RenditionStatus": .string(isImage ? "Success" : "NotAvailable"),
            "thumb720By480RenditionStatus": .string(isImage ? "Success" : "NotAvailable"),
            "pdfRenditionStatus": .string(file.mimeType == "application/pdf" ? "Success" : "NotAvailable"),
        ]
    }

    /// `{"currentPageUrl", <key>: [...], "nextPageUrl", "previousPageUrl"}`.
    static func page(_ key: String, items: [JSON], path: String, page: Int, pageSize: Int, total: Int) -> JSON {
        func pageURL(_ number: Int) -> JSON {
            .string(pageSize == FilesPaging.defaultPageSize ? "\(path)?page=\(number)" : "\(path)?page=\(number)&pageSize=\(pageSize)")
        }
        return [
            "currentPageUrl": pageURL(page), key: .array(items),
            "nextPageUrl": (page + 1) * pageSize < total ? pageURL(page + 1) : .null,
            "previousPageUrl": page > 0 ? pageURL(page - 1) : .null,
        ]
    }

    /// One share: `{"entity": {"id","name","type"}, "sharingType"}`.
    static func share(_ share: FileShare) -> JSON {
        [
            "entity": ["id": .string(share.entityID), "name": .string(share.entityName), "type": .string(share.entityType)],
            "sharingType": .string(share.sharingType), "id": share.linkID.map(JSON.string) ?? .null,
        ]
    }
}

/// `page` (zero-based) and `pageSize` (25 by default, at most 100) of the files lists.
struct FilesPaging {
    static let defaultPageSize = 25
    static let maximumPageSize = 100
    var page: Int
    var pageSize: Int

    init(_ call: RestCall) throws(APIError) {
        // Pages up to Int32.max keep `(page + 1) * pageSize` far from overflow.
        page = try call.integerParameter("page", in: 0...Int(Int32.max)) ?? 0
        pageSize = try call.integerParameter("pageSize", in: 1...Self.maximumPageSize) ?? Self.defaultPageSize
    }
}
