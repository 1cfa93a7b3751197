import Foundation
import SalesforceCore
import SmartStore
import Testing

@Suite("SmartStore's errors")
struct ErrorCodeTests {
    @Test("A catch names a code; the error says what went wrong and what to do")
    func catchByCode() async throws {
        try await withStore { store throws in
            var caught: SmartStoreError.Code?
            do {
                try await store.upsert(entries: [["Name": "Acme"]], inSoup: "Account")
            } catch SmartStoreError.Code.soupNotFound {
                caught = .soupNotFound
                try await store.registerSoup("Account", indexSpecs: [string("Name")])
            }
            #expect(caught == .soupNotFound)
            #expect(try await store.count(using: .buildAllQuerySpec(soupName: "Account")) == 0)
            let error = await #expect(throws: SmartStoreError.self) {
                try await store.query(using: .buildExactQuerySpec(soupName: "Account", path: "Phone", matchKey: "1"))
            }
            #expect(error?.code == .pathNotIndexed)
            #expect(
                error?.description
                    == "The soup \"Account\" has no index on \"Phone\". Add an index spec for the path with alterSoup, or query it through Smart SQL."
            )
        }
    }

    @Test("Codes compare by name, so an app can keep a code it does not know yet")
    func codesByName() {
        #expect(SmartStoreError.Code(rawValue: "wrongKey") == .wrongKey)
        #expect(SmartStoreError.Code(rawValue: "somethingNew") != .wrongKey)
        #expect(SmartStoreError.wrongKey(path: "/s.sqlite").code.description == "wrongKey")
        #expect(!(SmartStoreError.Code.closed ~= SmartStoreError.wrongKey(path: "/s.sqlite")))
        #expect(!(SmartStoreError.Code.closed ~= CancellationError()))
    }
}
