import ForceKitTesting
import SalesforceCore
import SalesforceREST
import Testing

/// `search/suggestions` as the REST API Developer Guide documents it, with its own example:
/// "national u" is read as "national u*" and suggests National Utility, National Urban Company
/// and First National University, but not National Company Utility.
@Suite("Search suggestions")
struct SearchSuggestionsTests {
    @Test("the guide's example: the words in order, the last begun; five by default, hasMoreResults past the limit")
    func guideExample() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            for name in ["National Utility", "National Urban Company", "First National University", "National Company Utility", "Acme"] {
                _ = try await client.send(client.requests.create("Account", fields: ["Name": .string(name)]))
            }
            let found = try await client.send(client.requests.searchSuggestions("national u", objectTypes: ["Account"])).json
            let names = Set(found?["autoSuggestResults"]?.arrayValue?.compactMap { $0["Name"]?.stringValue } ?? [])
            #expect(names == ["National Utility", "National Urban Company", "First National University"], "\(String(describing: found))")
            #expect(found?["hasMoreResults"] == false)
            #expect(found?["autoSuggestResults"]?[0]?["attributes"]?["type"] == "Account")
            #expect(found?["autoSuggestResults"]?[0]?["Id"]?.stringValue?.hasPrefix("001") == true)

            let limited = try await client.send(client.requests.searchSuggestions("\"Nat*", objectTypes: ["Account"], limit: 2)).json
            #expect(limited?["autoSuggestResults"]?.arrayValue?.count == 2 && limited?["hasMoreResults"] == true)
            // Fewer than three characters suggest nothing yet.
            let short = try await client.send(client.requests.searchSuggestions("na", objectTypes: ["Account"])).json
            #expect(short?["autoSuggestResults"] == [] && short?["hasMoreResults"] == false)
            let missing = await #expect(throws: RestError.self) {
                try await client.send(client.requests.searchSuggestions("acme", objectTypes: []))
            }
            #expect(missing?.status == 400)
        }
    }
}
