public import Foundation
import SalesforceCore

/// The rendition types of a file.
public enum RenditionType: String, Sendable, CaseIterable {
    /// A PDF of the document.
    case pdf = "PDF"
    /// A Flash rendition (legacy).
    case flash = "FLASH"
    /// A slide rendition.
    case slide = "SLIDE"
    /// A 120×90 thumbnail PNG.
    case thumb120by90 = "THUMB120BY90"
    /// A 240×180 thumbnail PNG.
    case thumb240by180 = "THUMB240BY180"
    /// A 720×480 thumbnail PNG.
    case thumb720by480 = "THUMB720BY480"
}

/// Files (Connect API). Pages are numbered from 0 and hold 25 files; a nil user is the
/// logged-in user (`me`). Paths go through `/connect/communities/{id}` for a community user.
extension RequestFactory {
    private var connect: String { communityID.map { "/connect/communities/\($0.id18)" } ?? "/connect" }

    private func files(_ path: String, _ query: [(name: String, value: String)] = []) -> RestRequest {
        var request = data(.get, connect + "/files" + path, query)
        request.headers["X-Chatter-Entity-Encoding"] = "false"
        return request
    }

    private static func page(_ page: Int) -> [(name: String, value: String)] { page > 0 ? [("page", String(page))] : [] }
    private static func version(_ version: String?) -> [(name: String, value: String)] { version.map { [("versionNumber", $0)] } ?? [] }

    private static func id(_ id: String, _ name: String) throws(RestError) -> String {
        guard !id.isEmpty else { throw .invalidRequest("\(name) must not be empty.") }
        return segment(id)
    }

    private static func user(_ userID: String?) throws(RestError) -> String {
        guard let userID else { return "me" }
        return try id(userID, "The user id")
    }

    /// Files the user owns.
    public func ownedFiles(userID: String? = nil, page: Int = 0) throws(RestError) -> RestRequest {
        files("/users/\(try Self.user(userID))", Self.page(page))
    }

    /// Files in the user's groups.
    public func filesInUsersGroups(userID: String? = nil, page: Int = 0) throws(RestError) -> RestRequest {
        files("/users/\(try Self.user(userID))/filter/groups", Self.page(page))
    }

    /// Files shared with the user.
    public func filesSharedWithUser(userID: String? = nil, page: Int = 0) throws(RestError) -> RestRequest {
        files("/users/\(try Self.user(userID))/filter/sharedwithme", Self.page(page))
    }

    /// A file's details, of one version (nil: the latest).
    public func fileDetails(_ fileID: String, version: String? = nil) throws(RestError) -> RestRequest {
        files("/\(try Self.id(fileID, "The file id"))", Self.version(version))
    }

    /// Several files' details at once.
    public func batchFileDetails(_ fileIDs: [String]) throws(RestError) -> RestRequest {
        guard !fileIDs.isEmpty, !fileIDs.contains(where: \.isEmpty) else { throw .invalidRequest("Give at least one file id, none empty.") }
        return files("/batch/\(fileIDs.joined(separator: ","))")
    }

    /// A rendition of a file (a THUMB120BY90 thumbnail unless another type is given).
    public func fileRendition(_ fileID: String, version: String? = nil, type: RenditionType = .thumb120by90, page: Int = 0)
        throws(RestError) -> RestRequest
    {
        try files("/\(Self.id(fileID, "The file id"))/rendition", [("type", type.rawValue)] + Self.page(page) + Self.version(version))
    }

    /// A file's bytes.
    public func fileContents(_ fileID: String, version: String? = nil) throws(RestError) -> RestRequest {
        try files("/\(Self.id(fileID, "The file id"))/content", Self.version(version))
    }

    /// Who a file is shared with.
    public func fileShares(_ fileID: String, page: Int = 0) throws(RestError) -> RestRequest {
        files("/\(try Self.id(fileID, "The file id"))/file-shares", Self.page(page))
    }

    /// Shares a file with a user or group: `V` (viewer) or `C` (collaborator).
    public func addFileShare(_ fileID: String, entityID: String, shareType: String = "V") throws(RestError) -> RestRequest {
        _ = try Self.id(fileID, "The file id")
        _ = try Self.id(entityID, "The entity id")
        guard shareType == "V" || shareType == "C" else { throw .invalidRequest("shareType must be V or C, not \(shareType).") }
        return create(
            "ContentDocumentLink",
            fields: [
                "ContentDocumentId": .string(fileID), "LinkedEntityId": .string(entityID),
                "ShareType": .string(shareType),
            ])
    }

    /// Removes a share.
    public func deleteFileShare(_ shareID: String) throws(RestError) -> RestRequest {
        delete("ContentDocumentLink", id: try Self.id(shareID, "The share id"))
    }

    /// Uploads a file to the user's files; the answer is its details, version 1.
    public func uploadFile(_ contents: Data, name: String, description: String? = nil, mimeType: String? = nil) throws(RestError)
        -> RestRequest
    {
        guard !name.isEmpty else { throw .invalidRequest("The file name must not be empty.") }
        var metadata: [String: JSON] = ["title": .string(name)]
        if let description { metadata["desc"] = .string(description) }
        var form = MultipartForm()
        form.addField("json", text: JSON.object(metadata).serialized(), mimeType: "application/json; charset=UTF-8")
        form.addFile(contents, name: "fileData", fileName: name, mimeType: mimeType ?? "application/octet-stream")
        var request = data(.post, connect + "/files/users/me")
        request.setBody(form.finished, contentType: form.contentType)
        return request
    }

    /// The path of a file's rendition under `/services/data`, for loading it elsewhere (a web view).
    public func fileRenditionPath(_ fileID: String, version: String? = nil, type: RenditionType = .thumb120by90, page: Int = 0)
        throws(RestError) -> String
    {
        try fileRendition(fileID, version: version, type: type, page: page).endpointPathAndQuery
    }

    /// The path of a file's contents under `/services/data`.
    public func fileContentsPath(_ fileID: String, version: String? = nil) throws(RestError) -> String {
        try fileContents(fileID, version: version).endpointPathAndQuery
    }

    /// The next page of any paged list: its `nextPageUrl`.
    public func nextPage(_ nextPageURL: String) -> RestRequest {
        RestRequest(method: .get, path: nextPageURL)
    }
}
