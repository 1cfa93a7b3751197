/// Whose store a sync manager works in, which decides what it checks before it syncs.
public enum StoreOwnership: Sendable, Equatable {
    /// One user's store, as the SDK keeps one per user of each org: the first account to sync
    /// it claims it, and any other is refused, so no run mixes two orgs' records.
    case user
    /// A global store, which the app's users share: it has no owner, and each of its syncs still
    /// runs only as the user who made it.
    case shared
}
