public import Foundation
import Crypto
import GRDB
import SalesforceCore
public import SmartStore

/// Moves a Salesforce Mobile SDK store into a ForceKit store: every soup with its index specs,
/// and every entry under its own `_soupEntryId` and dates, local changes and sync states included
/// (Mobile Sync's `syncs_soup` is a soup like the others, in the form Mobile Sync reads).
///
/// The SDK's store is only read: opened decrypted in memory, nothing plain written to disk. Each
/// soup is written in one transaction and then read back and compared with the SDK's entry for
/// entry, so a migration that fails or is killed leaves whole, verified soups and no part of one;
/// running it again skips the soups already there and equal, and migrates the rest.
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
    /// Cancelling the task stops the migration after the batch being written; the soup it was
    /// writing is rolled back, the soups before it stay, and a later run goes on from there.
    /// - Throws: ``StoreMigrationError`` when the SDK's store cannot be read, `store` has a soup of
    ///   the same name with other entries, or an entry reads back different; `SmartStoreError`
    ///   when `store` cannot be written.
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
        var migrated: [MigrationReport.Soup] = []
        for (position, soup) in soups.enumerated() {
            try Task.checkCancellation()
            let size: (entries: Int, sequence: Int64)
            do { size = try reader.size(of: soup) } catch { throw StoreMigrationError(error) }
            let verifier = MigrationVerifier(source: source, soup: soup, store: store)
            if try await store.soupExists(soup.name), try await verifier.storedCount() > 0 {
                try await verifier.verify(expecting: size.entries)
                migrated.append(.init(name: soup.name, entries: size.entries, wasAlreadyMigrated: true))
                continue
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
                    spec, indexSpecs: soup.indexSpecs, nextIdAfter: size.sequence,
                    batch: { after in
                        if cancelled.current { throw CancellationError() }
                        return try source.entries(of: soup, after: after)
                    }, written: report)
            } catch let error as SQLCipherError {
                throw StoreMigrationError(error)
            } catch RestoreError.soupHasEntries(let name, let count) {
                throw StoreMigrationError.soupConflict(name, entries: count)
            } catch RestoreError.entryNotObject(let name, let id) {
                throw StoreMigrationError(
                    code: .unreadableStore, message: "Entry \(id) of the SDK's soup \(name) is not a JSON object.",
                    recoverySuggestion: "Nothing of this soup was migrated. Remove the entry from the SDK's store, or sync it again.")
            }
            try await verifier.verify(expecting: size.entries)
            migrated.append(.init(name: soup.name, entries: size.entries, wasAlreadyMigrated: false))
        }
        return MigrationReport(soups: migrated)
    }
}
