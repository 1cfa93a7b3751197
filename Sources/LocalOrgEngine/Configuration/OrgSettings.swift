import Foundation
import SalesforceCore

/// What a data directory remembers between runs: the org id, the default user's
/// credentials and the connected apps. It is `localorg.json` in the data directory, written
/// on first start and read after; edit it to add apps or change callbacks.
package struct OrgSettings: Sendable, Equatable {
    /// The org id (18 characters, `00D`).
    package var organizationID: String
    /// The org's name.
    package var organizationName: String
    /// The default user's username.
    package var username: String
    /// The default user's password.
    package var password: String
    /// The connected apps; the first is the default.
    package var connectedApps: [ConnectedApp]
    /// The Experience Cloud sites, each under its path; a new org has Partners at `/partners`.
    package var sites: [ExperienceSite] = [.partners]

    /// The name of the file in the data directory.
    package static let fileName = "localorg.json"

    /// New settings with random secrets: a new org.
    package static func generate() -> OrgSettings {
        OrgSettings(
            organizationID: RecordID.make(prefix: "00D", counter: Int64.random(in: 1...9_999_999)),
            organizationName: "LocalOrg",
            username: "admin@localorg.test",
            password: RandomText.make(length: 16),
            connectedApps: [
                ConnectedApp(
                    name: "ForceKit", consumerKey: "3MVG9" + RandomText.make(length: 80, alphabet: RandomText.keyAlphabet),
                    callbackURLs: [
                        "testsfdc:///mobilesdk/detect/oauth/done", "forcekit://oauth/done", "http://127.0.0.1:1717/oauth/callback",
                    ])
            ])
    }

    var json: JSON {
        [
            "organizationId": .string(organizationID), "organizationName": .string(organizationName),
            "defaultUser": ["username": .string(username), "password": .string(password)],
            "connectedApps": .array(connectedApps.map(\.json)), "sites": .array(sites.map(\.json)),
        ]
    }

    /// Settings from their parts. The Mobile SDK's sample app and the sample identity-provider
    /// client are added when the apps do not list them: every LocalOrg knows them, so apps and
    /// tools log in, and the IdP handoff runs, without a connected app of their own.
    init(organizationID: String, organizationName: String, username: String, password: String, connectedApps: [ConnectedApp]) {
        self.organizationID = organizationID
        self.organizationName = organizationName
        self.username = username
        self.password = password
        var connectedApps = connectedApps
        for sample in [ConnectedApp.mobileSDKSample, .sampleServiceProvider]
        where !connectedApps.contains(where: { $0.consumerKey == sample.consumerKey }) {
            connectedApps.append(sample)
        }
        self.connectedApps = connectedApps
    }

    /// Reads the settings of a data directory, or writes new ones there when it has none.
    static func loadOrCreate(in directory: URL) throws(LocalOrgError) -> OrgSettings {
        let file = directory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            let settings = generate()
            do {
                try OwnerOnlyFiles.write(settings.json.serializedBytes(), to: file)
            } catch {
                throw .dataDirectoryUnusable(path: directory.path, reason: "cannot write \(fileName): \(error.localizedDescription)")
            }
            return settings
        }
        let json: JSON
        do {
            json = try JSON(parsing: Array(data))
        } catch {
            throw .invalidConfiguration(file: file.path, reason: error.message)
        }
        func fail(_ reason: String) -> LocalOrgError { .invalidConfiguration(file: file.path, reason: reason) }
        guard let organizationID = json["organizationId"]?.stringValue, organizationID.hasPrefix("00D"),
            RecordID.normalized(organizationID) != nil
        else { throw fail("\"organizationId\" must be an 00D id") }
        guard let username = json["defaultUser"]?["username"]?.stringValue, let password = json["defaultUser"]?["password"]?.stringValue
        else {
            throw fail("\"defaultUser\" needs \"username\" and \"password\"")
        }
        let apps = try (json["connectedApps"]?.arrayValue ?? []).enumerated().map { (index, app) throws(LocalOrgError) in
            try ConnectedApp(json: app, at: "connectedApps[\(index)]", file: file.path)
        }
        guard !apps.isEmpty else { throw fail("\"connectedApps\" must list at least one app") }
        var settings = OrgSettings(
            organizationID: RecordID.normalized(organizationID) ?? organizationID,
            organizationName: json["organizationName"]?.stringValue ?? "LocalOrg",
            username: username, password: password, connectedApps: apps)
        // A file from before sites has the Partners site too; "sites": [] has none.
        if let sites = json["sites"]?.arrayValue {
            settings.sites = try sites.enumerated().map { (index, site) throws(LocalOrgError) in
                try ExperienceSite(json: site, at: "sites[\(index)]", file: file.path)
            }
            let prefixes = settings.sites.map { $0.urlPathPrefix.lowercased() }
            guard Set(prefixes).count == prefixes.count else { throw fail("two \"sites\" have the same \"urlPathPrefix\"") }
        }
        return settings
    }
}
