/// How far a migration has come: told after each batch of entries a soup writes.
public struct MigrationProgress: Sendable, Hashable {
    /// The soup being migrated.
    public let soupName: String
    /// The soup's position among the store's soups, from 1.
    public let soupNumber: Int
    /// How many soups the store has.
    public let soupCount: Int
    /// The soup's entries written so far.
    public let entriesWritten: Int
    /// The soup's entries in all.
    public let entryCount: Int

    /// A step of a migration.
    public init(soupName: String, soupNumber: Int, soupCount: Int, entriesWritten: Int, entryCount: Int) {
        self.soupName = soupName
        self.soupNumber = soupNumber
        self.soupCount = soupCount
        self.entriesWritten = entriesWritten
        self.entryCount = entryCount
    }
}

/// What a migration did, soup by soup.
public struct MigrationReport: Sendable, Hashable {
    /// One soup's outcome.
    public struct Soup: Sendable, Hashable {
        /// The soup's name.
        public let name: String
        /// Its entries, each read back from the ForceKit store and found equal to the SDK's.
        public let entries: Int
        /// Whether an earlier run had migrated it already (and it was found complete and equal).
        public let wasAlreadyMigrated: Bool
    }

    /// Every soup of the SDK's store, in the order the SDK registered them.
    public let soups: [Soup]

    /// The entries of every soup.
    public var entryCount: Int { soups.reduce(0) { $0 + $1.entries } }
}
