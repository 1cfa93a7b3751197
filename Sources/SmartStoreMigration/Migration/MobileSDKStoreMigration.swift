import Crypto
public import Foundation
import GRDB
import SalesforceCore
public import SmartStore

/// Moves a Salesforce Mobile SDK store into a ForceKit store: every soup with its index specs,
/// and every entry under its own `_soupEntryId` and dates, local changes and sync states included
/// (Mobile Sync's `syncs_soup` is a soup like the others, in the form Mobile Sync reads).
///
/// The SDK's store is only read: opened decrypted in memory, nothing plain written to disk. Each
/// soup is written in one transaction, then read back and compared with the SDK's entry for
/// entry (and removed again if it differs), so a migration that fails or is killed leaves whole
/// soups and no part of one; running it again skips the soups it migrated before and migrates
/// the rest.
///
/// ```swift
/// let migration = try MobileSDKStoreMigration(storeAt: sdkStoreURL, key: .iOS(storeKey: keyFromKeychain))
/// let report = try await migration.migrate(into: store) { progress in
///     print("\(progress.soupName): \(progress.entriesWritten) of \(progress.entryCount)")
/// }
/// ```
public struct MobileSDKStoreMigration: Sendable {
    /// The SDK's store file (`store.sqlite` on iOS, `smartstore_….db` on Android).
    public let storeURL: URL
    /// The SDK's store, decrypted in memory, and its entry files.
    private let source: MigrationSource
    /// What names this SDK store in the ForceKit store's record of migrated soups, wherever the
    /// file is: its salt (random per database; for a store with a plain header, the app's salt
    /// given with the key) and what its path says of it (``MobileSDKStoreFile``), or its name.
    private let origin: String

    /// Opens the SDK store at `url` with `key`, for a migration: its pages are authenticated
    /// and decrypted into memory here, so a wrong key or a damaged file fails before anything
    /// is written anywhere. The decrypted copy lives as long as this value.
    /// - Parameters:
    ///   - url: The SDK's store file.
    ///   - key: The key the SDK gave SQLCipher.
    ///   - entryFilesFolder: Where the SDK kept the store's externally stored entries, if not
    ///     where it puts them (`store_external_soup_blobs` beside an iOS store,
    ///     `<name>.db_external_soup_blobs` beside an Android one).
    /// - Throws: ``StoreMigrationError`` when the key does not open the store, a page was
    ///   changed, or the file is not a SmartStore database.
    public init(storeAt url: URL, key: MobileSDKStoreKey, entryFilesFolder: URL? = nil) throws(StoreMigrationError) {
        try self.init(storeAt: url, key: key, entryFilesFolder: entryFilesFolder, entriesPerBatch: 1_000)
    }

