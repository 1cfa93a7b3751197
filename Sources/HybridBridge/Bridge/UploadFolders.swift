import Foundation

/// The folders a page may upload files from: the app's own, as a web view reads only its app's
/// files, less the folders of its secrets (the key files a key store keeps off Apple platforms).
/// A file is inside one when its real path (symbolic links and `..` resolved) is under the
/// folder's real path, compared as bytes.
struct UploadFolders: Sendable {
    private let roots: [[UInt8]]
    private let excluded: [[UInt8]]

    init(_ folders: [URL], excluding secrets: [URL] = []) {
        roots = folders.map(Self.prefix)
        excluded = secrets.map(Self.prefix)
    }

    private static func prefix(_ folder: URL) -> [UInt8] {
        Array(realPath(folder).utf8) + [UInt8(ascii: "/")]
    }

    /// `url` when it names a file inside one of the folders.
    /// - Throws: ``BridgeFailure`` naming the file and where uploads may come from.
    func checked(_ url: URL) throws -> URL {
        let path = Array(Self.realPath(url).utf8)
        guard url.isFileURL, roots.contains(where: { path.starts(with: $0) }) else {
            throw BridgeFailure(
                "The file \(url.path) is outside the app: a page uploads only files in the app's data folder or its www folder.")
        }
        guard !excluded.contains(where: { path.starts(with: $0) }) else {
            throw BridgeFailure("The file \(url.path) is one of the app's keys: a page may not upload them.")
        }
        return url
    }

    private static func realPath(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
