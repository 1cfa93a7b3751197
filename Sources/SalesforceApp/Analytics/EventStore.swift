import Crypto
import Foundation
import SalesforceCore
import SalesforceKeys

/// One user's stored events, one sealed file each (AES-256-GCM with the user's analytics
/// key), at most `capacity`: when full, or when logging is off, new events are dropped, as in
/// the SDK.
final class EventStore: Sendable {
    let directory: URL
    let capacity: Int
    private let key: SymmetricKey
    /// Whether the store is closed: its user logged out, and its folder is removed or going.
    private let closed = Locked(false)

    init(directory: URL, key: SymmetricKey, capacity: Int = 1000) {
        self.directory = directory
        self.key = key
        self.capacity = capacity
    }

    /// Keeps `event`; false when the store is full or closed, or the file cannot be written.
    func add(_ event: InstrumentationEvent) -> Bool {
        closed.withLock { closed in
            guard !closed, fileNames().count < capacity else { return false }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let sealed = try Sealing.seal(try JSONEncoder().encode(event), with: key)
                try sealed.write(to: directory.appendingPathComponent(event.id + ".event"), options: .atomic)
                return true
            } catch {
                return false
            }
        }
    }

    /// Every stored event, oldest first; a file that cannot be opened is skipped.
    func all() -> [InstrumentationEvent] {
        closed.withLock { _ in
            fileNames().compactMap { name -> InstrumentationEvent? in
                guard let sealed = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                    let opened = try? Sealing.open(sealed, with: key)
                else { return nil }
                return try? JSONDecoder().decode(InstrumentationEvent.self, from: opened)
            }
            .sorted { ($0.startTime, $0.sequence) < ($1.startTime, $1.sequence) }
        }
    }

    /// How many events are stored.
    var count: Int {
        closed.withLock { _ in fileNames().count }
    }

    /// Deletes the events with these ids.
    func remove(_ ids: [String]) {
        closed.withLock { _ in
            for id in ids { try? FileManager.default.removeItem(at: directory.appendingPathComponent(id + ".event")) }
        }
    }

    /// Takes no more events, once any write under way has ended: a manager kept past its user's
    /// logout (by a task that records sync runs, say) would otherwise make the removed folder
    /// again, with an event in it.
    func close() {
        closed.withLock { $0 = true }
    }

    private func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".event") }
    }
}
