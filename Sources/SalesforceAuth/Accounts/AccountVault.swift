import Crypto
import Foundation
import SalesforceCore
import SalesforceKeys

/// Where accounts are kept: one AES-GCM sealed file per user
/// (`<folder>/<orgId>/<userId>/account.sealed`) and a plain `current.json` naming the current
/// user, which holds no secret. Files are mode 0600.
struct AccountVault: Sendable {
    static let keyLabel = "com.salesforce.userAccount.encryptionKey"
    let directory: URL
    let keyStore: any KeyStore

    /// Every account that opens with the key, and the files that do not.
    func load() async throws(AccountError) -> (accounts: [UserAccount], unreadable: [URL]) {
        guard let orgs = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) else {
            return ([], [])
        }
        let files = orgs.filter { $0.lastPathComponent.hasPrefix("00D") }.flatMap { org in
            ((try? FileManager.default.contentsOfDirectory(at: org, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.lastPathComponent.hasPrefix("005") }
                .map { $0.appendingPathComponent("account.sealed") }
        }.filter { FileManager.default.fileExists(atPath: $0.path) }.sorted { $0.path < $1.path }
        guard !files.isEmpty else { return ([], []) }
        // No key means nothing sealed can be read; the files are left for a key restored later.
        guard let key = try await existingKey() else { return ([], files) }
        var accounts: [UserAccount] = []
        var unreadable: [URL] = []
        for file in files {
            guard let sealed = FileManager.default.contents(atPath: file.path),
                let plain = try? Sealing.open(sealed, with: key),
                let account = try? JSONDecoder().decode(UserAccount.self, from: plain)
            else {
                unreadable.append(file)
                continue
            }
            accounts.append(account)
        }
        return (accounts, unreadable)
    }

    func save(_ account: UserAccount) async throws(AccountError) {
        let key: SymmetricKey
        do {
            key = try await keyStore.key(for: Self.keyLabel)
        } catch {
            throw .keyUnavailable(error)
        }
        let file = self.file(for: account.identity)
        do {
            let sealed = try Sealing.seal(try JSONEncoder().encode(account), with: key)
            try writePrivately(sealed, to: file)
        } catch {
            throw .unwritable(path: file.path, reason: error.localizedDescription)
        }
    }

    func delete(_ identity: UserIdentity) {
        let folder = file(for: identity).deletingLastPathComponent()
        try? FileManager.default.removeItem(at: folder)
        FileManager.default.removeEmptyFolders(from: folder.deletingLastPathComponent(), below: directory)
    }

    var currentFile: URL { directory.appendingPathComponent("current.json") }

    func loadCurrent() -> UserIdentity? {
        FileManager.default.contents(atPath: currentFile.path).flatMap { try? JSONDecoder().decode(UserIdentity.self, from: $0) }
    }

    func saveCurrent(_ identity: UserIdentity?) throws(AccountError) {
        do {
            if let identity {
                try writePrivately(try JSONEncoder().encode(identity), to: currentFile)
            } else if FileManager.default.fileExists(atPath: currentFile.path) {
                try FileManager.default.removeItem(at: currentFile)
            }
        } catch {
            throw .unwritable(path: currentFile.path, reason: error.localizedDescription)
        }
    }

    private func existingKey() async throws(AccountError) -> SymmetricKey? {
        do {
            return try await keyStore.existingKey(for: Self.keyLabel)
        } catch {
            throw .keyUnavailable(error)
        }
    }

    /// One folder per user, whatever community the account is in: `<orgId18>/<userId18>/account.sealed`.
    private func file(for identity: UserIdentity) -> URL {
        identity.withoutCommunity.pathComponents.reduce(directory) { $0.appendingPathComponent($1, isDirectory: true) }
            .appendingPathComponent("account.sealed")
    }

    private func writePrivately(_ data: Data, to file: URL) throws {
        try OwnerOnlyFiles.createFolder(file.deletingLastPathComponent())
        try OwnerOnlyFiles.write(data, to: file)
    }
}
