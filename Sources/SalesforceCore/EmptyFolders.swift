package import Foundation

extension FileManager {
    /// Removes `folder` and then each parent while it is empty, stopping at `root` (kept): what a
    /// logout does after deleting a user's files, so no folder named after the user is left.
    package func removeEmptyFolders(from folder: URL, below root: URL) {
        var folder = folder.standardizedFileURL
        let root = root.standardizedFileURL.path
        while folder.path.count > root.count, folder.path.hasPrefix(root),
            (try? contentsOfDirectory(atPath: folder.path))?.isEmpty == true
        {
            try? removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}
