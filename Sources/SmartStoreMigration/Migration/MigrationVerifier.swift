import SalesforceCore
import SmartStore

/// Reads a migrated soup back from the ForceKit store and compares it with the SDK's, entry for
/// entry: the same ids, and each entry's JSON equal to the SDK's with its system fields.
struct MigrationVerifier {
    let source: MigrationSource
    let soup: MobileSDKSoup
    let store: SmartStore

    /// How many entries the ForceKit store's soup has.
    func storedCount() async throws -> Int {
        try await store.count(using: .buildAllQuerySpec(soupName: soup.name))
    }

    /// Checks that the ForceKit soup holds exactly the SDK soup's `count` entries, each equal.
    /// - Throws: ``StoreMigrationError/Code/verificationFailed`` naming the first difference.
    func verify(expecting count: Int) async throws {
        let stored = try await storedCount()
        guard stored == count else {
            throw StoreMigrationError.differs(soup: soup.name, "it has \(stored) entries, the SDK's \(count)")
        }
        var after: Int64?
        while true {
            let entries: [RestoredEntry]
            do { entries = try source.entries(of: soup, after: after) } catch let error as SQLCipherError {
                throw StoreMigrationError(error)
            } catch let error as EntryFileError {
                throw StoreMigrationError.entryFileUnreadable(soup: soup.name, error.message)
            }
            guard let last = entries.last else { return }
            let found = try await store.retrieve(usingSoupEntryIds: entries.map(\.id), inSoup: soup.name)
            var byId: [Int64: JSON] = [:]
            for entry in found {
                if let id = entry[SoupEntryField.id]?.integerValue { byId[id] = entry }
            }
            for entry in entries {
                guard let migrated = byId[entry.id] else {
                    throw StoreMigrationError.differs(soup: soup.name, "entry \(entry.id) is missing")
                }
                guard case .object(var expected) = try? JSON(parsing: entry.text) else {
                    throw StoreMigrationError.differs(soup: soup.name, "entry \(entry.id) is not a JSON object")
                }
                expected[SoupEntryField.id] = .integer(entry.id)
                expected[SoupEntryField.createdDate] = .integer(entry.created)
                expected[SoupEntryField.lastModifiedDate] = .integer(entry.lastModified)
                guard migrated == .object(expected) else {
                    throw StoreMigrationError.differs(soup: soup.name, "entry \(entry.id) differs")
                }
            }
            after = last.id
        }
    }
}
