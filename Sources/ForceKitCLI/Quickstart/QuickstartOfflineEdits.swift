import Foundation
import HeadlessLogin
import IdentityProvider
import LocalOrg
import MobileSync
import SalesforceApp
import SalesforceAuth
import SalesforceCore
import SalesforceREST
import SmartStore

/// Step 4 of `forcekit quickstart`: offline edits through the local-change helpers, a
/// colleague's edit of the same Account on the server, sync up under LEAVE_IF_CHANGED with the
/// conflict shown and resolved, and a server delete that a resync removes locally.
struct QuickstartOfflineEdits {
    let app: SalesforceApp
    let server: LocalOrgServer
    let narrator: QuickstartNarrator

    func run() async throws -> QuickstartSummary.Offline {
        narrator.begin(.offlineEdits)
        let store = try await app.userStore()
        let syncs = try await app.syncManager()

        // Offline: the app renames an Account, retitles one of its Contacts and adds a Contact.
        let account = try await first(
            "SELECT {accounts:_soup} FROM {accounts} ORDER BY {accounts:Name}, {accounts:_soupEntryId} LIMIT 1", in: store)
        let accountID = try field("Id", of: account)
        let accountEntry = try entryID(of: account)
        let oldName = try field("Name", of: account)
        let newName = oldName + " (edited offline)"
        try await store.updateLocally(soupEntryId: accountEntry, inSoup: "accounts") { $0["Name"] = .string(newName) }
        narrator.say("offline: renamed Account \"\(oldName)\" to \"\(newName)\" in the local store")
        let contacts = try await store.query(
            using: .buildExactQuerySpec(soupName: "contacts", path: "AccountId", matchKey: .string(accountID)))
        guard contacts.count >= 2 else { throw CLIInputError("the Account \(accountID) has fewer than two Contacts in the store") }
        let retitled = contacts[0]
        try await store.updateLocally(soupEntryId: try entryID(of: retitled), inSoup: "contacts") { $0["Title"] = "Chief Offline Officer" }
        narrator.say("offline: retitled Contact \(try fullName(retitled)) \"Chief Offline Officer\"")
        let created = try await store.createLocally(
            ["FirstName": "Noor", "LastName": "Offline", "Title": "Field Engineer", "AccountId": .string(accountID)], objectType: "Contact",
            inSoup: "contacts")
        let createdEntry = try entryID(of: created)
        narrator.say("offline: created Contact Noor Offline (local id \(try field("Id", of: created)))")
        narrator.say("the helpers set __local__, __locally_updated__, __locally_created__ and keep each record's base version")

        // Meanwhile a colleague changes the same Account on the server. If-Unmodified-Since has
        // whole seconds, so a change in the same second as the app's copy could not be seen (as
        // MobileSync's documentation says): the colleague edits after that second, as people do.
        let colleague = try await colleagueClient()
        try await Self.waitForTheSecondAfter(account["LastModifiedDate"]?.stringValue)
        let colleaguePhone = "+1 415 555 0199"
        _ = try await colleague.client.send(
            colleague.client.requests.update("Account", id: accountID, fields: ["Phone": .string(colleaguePhone)]))
        narrator.say("on the server: \(colleague.username) set the same Account's Phone to \(colleaguePhone)")

        // Back online: sync up, which refuses to overwrite the colleague's change.
        let contactsUp = try await syncs.reSync(named: "syncUpContacts")
        narrator.say("syncUpContacts: \(Self.counts(contactsUp))")
        let accountsUp = try await syncs.reSync(named: "syncUpAccounts")
        narrator.say(
            "syncUpAccounts: \(Self.counts(accountsUp)); the server's copy changed after the app read it, so it was not overwritten")
        guard let conflict = try await syncs.conflicts(inSoup: "accounts").first(where: { $0.id == accountID }) else {
            throw CLIInputError("sync up reported no conflict for the Account \(accountID), though its server copy changed")
        }
        let fields = conflict.fields
        narrator.say("the conflict, field by field (base = as last synced):")
        for line in ConflictText.fieldLines(fields) { narrator.say(line) }

        // Resolved as a merge: the app's changes on top of the server's version.
        let mine = conflict.localChanges
        try await syncs.resolveConflict(soupEntryId: conflict.soupEntryId, inSoup: "accounts", .merged(mine))
        narrator.say("resolved as a merge: the app's \(mine.keys.sorted().joined(separator: ", ")) on top of the server's version")
        let resolvedUp = try await syncs.reSync(named: "syncUpAccounts")
        narrator.say("syncUpAccounts again: \(Self.counts(resolvedUp))")
        let onServer = try await colleague.client.send(
            colleague.client.requests.retrieve("Account", id: accountID, fields: ["Name", "Phone"])
        )
        .json
        let serverName = onServer?["Name"]?.stringValue
        let serverPhone = onServer?["Phone"]?.stringValue
        guard serverName == newName, serverPhone == colleaguePhone else {
            throw CLIInputError(
                "after the merge the server has Name \(serverName ?? "none") and Phone \(serverPhone ?? "none"), not both edits")
        }
        narrator.say("on the server now: Name \"\(newName)\", Phone \(colleaguePhone): both edits kept")

        // A server delete, and the resync that removes it locally.
        let createdID = try field("Id", of: try await store.retrieve(usingSoupEntryIds: [createdEntry], inSoup: "contacts").first)
        let deleted = contacts[1]
        let deletedID = try field("Id", of: deleted)
        _ = try await colleague.client.send(colleague.client.requests.delete("Contact", id: deletedID))
        narrator.say("on the server: \(colleague.username) deleted Contact \(try fullName(deleted))")
        let resync = try await syncs.reSync(named: "syncDownContacts")
        let left = try await store.count(using: .buildExactQuerySpec(soupName: "contacts", path: "Id", matchKey: .string(deletedID)))
        guard left == 0 else { throw CLIInputError("the resync left the deleted Contact \(deletedID) in the store") }
        narrator.say(
            "syncDownContacts again: \(resync.recordsSynced) changed since the last sync; the deleted Contact is gone from the local store")
        return QuickstartSummary.Offline(
            accountID: accountID, conflict: fields, serverName: newName, serverPhone: colleaguePhone, createdContactID: createdID,
            deletedContactID: deletedID, syncUps: [contactsUp, accountsUp, resolvedUp])
    }

