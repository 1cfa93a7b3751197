import ArgumentParser
import Foundation
import SalesforceCore
import SmartStore
import SmartStoreMigration
import URLEncoding

/// `forcekit store migrate`: a Mobile SDK store into a ForceKit one.
struct StoreMigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move a Salesforce Mobile SDK store (SQLCipher) into a ForceKit store: soups, entries, local changes and syncs.",
        discussion: """
            SDKSTORE is the SDK's database file: store.sqlite on iOS \
            (Documents/<bundle>/<org>/<user>/<community>/stores/<name>/), smartstore_<org>_<user>_<community>.db \
            on Android. --key is the text the SDK gave SQLCipher: on iOS the base64 of its 32-byte store key \
            (from the keychain), on Android SmartStore's encryption key. The SDK's store is only read. \
            Each soup is written in one transaction and read back entry for entry; run the command again \
            after a failure or an interruption and it skips the soups already migrated.
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The Mobile SDK's store file.", valueName: "SDKSTORE"))
    var sdkStore: String

    @Option(
        name: .long,
        help: ArgumentHelp("The key text the SDK gave SQLCipher (base64 of 32 bytes, or 16 on Android before 8.2).", valueName: "TEXT"))
    var key: String

    /// Which SDK wrote the store: it decides where and how its externally stored entries were kept.
    enum Platform: String, ExpressibleByArgument, CaseIterable {
        case ios, android
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SDK that wrote the store: ios or android. Default: ios for a file named store.sqlite, android otherwise.",
            valueName: "PLATFORM"))
    var platform: Platform?

    @Option(
        name: .long,
        help: ArgumentHelp("For an iOS store in an App Group: the 16-byte salt the SDK keeps in the keychain, as hex.", valueName: "HEX"))
    var salt: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder of the store's externally stored entries (SDK 4.3 to 10.x), if not where the SDK puts them.", valueName: "DIR"))
    var entryFiles: String?

    func validate() throws {
        let bytes = Data(base64Encoded: key)?.count
        // 32 bytes since Android SDK 8.2 and on iOS; 16 (the first of a SHA-1) on Android before.
        guard bytes == 32 || bytes == 16 else {
            throw ValidationError(
                "--key: the SDK's key text is the base64 of 32 bytes (44 characters ending in =), or of 16 for Android before SDK 8.2; this one is not."
            )
        }
        if let salt, Self.hexBytes(salt)?.count != 16 {
            throw ValidationError("--salt: give the 16-byte salt as 32 hex digits.")
        }
        try InputPath.requireFile(sdkStore, given: "The SDK's store")
        let source = URL(fileURLWithPath: sdkStore).standardizedFileURL.resolvingSymlinksInPath()
        let target = URL(fileURLWithPath: store.path).standardizedFileURL.resolvingSymlinksInPath()
        guard source.path != target.path else {
            throw ValidationError("--path names the SDK's store itself; give a new file for the ForceKit store.")
        }
        try InputPath.requireFolder(entryFiles, given: "--entry-files")
    }

    func run() async throws {
        let url = URL(fileURLWithPath: sdkStore)
        let salt = self.salt.flatMap(Self.hexBytes)
        let storeKey: MobileSDKStoreKey =
            switch platform ?? (url.lastPathComponent == "store.sqlite" ? .ios : .android) {
            case .ios: .iOS(storeKey: Data(base64Encoded: key) ?? Data(), salt: salt)
            case .android: .android(key: key)
            }
        // Opened first: a wrong key or a damaged store fails before the ForceKit store is created.
        let migration: MobileSDKStoreMigration
        do {
            migration = try MobileSDKStoreMigration(
                storeAt: url, key: storeKey, entryFilesFolder: entryFiles.map { URL(fileURLWithPath: $0, isDirectory: true) })
        } catch {
            Console.printFailure(error.description)
            throw ExitCode(1)
        }
        try await store.withStore(.create) { smartStore in
            let line = Locked<(soup: String, progress: ProgressLine)?>(nil)
            let report = try await migration.migrate(into: smartStore) { step in
                let progress = line.withLock { current in
                    if current?.soup != step.soupName {
                        current?.progress.finish()
                        current = (step.soupName, ProgressLine("soup \(step.soupNumber) of \(step.soupCount), \(step.soupName)"))
                    }
                    return current?.progress
                }
                progress?.update(done: step.entriesWritten, total: step.entryCount, unit: "entries")
            }
            line.withLock { $0?.progress.finish() }
            Console.printJSON([
                "migrated": .string(sdkStore),
                "soups": .array(
                    report.soups.map { soup in
                        [
                            "name": .string(soup.name), "entries": .integer(Int64(soup.entries)),
                            "alreadyMigrated": .bool(soup.wasAlreadyMigrated),
                        ]
                    }),
                "entries": .integer(Int64(report.entryCount)),
            ])
        }
    }

    /// Hex digits as bytes; nil for anything else.
    static func hexBytes(_ text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes = Data()
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = PercentEncoding.hexValue(digits[index]), let low = PercentEncoding.hexValue(digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
