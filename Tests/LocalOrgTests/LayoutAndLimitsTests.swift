import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("LocalOrg layouts, compact layouts and limits")
struct LayoutAndLimitsTests {
    @Test("describe/layouts has the type's fields in sections and a related list per child relationship")
    func layouts() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let reply = try await org.send("GET", "\(org.dataPath)/sobjects/Account/describe/layouts", token: token)
            #expect(reply.status == 200)
            let layout = reply.json["layouts"]?[0]
            let sections = layout?["detailLayoutSections"]?.arrayValue ?? []
            #expect(sections.map { $0["heading"] } == ["Account Information", "System Information"])
            let firstItem = sections.first?["layoutRows"]?[0]?["layoutItems"]?[0]
            #expect(firstItem?["label"] == "Account Name")
            #expect(firstItem?["required"] == true)
            #expect(firstItem?["layoutComponents"]?[0]?["details"]?["type"] == "string")
            let related = layout?["relatedLists"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            #expect(related.contains("Contacts") && related.contains("Opportunities"))
            let mapping = reply.json["recordTypeMappings"]?[0]
            let recordType = mapping?["recordTypeId"]?.stringValue ?? ""
            #expect(mapping?["layoutId"] == layout?["id"])
            let byType = try await org.send("GET", "\(org.dataPath)/sobjects/Account/describe/layouts/\(recordType)", token: token)
            #expect(byType.json["id"] == layout?["id"])
            #expect(
                try await org.send("GET", "\(org.dataPath)/sobjects/Account/describe/layouts/012000000000009AAA", token: token)
                    .status
                    == 404)
        }
    }

    @Test("compact layouts and the UI API layout, Full and Compact")
    func compactAndUILayouts() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let compact = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/describe/compactLayouts", token: token)
            let fields = compact.json["compactLayouts"]?[0]?["fieldItems"]?.arrayValue?.compactMap { $0["label"]?.stringValue }
            #expect(fields == ["Full Name", "Business Phone", "Email", "Title"])
            let primary = try await org.send("GET", "\(org.dataPath)/sobjects/Contact/describe/compactLayouts/primary", token: token)
            #expect(primary.json["name"] == "SYSTEM")
            let full = try await org.send("GET", "\(org.dataPath)/ui-api/layout/Opportunity?layoutType=Full&mode=Edit", token: token)
            #expect(full.json["layoutType"] == "Full")
            #expect(full.json["mode"] == "Edit")
            #expect(full.json["objectApiName"] == "Opportunity")
            #expect(full.json["sections"]?[0]?["layoutRows"]?[0]?["layoutItems"]?[0]?["layoutComponents"]?[0]?["apiName"] == "Name")
            let small = try await org.send("GET", "\(org.dataPath)/ui-api/layout/Opportunity?layoutType=Compact", token: token)
            #expect(small.json["sections"]?.arrayValue?.count == 1)
            let bad = try await org.send("GET", "\(org.dataPath)/ui-api/layout/Opportunity?layoutType=Huge", token: token)
            #expect(bad.json[0]?["errorCode"] == "INVALID_PARAMETER_VALUE")
        }
    }

    @Test("limits counts API requests for real and measures storage from the data")
    func limits() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let first = try await org.send("GET", "\(org.dataPath)/limits/", token: token)
            #expect(first.status == 200)
            let max = first.json["DailyApiRequests"]?["Max"]?.integerValue ?? 0
            let remaining = first.json["DailyApiRequests"]?["Remaining"]?.integerValue ?? 0
            #expect(max == 15_000)
            #expect(remaining == max - 1)
            #expect(first.header("Sforce-Limit-Info") == "api-usage=1/15000")
            for _ in 0..<3 { _ = try await org.send("GET", "\(org.dataPath)/sobjects", token: token) }
            let second = try await org.send("GET", "\(org.dataPath)/limits", token: token)
            #expect(second.json["DailyApiRequests"]?["Remaining"]?.integerValue == remaining - 4)
            #expect(second.json["DataStorageMB"]?["Max"] == 5)
            #expect(second.json["FileStorageMB"]?["Remaining"] == 20)
            // Requests older than a day no longer count.
            org.clock.advance(by: 25 * 3600)
            let token2 = try await org.passwordToken()
            let later = try await org.send("GET", "\(org.dataPath)/limits", token: token2)
            #expect(later.json["DailyApiRequests"]?["Remaining"]?.integerValue == max - 1)
        }
    }
}
