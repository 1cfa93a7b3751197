import Crypto
import Foundation
import SalesforceCore
import SmartStore

/// Markers a test writes into every place a store keeps data, to look for on disk afterwards.
struct Markers {
    let element = "element-\(UUID().uuidString)"
    let indexed = "indexed-\(UUID().uuidString)"
    let fullText = "fulltext\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    let external = "external-\(UUID().uuidString)"
    let sqlLiteral = "literal-\(UUID().uuidString)"

    var all: [String] { [element, indexed, fullText, external, sqlLiteral] }

    /// Registers soups of every index kind and external storage, writes the markers into them,
    /// and runs a Smart SQL query with a marker as a literal.
    func write(to store: SmartStore) async throws {
        try await store.registerSoup(
            "contacts",
            indexSpecs: [
                IndexSpec(path: "name", type: .string), IndexSpec(path: "bio", type: .fullText),
                IndexSpec(path: "tag", type: .json1),
            ])
        try await store.registerSoup(
            SoupSpec(name: "files", features: [.externalStorage]), indexSpecs: [IndexSpec(path: "name", type: .string)])
        let padding = String(repeating: "x", count: 5_000)
        try await store.upsert(
            entries: (0..<50).map { index in
                [
                    "name": .string("\(indexed) \(index)"), "bio": .string("\(fullText) biography"), "tag": .string(indexed),
                    "note": .string("\(element) \(padding)"),
                ]
            }, inSoup: "contacts")
        try await store.upsert(
            entries: [["name": "big", "body": .string(external + String(repeating: " data", count: 40_000))]], inSoup: "files")
        _ = try await store.query(
            using: .buildSmartQuerySpec(smartSQL: "select count(*) from {contacts} where {contacts:name} <> '\(sqlLiteral)'"))
        _ = try await store.query(using: .buildMatchQuerySpec(soupName: "contacts", path: "bio", matchKey: fullText))
    }

    /// New markers written to a new store at `url`, then closed.
    static func inClosedStore(at url: URL, encryption: StoreEncryption) async throws -> Markers {
        let markers = Markers()
        let store = try await SmartStore(url: url, encryption: encryption)
        try await markers.write(to: store)
        try store.close()
        return markers
    }

    /// Checks that the store reads the markers back.
    func verify(in store: SmartStore) async throws -> Bool {
        let named = try await store.count(using: .buildLikeQuerySpec(soupName: "contacts", path: "name", likeKey: "\(indexed)%"))
        let found = try await store.count(using: .buildMatchQuerySpec(soupName: "contacts", path: "bio", matchKey: fullText))
        let big = try await store.query(using: .buildExactQuerySpec(soupName: "files", path: "name", matchKey: "big"))
        return named == 50 && found == 50 && big.first?["body"]?.stringValue?.hasPrefix(external) == true
    }
}

/// Every file under `directory` (the database, -wal, -shm and external entries) that contains
/// `marker` as UTF-8, by path relative to the directory.
func filesContaining(_ marker: String, in directory: URL) -> [String] {
    let needle = Data(marker.utf8)
    guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
    return files.compactMap { $0 as? URL }.compactMap { url -> String? in
        guard let data = FileManager.default.contents(atPath: url.path), data.range(of: needle) != nil else { return nil }
        return url.lastPathComponent
    }.sorted()
}

/// The names of the files under `directory`.
func fileNames(in directory: URL) -> [String] {
    let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    return (files?.compactMap { $0 as? URL } ?? [])
        .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        .map(\.lastPathComponent).sorted()
}

/// Every file under `directory` and its bytes, by path relative to the directory.
func snapshot(of directory: URL) -> [String: Data] {
    guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    var result: [String: Data] = [:]
    for case let url as URL in files {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        result[String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))] = FileManager.default.contents(
            atPath: url.path)
    }
    return result
}

/// A new random store key.
func randomKey() -> StoreEncryption { .key(SymmetricKey(size: .bits256)) }

/// Flips one byte of a file.
func flipByte(at offset: Int, of url: URL) throws {
    var bytes = try Data(contentsOf: url)
    bytes[offset] ^= 0x5A
    try bytes.write(to: url)
}
