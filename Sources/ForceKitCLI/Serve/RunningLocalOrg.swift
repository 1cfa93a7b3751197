import Foundation
import LocalOrg
import SalesforceCore

/// A running `forcekit serve`, as it records itself under `$FORCEKIT_HOME/running-localorgs/`
/// while it runs, so `forcekit login --local` and `forcekit org display` need nothing copied by
/// hand. Each server has a record of its own (named for its address), so several run side by side
/// and stopping one leaves the others' records alone; LocalOrg itself allows one server per data
/// folder.
struct RunningLocalOrg: Equatable {
    var instanceURL: String
    var username: String
    var password: String
    var clientID: String
    var redirectURI: String
    var caFile: String?
    var dataDirectory: String?
    var processID: Int32
    /// When it started, in milliseconds since 1970: the newest is the one `login --local` means.
    var startedAt: Int64

    /// The folder of the records.
    static var folder: URL { ForceKitHome.directory.appendingPathComponent("running-localorgs") }

    /// This record's file: one per address, which only one server holds at a time.
    var file: URL {
        let name = String(
            String.UnicodeScalarView(
                instanceURL.unicodeScalars.map {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ".") ? $0 : "-"
                }))
        return Self.folder.appendingPathComponent(name + ".json")
    }

    init(
        _ credentials: LocalOrgCredentials, dataDirectory: String?, processID: Int32 = ProcessInfo.processInfo.processIdentifier,
        startedAt: Date = Date()
    ) {
        instanceURL = credentials.instanceURL
        username = credentials.username
        password = credentials.password
        clientID = credentials.clientID
        redirectURI = credentials.redirectURI
        caFile = credentials.caFile
        self.dataDirectory = dataDirectory
        self.processID = processID
        self.startedAt = startedAt.millisecondsSince1970
    }

    /// The LocalOrgs running now, newest first; records of servers whose process is gone are removed.
    static func all() -> [RunningLocalOrg] {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        var running: [RunningLocalOrg] = []
        for file in files where file.pathExtension == "json" {
            guard let data = FileManager.default.contents(atPath: file.path), let json = try? JSON(parsing: Array(data)),
                let record = RunningLocalOrg(json: json)
            else { continue }
            if isAlive(record.processID) {
                running.append(record)
            } else {
                try? FileManager.default.removeItem(at: file)
            }
        }
        return running.sorted { $0.startedAt > $1.startedAt }
    }

    /// The newest running LocalOrg, or nil when none runs.
    static func current() -> RunningLocalOrg? { all().first }

    /// The running LocalOrg at `instanceURL`, if one runs there.
    static func serving(_ instanceURL: String) -> RunningLocalOrg? {
        func normalized(_ url: String) -> String { url.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        return all().first { normalized($0.instanceURL) == normalized(instanceURL) }
    }

    /// Writes the record, owner-only: it holds the default user's password.
    func save() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try OwnerOnlyFiles.write(json.serializedBytes(), to: file)
    }

    /// Removes the record if it is still this one's (a newer server may hold the address now).
    func remove() {
        guard let data = FileManager.default.contents(atPath: file.path), let json = try? JSON(parsing: Array(data)),
            RunningLocalOrg(json: json) == self
        else { return }
        try? FileManager.default.removeItem(at: file)
    }

    var json: JSON {
        var object: [String: JSON] = [
            "instanceUrl": .string(instanceURL), "username": .string(username), "password": .string(password),
            "clientId": .string(clientID), "redirectUri": .string(redirectURI), "pid": .integer(Int64(processID)),
            "startedAt": .integer(startedAt),
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
        startedAt = json["startedAt"]?.integerValue ?? 0
    }

    /// Whether a process with this id exists (signal 0 checks without sending anything).
    private static func isAlive(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
