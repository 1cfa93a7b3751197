import Foundation
import LocalOrg
import SalesforceCore

/// Where `forcekit serve` runs, as it records it in `$FORCEKIT_HOME/localorg.json` while it
/// runs, so `forcekit login --local` and `forcekit org display` need nothing copied by hand.
struct RunningLocalOrg: Equatable {
    var instanceURL: String
    var username: String
    var password: String
    var clientID: String
    var redirectURI: String
    var caFile: String?
    var dataDirectory: String?
    var processID: Int32

    /// The record's file.
    static var file: URL { ForceKitHome.directory.appendingPathComponent("running-localorg.json") }

    init(_ credentials: LocalOrgCredentials, dataDirectory: String?, processID: Int32 = ProcessInfo.processInfo.processIdentifier) {
        instanceURL = credentials.instanceURL
        username = credentials.username
        password = credentials.password
        clientID = credentials.clientID
        redirectURI = credentials.redirectURI
        caFile = credentials.caFile
        self.dataDirectory = dataDirectory
        self.processID = processID
    }

    /// The running LocalOrg's record, or nil when none was recorded or its process is gone.
    static func current() -> RunningLocalOrg? {
        guard let data = FileManager.default.contents(atPath: file.path), let json = try? JSON(parsing: Array(data)),
            let record = RunningLocalOrg(json: json), isAlive(record.processID)
        else { return nil }
        return record
    }

    /// Writes the record, owner-only: it holds the default user's password.
    func save() throws {
        try FileManager.default.createDirectory(
            at: Self.file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try OwnerOnlyFiles.write(json.serializedBytes(), to: Self.file)
    }

    /// Removes the record if it is this one's (a newer server may have replaced it).
    func remove() {
        guard let data = FileManager.default.contents(atPath: Self.file.path), let json = try? JSON(parsing: Array(data)),
            RunningLocalOrg(json: json) == self
        else { return }
        try? FileManager.default.removeItem(at: Self.file)
    }

    var json: JSON {
        var object: [String: JSON] = [
            "instanceUrl": .string(instanceURL), "username": .string(username), "password": .string(password),
            "clientId": .string(clientID), "redirectUri": .string(redirectURI), "pid": .integer(Int64(processID)),
        ]
        object["caFile"] = caFile.map(JSON.string) ?? .null
        object["dataDirectory"] = dataDirectory.map(JSON.string) ?? .null
        return .object(object)
    }

    init?(json: JSON) {
        guard let instance = json["instanceUrl"]?.stringValue, let username = json["username"]?.stringValue,
            let password = json["password"]?.stringValue, let clientID = json["clientId"]?.stringValue,
            let redirectURI = json["redirectUri"]?.stringValue, let pid = json["pid"]?.integerValue, let processID = Int32(exactly: pid)
        else { return nil }
        instanceURL = instance
        self.username = username
        self.password = password
        self.clientID = clientID
        self.redirectURI = redirectURI
        caFile = json["caFile"]?.stringValue
        dataDirectory = json["dataDirectory"]?.stringValue
        self.processID = processID
    }

    /// Whether a process with this id exists (signal 0 checks without sending anything).
    private static func isAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
