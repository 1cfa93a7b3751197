import GRDB

/// A call matched to its resource: the transaction it needs and how it is answered.
///
/// Each resource says whether a call writes where it handles the call, so the transaction a
/// call runs in and the code that answers it cannot drift apart.
struct ResolvedCall: Sendable {
    /// The transaction a call runs in.
    enum Access: Sendable {
        /// A read on the last committed state, in parallel with other reads.
        case read
        /// One write transaction (a record view writes too: it joins the recent items).
        case write
        /// Writes that manage their own transaction and savepoints: composite, batch and tree.
        case ownTransaction
    }

    let access: Access
    let answer: @Sendable (Database) throws -> RestReply

    static func read(_ answer: @escaping @Sendable (Database) throws -> RestReply) -> ResolvedCall {
        ResolvedCall(access: .read, answer: answer)
    }

    static func write(_ answer: @escaping @Sendable (Database) throws -> RestReply) -> ResolvedCall {
        ResolvedCall(access: .write, answer: answer)
    }

    /// A reply that needs no database at all.
    static func constant(_ reply: RestReply) -> ResolvedCall {
        ResolvedCall(access: .read) { _ in reply }
    }
}
