import Foundation
import SmartStore

/// The SDK store's entries as a migration writes them: read a batch at a time, the externally
/// stored ones from their files.
struct MigrationSource: Sendable {
    let reader: MobileSDKStoreReader
    /// The external entry files, when the key says how they were written.
    let entryFiles: ExternalEntryFiles?

    /// Entries read, parsed and written at a time.
    let batchSize: Int

    /// The next batch of `soup`'s entries with ids above `after` (from the first when nil), in
    /// id order; empty at the end.
    /// - Throws: ``SQLCipherError`` when the store cannot be read, ``EntryFileError`` when an
    ///   entry's file cannot be.
    func entries(of soup: MobileSDKSoup, after: Int64?) throws -> [RestoredEntry] {
        var restored: [RestoredEntry] = []
        for entry in try reader.entries(of: soup, after: after, limit: batchSize) {
            let text: String
            if let stored = entry.text {
                text = stored
            } else if let entryFiles {
                text = try entryFiles.text(table: soup.tableName, id: entry.id)
            } else {
                throw EntryFileError(
                    "entry \(entry.id) is kept in a file, and only the SDK's own key (iOS or Android) says how the SDK wrote those files")
            }
            restored.append(RestoredEntry(id: entry.id, text: text, created: entry.created, lastModified: entry.lastModified))
        }
        return restored
    }

    /// Where each platform's SDK kept a store's entry files: beside `store.sqlite` on iOS
    /// (`store_external_soup_blobs`), beside the database file on Android (`<name>.db_external_soup_blobs`).
    static func entryFilesFolder(of storeURL: URL, format: ExternalEntryFiles.Format) -> URL {
        switch format {
        case .iOS: URL(fileURLWithPath: storeURL.deletingPathExtension().path + "_external_soup_blobs", isDirectory: true)
        case .android: SmartStore.externalStorageFolder(forDatabase: storeURL)
        }
    }
}
