import ForceKitTesting
import SalesforceCore
import SalesforceREST
import Testing

/// `limits/recordCount` as the REST API Developer Guide's "Record Count" documents it: each
/// named object's records, the recycle bin left out, names the org lacks ignored.
@Suite("Record counts")
struct RecordCountTests {
    @Test("named objects are counted without deleted records; an unknown name is left out; no names counts every object")
    func counts() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            var ids: [String] = []
            for name in ["Acme", "Globex", "Initech"] {
                ids.append(
                    try #require(
                        try await client.send(client.requests.create("Account", fields: ["Name": .string(name)])).json?["id"]?.stringValue))
            }
            _ = try await client.send(client.requests.delete("Account", id: ids[0]))
            let named = try await client.send(client.requests.recordCount(["Account", "Contact", "Nothing__c"])).json
            let counts = Dictionary(
                uniqueKeysWithValues: (named?["sObjects"]?.arrayValue ?? []).compactMap { entry in
                    entry["name"]?.stringValue.map { ($0, entry["count"]?.integerValue ?? -1) }
                })
            #expect(counts == ["Account": 2, "Contact": 0])
            let every = try await client.send(client.requests.recordCount()).json?["sObjects"]?.arrayValue ?? []
            let names = Set(every.compactMap { $0["name"]?.stringValue })
            #expect(names.contains("Opportunity") && names.contains("Account") && !names.contains("AccountHistory"))
        }
    }
}
