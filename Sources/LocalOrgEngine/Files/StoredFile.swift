/// A file as the Connect API shows it: a ContentDocument with one of its versions.
struct StoredFile: Sendable {
    var documentID: String
    var title: String
    var description: String?
    var ownerID: String
    var ownerName: String
    var createdDate: String
    var modifiedDate: String
    var version: Version

    /// One ContentVersion of the file.
    struct Version: Sendable {
        var id: String
        var number: String
        var size: Int
        var fileExtension: String?
        var fileType: String
    }

    var mimeType: String { MIMETypes.type(forExtension: version.fileExtension) }
}

/// One entry of a file's shares: who, and how.
struct FileShare: Sendable {
    var entityID: String
    var entityName: String
    var entityType: String
    /// `I` (inferred: the owner), `V` (viewer) or `C` (collaborator).
    var sharingType: String
    /// The ContentDocumentLink behind it; nil for the owner's.
    var linkID: String?
}
