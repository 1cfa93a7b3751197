import ForceKitExample
import ForceKitTesting
import Foundation
import SalesforceREST
import Testing

@Suite("ForceKitExample against LocalOrg")
struct ForceKitExampleTests {
    @Test("Contacts come down; an offline edit and a new Contact go up; a deep link finds the new Contact")
    func syncsWithLocalOrg() async throws {
        try await withLocalOrg(seed: true) { org in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ForceKitExampleTests-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let session = try await ForceKitExampleApp.makeSession(directory: folder)
            let links = AppLinks(session: session)
            // With no user signed in, a Contact link needs a login: the list opens instead.
            #expect(try await links.destination(of: "forcekitexample://contacts/003000000000001AAA") == .contactList)

            // The login an app runs, at LocalOrg's pages, with a browser played in-process.
            try await session.logIn(at: org.loginHost, using: org.browser)
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

            #expect(try await links.destination(of: "forcekitexample://contacts/\(newID)") == .contact(salesforceID: newID))
            #expect(try await links.destination(of: "salesforce1://sObject/\(newID)/view") == .record(salesforceID: newID))
            #expect(try await links.destination(of: "forcekitexample://contacts") == .contactList)
        }
    }
}
