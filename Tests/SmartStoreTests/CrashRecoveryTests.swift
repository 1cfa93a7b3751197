import ForceKitTestSupport
import Foundation
import SalesforceCore
import Testing

@testable import SmartStore

@Suite("Encrypted stores after a crash")
struct CrashRecoveryTests {
    /// The files as a crash in the middle of the second transaction leaves them: the database,
    /// and the WAL as far as `walBytes`, with no -shm, so SQLite recovers from the WAL alone.
    struct Crash {
        let directory: URL
        /// Kept open, as the crashed app had it, so the WAL is not checkpointed away.
        let store: SmartStore
        let url: URL
        let key: StoreEncryption
        let firstCommitWAL: Int
        let secondCommitWAL: Int

        static func make(in directory: URL) async throws -> Crash {
            let url = directory.appendingPathComponent("store.sqlite")
            let key = randomKey()
            let store = try await SmartStore(url: url, encryption: key)
            try await store.registerSoup("notes", indexSpecs: [string("name")])
            let padding = String(repeating: "p", count: 2_000)
            try await store.upsert(
                entries: (0..<20).map { ["name": .string("kept-\($0)"), "pad": .string(padding)] }, inSoup: "notes")
            let first = try walSize(url)
            try await store.upsert(
                entries: (0..<200).map { ["name": .string("lost-\($0)"), "pad": .string(padding)] }, inSoup: "notes")
            let second = try walSize(url)
            let crash = Crash(directory: directory, store: store, url: url, key: key, firstCommitWAL: first, secondCommitWAL: second)
            return crash
        }

        static func walSize(_ url: URL) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: url.path + "-wal")[.size] as? NSNumber)?.intValue ?? 0
        }

        /// A copy of the files as the crash left them, with `change` applied to the WAL.
        func copy(named name: String, walBytes: Int, change: (inout Data) -> Void = { _ in }) throws -> URL {
            let copy = directory.appendingPathComponent(name)
            try FileManager.default.copyItem(at: url, to: copy)
            var wal = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal")).prefix(walBytes)
            change(&wal)
            try wal.write(to: URL(fileURLWithPath: copy.path + "-wal"))
            return copy
        }
    }

    static func names(_ store: SmartStore, _ prefix: String) async throws -> Int {
        try await store.count(using: .buildLikeQuerySpec(soupName: "notes", path: "name", likeKey: "\(prefix)%"))
    }

    @Test("A WAL cut off in the middle of a write, mid-frame or mid-page, opens with the last commit")
    func cutWAL() async throws {
        try await withTemporaryDirectory { directory throws in
            let crash = try await Crash.make(in: directory)
            #expect(crash.secondCommitWAL > crash.firstCommitWAL + 50 * PageFormat.pageSize)
            let middle = (crash.firstCommitWAL + crash.secondCommitWAL) / 2
            for (name, cut) in [
                ("mid-page.sqlite", middle + 1_000), ("mid-frame-header.sqlite", crash.firstCommitWAL + 10),
                ("before-commit.sqlite", crash.secondCommitWAL - 1),
            ] {
                let copy = try crash.copy(named: name, walBytes: cut)
                let store = try await SmartStore(url: copy, encryption: crash.key)
                #expect(try await Self.names(store, "kept") == 20, "\(name)")
                #expect(try await Self.names(store, "lost") == 0, "\(name)")
                try await store.upsert(entries: [["name": "kept-after"]], inSoup: "notes")
                try store.close()
                #expect(try await Self.names(SmartStore(url: copy, encryption: crash.key), "kept") == 21, "\(name)")
            }
        }
    }

    @Test("A commit frame torn by the crash (its page half written) ends the log before it")
    func tornCommitFrame() async throws {
        try await withTemporaryDirectory { directory throws in
            let crash = try await Crash.make(in: directory)
            let copy = try crash.copy(named: "torn.sqlite", walBytes: crash.secondCommitWAL) { wal in
                for offset in (wal.count - 2_000)..<wal.count { wal[offset] = 0 }
            }
            let store = try await SmartStore(url: copy, encryption: crash.key)
            #expect(try await Self.names(store, "kept") == 20)
            #expect(try await Self.names(store, "lost") == 0)
        }
    }

    @Test("The whole WAL, as the crash left it after the commit, keeps both transactions")
    func completeWAL() async throws {
        try await withTemporaryDirectory { directory throws in
            let crash = try await Crash.make(in: directory)
            let store = try await SmartStore(
                url: try crash.copy(named: "whole.sqlite", walBytes: crash.secondCommitWAL), encryption: crash.key)
            #expect(try await Self.names(store, "kept") == 20)
            #expect(try await Self.names(store, "lost") == 200)
        }
    }
}
