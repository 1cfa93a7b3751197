/// The test of an app `forcekit create` writes: its sync, run against LocalOrg.
enum NewAppTestFiles {
    static func files(name: String, scheme: String) -> [(path: String, text: String)] {
        [("Tests/\(name)Tests/\(name)Tests.swift", test(name, scheme: scheme))]
    }

    static func test(_ name: String, scheme: String) -> String {
        #"""
        import Foundation
        import IdentityProvider
        import LocalOrg
        import SalesforceAuth
        import SalesforceREST
        import Testing

        @testable import \#(name)

        @Suite("\#(name) against LocalOrg")
        struct \#(name)Tests {
            @Test("Contacts come down; an offline edit and a new Contact go up; a deep link finds the new Contact")
            func syncsWithLocalOrg() async throws {
                try await withLocalOrg { server, folder in
                    let session = try await \#(name)App.makeSession(directory: folder)
                    let credentials = server.credentials
                    // The login an app runs, at LocalOrg's pages, with a browser played in-process.
                    let browser = SimulatedBrowser(username: credentials.username, password: credentials.password)
                    try await session.logIn(at: try #require(LoginHost(credentials.loginURL)), using: browser)
                    let model = ContactsModel(session: session)

                    let first = try await model.sync()
                    #expect(first.received > 0 && first.failed == 0)
                    var contact = try #require(try await model.contacts().first)
                    contact.title = "Edited offline"
                    try await model.save(contact)
                    let created = try await model.save(Contact(firstName: "Nia", lastName: "Newcomer"))
                    #expect(created.hasLocalChanges)

                    let second = try await model.sync()
                    #expect(second.sent == 2 && second.failed == 0 && second.conflicted == 0)
                    let client = try await session.restClient()
                    let id = try #require(contact.salesforceID)
                    let onServer = try await client.send(client.requests.query("SELECT Title FROM Contact WHERE Id = '\(id)'")).json
                    #expect(onServer?["records"]?[0]?["Title"]?.stringValue == "Edited offline")
                    let synced = try #require(try await model.contacts(matching: "Newcomer").first)
                    let newID = try #require(synced.salesforceID)
                    #expect(newID.hasPrefix("003") && !synced.hasLocalChanges)

                    let links = try AppLinks(isLoggedIn: { true })
                    #expect(try await links.destination(of: "\#(scheme)://contacts/\(newID)") == .contact(salesforceID: newID))
                    #expect(try await links.destination(of: "salesforce1://sObject/\(newID)/view") == .record(salesforceID: newID))
                }
            }
        }

        /// Runs `body` with a LocalOrg on a free loopback port (with its sample data) and a scratch
        /// folder; both are gone afterwards, also when `body` throws.
        func withLocalOrg(_ body: (LocalOrgServer, URL) async throws -> Void) async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\#(name)Tests-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            try await LocalOrgServer.withRunning(LocalOrgConfiguration()) { server in try await body(server, folder) }
        }

        """#
    }
}
