package import Foundation

/// Files a person names on a command line or in a configuration: their bytes, or why they cannot
/// be had in words a person reads (no such file, a folder, no permission) rather than a
/// Foundation error number.
package enum UserFiles {
    /// Why a named file cannot be read.
    package struct Unreadable: Error, Sendable, CustomStringConvertible {
        /// The path as given.
        package let path: String
        /// Why, in a few words: "there is no such file", "it is a folder, not a file".
        package let reason: String

        package var description: String { "\(path) cannot be read: \(reason)" }
    }

    /// Checks that `path` is a file this process can read, without reading it: a command checks
    /// the files it was given before it logs in or starts a server.
    package static func checkReadable(_ path: String) throws(Unreadable) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Unreadable(path: path, reason: "there is no such file")
        }
        guard !isFolder.boolValue else { throw Unreadable(path: path, reason: "it is a folder, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw Unreadable(path: path, reason: "you do not have permission to read it")
        }
    }

    /// The bytes of the file at `path`.
    package static func contents(of path: String) throws(Unreadable) -> Data {
        try checkReadable(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(path: path, reason: "reading it failed")
        }
        return data
    }
}
