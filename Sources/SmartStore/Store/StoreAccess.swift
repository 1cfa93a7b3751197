/// Whether an open store may change its file.
///
/// Reading a store read-only leaves every byte of its files as it was: no schema check, no
/// write-ahead log set up, no checkpoint at close. A store nobody has open (a closed store is
/// one database file, as ``SmartStore/close()`` leaves it) is read without creating its log or
/// shared-memory file, so it also reads from a folder the process may not write. Tools that only look (a `count`, a query from
/// a shell) open that way, and a database file the process may not write opens that way by
/// itself, so that it can still be read.
public enum StoreAccess: Sendable, Hashable {
    /// Reads and writes; a missing store is created.
    case readWrite
    /// Reads only. The store must exist; a write fails with ``SmartStoreError/readOnly(path:)``.
    case readOnly
}
