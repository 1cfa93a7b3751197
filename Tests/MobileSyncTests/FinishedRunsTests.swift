import MobileSync
import Testing

@Suite("Every run's end, to every listener")
struct FinishedRunsTests {
    @Test("two listeners each get every run's final state, as saved, whoever started the run")
    func everyListenerGetsEveryEnd() async throws {
        try await withSyncFixture { fixture in
            try await fixture.createAccounts(["A1", "A2"])
            var first = fixture.manager.finishedRuns().makeAsyncIterator()
            var second = fixture.manager.finishedRuns().makeAsyncIterator()
            let down = try await fixture.manager.syncDown(
                target: try SoqlSyncDownTarget(query: "SELECT Name FROM Account"), soupName: SyncFixture.soup, name: "accounts down")
            let again = try await fixture.manager.reSync(named: "accounts down")
            for listener in [await first.next(), await second.next()] {
                #expect(listener?.id == down.id && listener?.status == .done && listener?.recordsSynced == 2)
            }
            #expect(await first.next()?.recordsSynced == again.recordsSynced)
            #expect(await second.next()?.endTime == again.endTime)
            let saved = try await fixture.manager.syncStatus(named: "accounts down")
            #expect(saved?.endTime == again.endTime && saved?.status == .done)
        }
    }
}
