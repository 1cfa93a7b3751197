import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore
import Testing

/// A query that never ends is stopped at the store's time limit, with an error that says so, and
/// the store goes on answering.
@Suite("Query time limit")
struct QueryTimeLimitTests {
    @Test("an unbounded recursive WITH and a huge self-join are stopped with queryTimedOut; other queries still run")
    func endlessQueries() async throws {
        try await withStore { store throws in
            try await store.registerSoup("notes", indexSpecs: [IndexSpec(path: "title", type: .string)])
            try await store.upsert(entries: (0..<40).map { ["title": .string("note \($0)")] }, inSoup: "notes")
            #expect(store.queryTimeLimit == SmartStore.defaultQueryTimeLimit)
            store.queryTimeLimit = .milliseconds(200)
            let endless = [
                "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r, {notes}",
                "SELECT count(*) FROM {notes} a, {notes} b, {notes} c, {notes} d, {notes} e, {notes} f",
            ]
            for sql in endless {
                let spec = QuerySpec.buildSmartQuerySpec(smartSQL: sql, pageSize: 10)
                let page = await #expect(throws: SmartStoreError.self) { try await store.query(using: spec) }
                #expect(page?.code == .queryTimedOut && page?.message.contains("0.2 seconds") == true, "\(String(describing: page))")
                let count = await #expect(throws: SmartStoreError.self) { try await store.count(using: spec) }
                #expect(count?.code == .queryTimedOut)
            }
            let spec = QuerySpec.buildSmartQuerySpec(smartSQL: "SELECT count(*) FROM {notes}", pageSize: 1)
            #expect(try await store.query(using: spec) == [[40]])
        }
    }
}
