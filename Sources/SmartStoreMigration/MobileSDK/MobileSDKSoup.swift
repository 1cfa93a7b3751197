package import SmartStore

/// A soup of a Mobile SDK store: its name, its table and index specs as the SDK's
/// `soup_attrs` and `soup_index_map` describe them.
package struct MobileSDKSoup: Sendable, Equatable {
    /// The soup's id in `soup_attrs`; its table is `TABLE_<id>`.
    package let id: Int64
    /// The soup's name.
    package let name: String
    /// Its index specs, in the order of their columns (`TABLE_<id>_<position>`).
    package let indexSpecs: [IndexSpec]
    /// Whether its entries live in files beside the store (the SDK's external storage, 4.3 to 10.x).
    package let usesExternalStorage: Bool

    /// The soup's table.
    package var tableName: String { "TABLE_\(id)" }
}
