import Foundation
import GRDB
import SalesforceCore

/// A Bulk API 2.0 job, query or ingest: what the registry needs of it.
protocol BulkJob: Sendable {
    /// The job's id (`750…`).
    var id: String { get }
    /// Who made it: a job is its creator's, and a System Administrator's (View All Data).
    var createdById: String { get }
}

/// Where job ids come from: one sequence for query and ingest jobs, so an id names one job.
final class BulkJobIDs: Sendable {
    private let created = Locked<Int64>(0)

    /// A new job id (`750…`).
    func next() -> String {
        created.withLock { count in
            count += 1
            return RecordID.make(prefix: "750", counter: count)
        }
    }
}

/// The open jobs of one kind in an org. Memory stays bounded, but never at the cost of a job
/// still being used: past 50 jobs the one least recently used goes, if it has been idle for ten
/// minutes; only past 500 does one go regardless. A deleted job is gone at once.
final class BulkJobs<Job: BulkJob>: Sendable {
    private struct Entry: Sendable {
        var job: Job
        var lastUsed: Date
    }

    private let jobs = Locked<[String: Entry]>([:])
    /// Jobs kept without question.
    static var capacity: Int { 50 }
    /// Jobs kept at most, however busy.
    static var hardCapacity: Int { 500 }
    /// How long a job must be idle before it may go to make room.
    static var idleBeforeEviction: TimeInterval { 10 * 60 }

    func add(_ job: Job, now: Date) {
        jobs.withLock { byID in
            byID[job.id] = Entry(job: job, lastUsed: now)
            while byID.count > Self.capacity {
                guard let oldest = byID.min(by: { $0.value.lastUsed < $1.value.lastUsed }) else { break }
                let idle = now.timeIntervalSince(oldest.value.lastUsed) >= Self.idleBeforeEviction
                guard idle || byID.count > Self.hardCapacity else { break }
                byID[oldest.key] = nil
            }
        }
    }

    /// A job, marked as used now.
    func job(_ id: String, now: Date) -> Job? {
        jobs.withLock { byID in
            byID[id]?.lastUsed = now
            return byID[id]?.job
        }
    }

    /// Changes a job in place and returns it changed; nil when there is no such job. `change`
    /// may refuse by throwing, and the job then stays as it was.
    func update(_ id: String, _ change: (inout Job) throws -> Void) rethrows -> Job? {
        try jobs.withLock { byID in
            guard var entry = byID[id] else { return nil }
            try change(&entry.job)
            byID[id] = entry
            return entry.job
        }
    }

    /// Forgets a job; false when there was none.
    func remove(_ id: String) -> Bool {
        jobs.withLock { $0.removeValue(forKey: id) != nil }
    }

    /// The jobs, oldest first.
    var all: [Job] { jobs.withLock { byID in byID.values.map(\.job).sorted { $0.id < $1.id } } }

    /// The jobs `userID` may see, oldest first: their own, or all for an administrator.
    func visible(to userID: String, db: Database) throws -> [Job] {
        let everyone = try UserManagement.isAdministrator(userID, db: db)
        return all.filter { everyone || $0.createdById == userID }
    }

    /// A job `userID` may see, marked as used now. Another user's job is not found, as
    /// Salesforce answers.
    func job(_ id: String, for userID: String, now: Date, db: Database) throws -> Job {
        guard let job = job(id, now: now) else { throw APIError.notFound }
        guard try job.createdById == userID || UserManagement.isAdministrator(userID, db: db) else { throw APIError.notFound }
        return job
    }
}
