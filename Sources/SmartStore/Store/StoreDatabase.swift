import Foundation
import GRDB

/// Where a store's SQLite database is opened: the one place that decides how the file is
/// opened (WAL, so readers never wait for the writer) and, later, where its key goes.
enum StoreDatabase {
    static func open(at url: URL, externalStorage: ExternalStorage) throws(SmartStoreError) -> DatabasePool {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: directory.path, reason: error.localizedDescription)
        }
        var configuration = Configuration()
        configuration.label = "SmartStore"
        // Other processes (the CLI beside an app, say) may hold the write lock for a moment.
        configuration.busyMode = .timeout(10)
        let function = externalStorage.sqlFunction
        configuration.prepareDatabase { db in
            db.add(function: function)
        }
        do {
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try pool.write { db in try StoreSchema.createMetadataTables(db) }
            return pool
        } catch let error as DatabaseError {
            throw .fileSystem(path: url.path, reason: "it cannot be opened as a SmartStore database (\(error.message ?? "\(error.resultCode)"))")
        } catch {
            throw .fileSystem(path: url.path, reason: error.localizedDescription)
        }
    }
}