    // MARK: - The colleague

    /// A second user of the org, logged in through the browser like the first.
    private func colleagueClient() async throws -> (client: RestClient, username: String) {
        let username = "colleague-\(UUID().uuidString.prefix(8).lowercased())@localorg.test"
        let password = "Colleague-" + UUID().uuidString
        _ = try await server.addUser(username: username, password: password, firstName: "Sam", lastName: "Colleague")
        let credentials = server.credentials
        guard let loginHost = LoginHost(credentials.loginURL) else {
            throw CLIInputError("LocalOrg's URL \(credentials.loginURL) is not a login host")
        }
        let oauth = OAuthClient(
            consumerKey: MobileSDKSampleApp.consumerKey, redirectURI: MobileSDKSampleApp.callbackURL, scopes: ["api", "web"])
        let login = try await oauth.logIn(at: loginHost, using: SimulatedBrowser(username: username, password: password))
        return (RestClient(credentials: login, refresher: nil), username)
    }

    // MARK: - Reading records

    private func first(_ smartSQL: String, in store: SmartStore) async throws -> JSON {
        guard let row = try await store.query(using: .buildSmartQuerySpec(smartSQL: smartSQL, pageSize: 1)).first, let record = row[0]
        else { throw CLIInputError("the store has no record for \(smartSQL)") }
        return record
    }

    private func field(_ name: String, of record: JSON?) throws -> String {
        guard let value = record?[name]?.stringValue else { throw CLIInputError("a record has no \(name)") }
        return value
    }

    private func entryID(of record: JSON) throws -> Int64 {
        guard let id = record[SoupEntryField.id]?.integerValue else { throw CLIInputError("a record has no soup entry id") }
        return id
    }

    private func fullName(_ record: JSON) throws -> String {
        "\(record["FirstName"]?.stringValue ?? "") \(try field("LastName", of: record))".trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Describing

    /// Returns once the wall clock is past the whole second of `stamp` (a Salesforce date-time).
    private static func waitForTheSecondAfter(_ stamp: String?) async throws {
        guard let stamp, stamp.count >= 19 else { return }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        guard let second = formatter.date(from: String(stamp.prefix(19))) else { return }
        let wait = second.addingTimeInterval(1).timeIntervalSinceNow
        if wait > 0 { try await Task.sleep(for: .milliseconds(Int(wait * 1_000) + 10)) }
    }

    static func counts(_ state: SyncState) -> String {
        "\(state.recordsSynced) synced, \(state.recordsFailed) failed, \(state.recordsConflicted) conflicted"
    }
}
