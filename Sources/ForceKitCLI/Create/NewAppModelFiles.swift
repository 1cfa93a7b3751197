/// The Swift sources of an app `forcekit create` writes: its model (Contacts listed and edited
/// offline, synced on request), its deep links, and its launch.
enum NewAppModelFiles {
    static func files(name: String) -> [(path: String, text: String)] {
        [
            ("Sources/\(name)/\(name)App.swift", app(name)), ("Sources/\(name)/Contact.swift", contact),
            ("Sources/\(name)/ContactsModel.swift", model), ("Sources/\(name)/AppLinks.swift", links(name)),
        ]
    }

    static func app(_ name: String) -> String {
        #"""
        import Foundation
        import SalesforceApp

        /// Where the app starts: its configuration files (bundled in `Configuration`) and the
        /// ForceKit session built from them.
        public enum \#(name)App {
            /// The app's configuration files: `bootconfig.json`, `userstore.json`, `usersyncs.json`.
            public static func configuration() throws -> AppConfiguration {
                try AppConfiguration(contentsOf: try configurationFolder())
            }

            /// The ForceKit session over `directory` (the app's Application Support folder on
            /// Apple platforms): accounts, keys and the encrypted stores live there.
            public static func makeSession(directory: URL) async throws -> SalesforceApp {
                try await SalesforceApp(configuration: try configuration(), directory: directory)
            }

            /// The folder of the bundled configuration files.
            static func configurationFolder() throws -> URL {
                guard let folder = Bundle.module.url(forResource: "Configuration", withExtension: nil) else {
                    throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "The app's Configuration folder is not bundled."])
                }
                return folder
            }
        }

        """#
    }

    static let contact = #"""
        import SalesforceCore

        /// A Contact as the app shows and edits it.
        public struct Contact: Sendable, Hashable, Identifiable {
            /// The record's entry in the store: stable from its local creation on.
            public var id: Int64?
            /// The Salesforce id; a local one until the Contact is synced up.
            public var salesforceID: String?
            public var firstName: String
            public var lastName: String
            public var title: String
            public var email: String
            public var phone: String
            /// Whether the Contact has changes the org has not seen yet.
            public var hasLocalChanges: Bool

            /// A new Contact, not yet saved.
            public init(firstName: String = "", lastName: String = "", title: String = "", email: String = "", phone: String = "") {
                self.firstName = firstName
                self.lastName = lastName
                self.title = title
                self.email = email
                self.phone = phone
                hasLocalChanges = false
            }

            /// A Contact from a record of the `contacts` soup.
            init?(record: JSON) {
                guard let entry = record["_soupEntryId"]?.integerValue else { return nil }
                id = entry
                salesforceID = record["Id"]?.stringValue
                firstName = record["FirstName"]?.stringValue ?? ""
                lastName = record["LastName"]?.stringValue ?? ""
                title = record["Title"]?.stringValue ?? ""
                email = record["Email"]?.stringValue ?? ""
                phone = record["Phone"]?.stringValue ?? ""
                hasLocalChanges = record["__local__"]?.boolValue ?? false
            }

            /// "First Last", or the last name alone.
            public var name: String {
                firstName.isEmpty ? lastName : "\(firstName) \(lastName)"
            }

            /// The fields the app edits, as the record stores them: an empty field is null, as in the org.
            var fields: [String: JSON] {
                func value(_ text: String) -> JSON { text.isEmpty ? .null : .string(text) }
                return [
                    "FirstName": value(firstName), "LastName": value(lastName), "Title": value(title), "Email": value(email),
                    "Phone": value(phone),
                ]
            }
        }

        """#

    static let model = #"""
        import Foundation
        import MobileSync
        import SalesforceApp
        import SalesforceCore
        import SmartStore

        /// The app's Contacts: read and changed in the signed-in user's encrypted store, with or
        /// without a network, and synced with the org when asked.
        public actor ContactsModel {
            /// The soup of `userstore.json` the Contacts live in.
            public static let soup = "contacts"
            private let session: SalesforceApp

            /// The model of the current user of `session`.
            public init(session: SalesforceApp) {
                self.session = session
            }

            /// The Contacts whose last name contains `search` (all of them when it is empty), by last name.
            public func contacts(matching search: String = "") async throws -> [Contact] {
                let store = try await session.userStore()
                let spec: QuerySpec =
                    search.isEmpty
                    ? .buildAllQuerySpec(soupName: Self.soup, orderPath: "LastName", pageSize: 10_000)
                    : .buildLikeQuerySpec(soupName: Self.soup, path: "LastName", likeKey: "%\(search)%", pageSize: 10_000)
                return try await store.query(using: spec).compactMap(Contact.init(record:))
            }

            /// Saves `contact` in the store, offline: a change to a stored Contact, or a new one.
            /// The next ``sync()`` sends it.
            @discardableResult
            public func save(_ contact: Contact) async throws -> Contact {
                let store = try await session.userStore()
                let fields = contact.fields
                let record: JSON
                if let entry = contact.id {
                    record = try await store.updateLocally(soupEntryId: entry, inSoup: Self.soup) { stored in
                        for (key, value) in fields { stored[key] = value }
                    }
                } else {
                    record = try await store.createLocally(.object(fields), objectType: "Contact", inSoup: Self.soup)
                }
                guard let saved = Contact(record: record) else { throw CocoaError(.coderInvalidValue) }
                return saved
            }

            /// Deletes `contact`, offline; the next ``sync()`` deletes it in the org.
            public func delete(_ contact: Contact) async throws {
                guard let entry = contact.id else { return }
                try await session.userStore().deleteLocally(soupEntryId: entry, inSoup: Self.soup)
            }

            /// What a sync did.
            public struct SyncReport: Sendable {
                /// Contacts sent to the org.
                public var sent: Int
                /// Contacts the org refused; each keeps the org's answer.
                public var failed: Int
                /// Contacts changed both here and in the org since the last sync: see ``conflicts()``.
                public var conflicted: Int
                /// Contacts that came down.
                public var received: Int
            }

            /// Sends the local changes (under LEAVE_IF_CHANGED: a Contact someone changed in the
            /// org meanwhile is left as a conflict), then brings the org's changes down.
            public func sync() async throws -> SyncReport {
                let syncs = try await session.syncManager()
                let up = try await syncs.reSync(named: "syncUpContacts")
                let down = try await syncs.reSync(named: "syncDownContacts")
                return SyncReport(
                    sent: up.recordsSynced, failed: up.recordsFailed, conflicted: up.recordsConflicted, received: down.recordsSynced)
            }

            /// The Contacts a sync left unsent because they changed in the org too.
            public func conflicts() async throws -> [SyncConflict] {
                try await session.syncManager().conflicts(inSoup: Self.soup)
            }

            /// Settles a conflict: keep this device's version, or take the org's.
            public func resolve(_ conflict: SyncConflict, keepingMine: Bool) async throws {
                try await session.syncManager().resolveConflict(
                    soupEntryId: conflict.soupEntryId, inSoup: Self.soup, keepingMine ? .keepMine : .takeTheirs)
            }
        }

        """#

    static func links(_ name: String) -> String {
        #"""
        import DeepLinking
        import Foundation

        /// The app's deep links, routed by its `MobileDeepLinkingConfig.json`:
        /// `<scheme>://contacts` opens the list, `<scheme>://contacts/<id>` a Contact, and a
        /// Salesforce app link `salesforce1://sObject/<id>/view` a record.
        public struct AppLinks: Sendable {
            /// Where a link takes the user.
            public enum Destination: Sendable, Equatable {
                case contactList
                case contact(salesforceID: String)
                case record(salesforceID: String)
            }

            private let router: DeepLinkRouter

            /// The app's router; `isLoggedIn` decides routes that need a user.
            public init(isLoggedIn: @escaping @Sendable () async -> Bool) throws {
                let file = try \#(name)App.configurationFolder().appendingPathComponent("MobileDeepLinkingConfig.json")
                var router = DeepLinkRouter(configuration: try DeepLinkConfiguration(contentsOf: file))
                router.register("requireLogin", .deciding { _ in await isLoggedIn() ? .proceed : .decline })
                self.router = router
            }

            /// Where `link` goes, or nil when the app has no route for it.
            public func destination(of link: String) async throws -> Destination? {
                guard let routing = try await router.route(link).routing else { return nil }
                if let id = routing.parameters["contactId"] { return .contact(salesforceID: id) }
                if let id = routing.parameters["recordId"] { return .record(salesforceID: id) }
                return .contactList
            }
        }

        """#
    }
}
