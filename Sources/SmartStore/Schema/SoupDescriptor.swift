import SalesforceCore

/// A registered soup as the store lays it out in SQLite: one table, one column per index
/// (json1 indexes excepted), and an FTS5 table when the soup has full-text indexes.
struct SoupDescriptor: Sendable {
    /// One index spec with where its values live.
    struct Index: Sendable {
        let spec: IndexSpec
        let path: EntryPath
        /// The column holding the values; `nil` for json1 indexes, which index an expression.
        let columnName: String?
    }

    let spec: SoupSpec
    let soupId: Int64
    let indexes: [Index]

    init(spec: SoupSpec, soupId: Int64, indexSpecs: [IndexSpec]) {
        self.spec = spec
        self.soupId = soupId
        let table = "TABLE_\(soupId)"
        indexes = indexSpecs.enumerated().map { position, indexSpec in
            Index(
                spec: indexSpec, path: EntryPath(indexSpec.path),
                columnName: indexSpec.type == .json1 ? nil : "\(table)_\(position)"
            )
        }
    }

    var name: String { spec.name }
    var tableName: String { "TABLE_\(soupId)" }
    var ftsTableName: String { "\(tableName)_fts" }
    var indexSpecs: [IndexSpec] { indexes.map(\.spec) }
    var usesExternalStorage: Bool { spec.usesExternalStorage }
    var fullTextIndexes: [Index] { indexes.filter { $0.spec.type == .fullText } }
    var columnIndexes: [Index] { indexes.filter { $0.columnName != nil } }

    func index(forPath path: String) -> Index? {
        indexes.first { $0.spec.path == path }
    }

    /// The SQL expression for the whole stored entry's JSON text.
    func entryExpression(qualifier: String? = nil) -> String {
        let table = qualifier ?? tableName
        if usesExternalStorage {
            return "\(ExternalStorage.sqlFunctionName)('\(tableName)', \(table).id)"
        }
        return "\(table).soup"
    }

    /// The SQL expression for a path: a system field, an index column, a json1 expression, or
    /// (when `allowUnindexed` and the entry is in the row) `json_extract` of an unindexed path.
    func expression(forPath path: String, qualifier: String? = nil, allowUnindexed: Bool = false) throws(SmartStoreError) -> String {
        let table = qualifier ?? tableName
        switch path {
        case SoupEntryField.id: return "\(table).id"
        case SoupEntryField.lastModifiedDate: return "\(table).lastModified"
        case SoupEntryField.createdDate: return "\(table).created"
        case "_soup": return entryExpression(qualifier: qualifier)
        default: break
        }
        if let index = index(forPath: path) {
            if let column = index.columnName { return "\(table).\(column)" }
            return Self.jsonExtract(path: path, from: "\(table).soup")
        }
        guard allowUnindexed, !usesExternalStorage, (try? IndexSpec.validatePath(path)) != nil else {
            throw .pathNotIndexed(soup: name, path: path)
        }
        return Self.jsonExtract(path: path, from: "\(table).soup")
    }

    /// The type a path's values are compared as: its index type, or integer for the system fields.
    func keyType(forPath path: String) -> IndexType {
        switch path {
        case SoupEntryField.id, SoupEntryField.lastModifiedDate, SoupEntryField.createdDate: .integer
        default: index(forPath: path)?.spec.type ?? .json1
        }
    }

    /// `json_extract(column, '$."a"."b"')`, spelled the same everywhere so that SQLite matches
    /// queries to the expression indexes of json1 specs.
    static func jsonExtract(path: String, from column: String) -> String {
        let jsonPath = path.split(atScalars: ["."], omittingEmptyParts: false).map { "\"\($0)\"" }.joined(separator: ".")
        return "json_extract(\(column), '$.\(jsonPath)')"
    }
}