    /// Opens the SDK store as ``init(storeAt:key:entryFilesFolder:)`` does, reading and writing
    /// `entriesPerBatch` entries at a time (tests interrupt a soup between small batches).
    package init(storeAt url: URL, key: MobileSDKStoreKey, entryFilesFolder: URL?, entriesPerBatch: Int) throws(StoreMigrationError) {
        storeURL = url
        let database: DatabaseQueue
        do {
            database = try SQLCipherDatabase.openInMemory(url, key: key.sqlCipherKey)
        } catch {
            throw StoreMigrationError(error)
        }
        let files = key.entryFiles.map { format, key in
            ExternalEntryFiles(
                folder: entryFilesFolder ?? MigrationSource.entryFilesFolder(of: url, format: format), format: format,
                key: SymmetricKey(data: key))
        }
        source = MigrationSource(reader: MobileSDKStoreReader(database), entryFiles: files, batchSize: max(1, entriesPerBatch))
        // The file's own salt, as the reader takes it; a file with a plain header begins with
        // SQLite's and holds none, so the app's salt given with the key stands in.
        let fileStart = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: SQLCipherFormat.saltSize)
        }
        let fileSalt = fileStart.map(Array.init) == SQLCipherFormat.sqliteHeader ? nil : fileStart
        let salt = (fileSalt ?? key.sqlCipherKey.salt ?? Data()).map { String($0, radix: 16) }.joined(separator: ".")
        origin = "\(salt)/\(MobileSDKStoreFile.parse(url)?.identity ?? "file/" + url.lastPathComponent)"
        // A file that opens but is not a SmartStore store is refused here too.
        do { _ = try source.reader.soups() } catch { throw StoreMigrationError(error) }
    }

    /// The SDK store's soups and how many entries each has, without migrating anything.
    /// - Throws: ``StoreMigrationError`` when the store cannot be opened or read.
    public func soups() throws(StoreMigrationError) -> [(name: String, entries: Int)] {
        let reader = source.reader
        do {
            return try reader.soups().map { soup throws(SQLCipherError) in (soup.name, try reader.size(of: soup).entries) }
        } catch {
            throw StoreMigrationError(error)
        }
    }

    /// Migrates every soup into `store`, reporting progress after each batch of entries.
    ///
    /// A soup this migration wrote before (recorded in `store` with what names the SDK store
    /// wherever its file is) is skipped, so a run after a failure or an interruption goes on where the last one stopped.
    /// Cancelling the task stops the migration after the batch being written; the soup it was
    /// writing is rolled back, the soups before it stay.
    /// - Throws: ``StoreMigrationError`` when the SDK's store or an entry file cannot be read,
    ///   `store` has a soup of the same name that is not this store's, or a soup reads back
    ///   different (it is then removed again); `SmartStoreError` when `store` cannot be written.
    public func migrate(
        into store: SmartStore, progress: @escaping @Sendable (MigrationProgress) -> Void = { _ in }
    ) async throws -> MigrationReport {
        // The batches are read on the store's writer thread, which sees no task: a flag tells it.
        let cancelled = Locked(false)
        return try await withTaskCancellationHandler {
            try await migrate(into: store, cancelled: cancelled, progress: progress)
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    private func migrate(
        into store: SmartStore, cancelled: Locked<Bool>, progress: @escaping @Sendable (MigrationProgress) -> Void
    ) async throws -> MigrationReport {
        let reader = source.reader
        let soups: [MobileSDKSoup]
        do { soups = try reader.soups() } catch { throw StoreMigrationError(error) }
        let origins = try await store.restoredSoups()
        var migrated: [MigrationReport.Soup] = []
        for (position, soup) in soups.enumerated() {
            try Task.checkCancellation()
            let size: (entries: Int, sequence: Int64)
            do { size = try reader.size(of: soup) } catch { throw StoreMigrationError(error) }
            let verifier = MigrationVerifier(source: source, soup: soup, store: store)
            let origin = "\(self.origin)#\(soup.tableName)"
            if let recorded = origins[soup.name] {
                guard recorded.origin == origin else { throw StoreMigrationError.soupFromAnotherStore(soup.name) }
                if recorded.verified {
                    migrated.append(.init(name: soup.name, entries: size.entries, wasAlreadyMigrated: true))
                    continue
                }
                // Written by a run stopped before it checked it: checked now, or written again.
                if try await Self.difference(of: soup.name, with: verifier, expecting: size.entries, removingIt: store) == nil {
                    migrated.append(.init(name: soup.name, entries: size.entries, wasAlreadyMigrated: true))
                    continue
                }
            } else if try await store.soupExists(soup.name), case let count = try await verifier.storedCount(), count > 0 {
                throw StoreMigrationError.soupConflict(soup.name, entries: count)
            }
            let report = { @Sendable (written: Int) in
                progress(
                    MigrationProgress(
                        soupName: soup.name, soupNumber: position + 1, soupCount: soups.count, entriesWritten: written,
                        entryCount: size.entries))
            }
            report(0)
            do {
                let spec = SoupSpec(name: soup.name, features: soup.usesExternalStorage ? [.externalStorage] : [])
                _ = try await store.restoreSoup(
                    spec, indexSpecs: soup.indexSpecs, nextIdAfter: size.sequence, origin: origin,
                    batch: { after in
                        if cancelled.current { throw CancellationError() }
                        return try source.entries(of: soup, after: after)
                    }, written: report)
            } catch let error as SQLCipherError {
                throw StoreMigrationError(error)
            } catch let error as EntryFileError {
                throw StoreMigrationError.entryFileUnreadable(soup: soup.name, error.message)
            } catch RestoreError.soupHasEntries(let name, let count) {
                throw StoreMigrationError.soupConflict(name, entries: count)
            } catch RestoreError.entryNotObject(let name, let id) {
                throw StoreMigrationError.unreadableEntry(soup: name, id: id, "its JSON is not an object")
            } catch RestoreError.idOutOfRange(let name, let id) where id == size.sequence {
                throw StoreMigrationError(
                    code: .unreadableStore, message: "The SDK's soup \(name) says it gave ids up to \(id), more than any soup can hold.",
                    recoverySuggestion: "Nothing of this soup was migrated. Sync the soup again instead.")
            } catch RestoreError.idOutOfRange(let name, let id) {
                throw StoreMigrationError.unreadableEntry(soup: name, id: id, "no soup can hold that id")
            }
            if let difference = try await Self.difference(of: soup.name, with: verifier, expecting: size.entries, removingIt: store) {
                throw StoreMigrationError.verificationFailed(difference, removed: true)
            }
            migrated.append(.init(name: soup.name, entries: size.entries, wasAlreadyMigrated: false))
        }
        return MigrationReport(soups: migrated)
    }

    /// Compares the migrated soup with the SDK's: nil when equal (it is recorded as checked),
    /// else what differs, the soup removed so that it is written again. A soup something wrote to
    /// since it was restored is kept instead, and the difference thrown.
    private static func difference(
        of name: String, with verifier: MigrationVerifier, expecting count: Int, removingIt store: SmartStore
    ) async throws -> String? {
        do {
            try await verifier.verify(expecting: count)
        } catch let error as StoreMigrationError where error.code == .verificationFailed {
            guard try await store.removeRestoredSoupIfUnchanged(name) else {
                throw StoreMigrationError.verificationFailed(error.message, removed: false)
            }
            return error.message
        }
        try await store.markRestoredSoupVerified(name)
        return nil
    }
}
