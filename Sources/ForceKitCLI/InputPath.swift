import ArgumentParser
import Foundation
import SalesforceCore

/// The files and folders a user names on the command line, checked before a command does any
/// work: one that is not there is a usage error (exit status 64) in every command, named with
/// the option that gave it, never a library's message after a login or a server start.
enum InputPath {
    /// Refuses `path` unless it is a file this process can read (`-`, standard input, passes).
    /// - Parameter given: how the user gave it: `--plan`, or `The CSV file` for an argument.
    static func requireFile(_ path: String?, given: String) throws(ValidationError) {
        guard let path, path != "-" else { return }
        do {
            try UserFiles.checkReadable(path)
        } catch {
            throw ValidationError("\(given) \(path) cannot be read: \(error.reason). Check the path.")
        }
    }

    /// Refuses `path` unless it is a folder that exists.
    static func requireFolder(_ path: String?, given: String) throws(ValidationError) {
        guard let path else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ValidationError("\(given) \(path) cannot be used: there is no such folder. Check the path.")
        }
        guard isFolder.boolValue else { throw ValidationError("\(given) \(path) is a file; give its folder.") }
    }
}
