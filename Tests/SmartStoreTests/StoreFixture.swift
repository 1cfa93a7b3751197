import Crypto
import ForceKitTestSupport
import Foundation
import SalesforceCore
import SmartStore

/// A fresh store in a scratch directory, encrypted with a random key unless told otherwise, so
/// that every SmartStore test also runs through the encrypting VFS.
func withStore<T>(encryption: StoreEncryption = .key(SymmetricKey(size: .bits256)), _ body: (SmartStore) async throws -> T) async throws
    -> T
{
    try await withTemporaryDirectory { directory throws in
        let store = try await SmartStore(url: directory.appendingPathComponent("store.sqlite"), encryption: encryption)
        return try await body(store)
    }
}

func string(_ path: String) -> IndexSpec { IndexSpec(path: path, type: .string) }
func integer(_ path: String) -> IndexSpec { IndexSpec(path: path, type: .integer) }
func fullText(_ path: String) -> IndexSpec { IndexSpec(path: path, type: .fullText) }

extension SmartStore {
    /// Every entry of a soup, in id order.
    func allEntries(_ soup: String) async throws -> [JSON] {
        try await query(using: .buildAllQuerySpec(soupName: soup, orderPath: "_soupEntryId", pageSize: 10_000))
    }

    /// The values at `field` of every entry a query returns, in result order.
    func values(_ field: String, _ spec: QuerySpec) async throws -> [JSON] {
        try await query(using: spec).map { $0[field] ?? .null }
    }

    /// The `_soupEntryId`s a query returns, as a set.
    func idSet(_ spec: QuerySpec) async throws -> Set<Int64> {
        Set(try await query(using: spec).compactMap { $0[SoupEntryField.id]?.integerValue })
    }
}
