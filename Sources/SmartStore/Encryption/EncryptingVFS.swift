import Foundation
import GRDB
import GRDBSQLite

/// The SQLite VFS that encrypts SmartStore's files: it wraps the default VFS and hands each file
/// it opens to an ``EncryptedFile`` (the database, WAL and journals) or a ``MemoryFile``
/// (temporary files). A store selects it with `vfs=` in its URI filename and names its cipher
/// with ``CipherRegistry/uriParameter``.
///
/// Only the database, WAL and journal of a registered cipher are ever opened: a URI that names no
/// cipher is refused rather than written in the clear. Memory-mapped I/O is not offered (the
/// methods are version 2), so every page passes through ``EncryptedFile/read(into:count:offset:)``.
enum EncryptingVFS {
    /// The name stores put in `vfs=`.
    static let name = "forcekit-aes256gcm"

    /// The URI parameter (`=1`) of a store's checkpointing connection, whose checkpoints copy
    /// sealed frames into the database as they are (``EncryptedFile/copiesSealedFrames``).
    static let copiesSealedFramesParameter = "forcekit-checkpointer"

    /// Whether the VFS is registered; registration happens once, on first use.
    static let isRegistered: Bool = register()

    nonisolated(unsafe) fileprivate static var baseVFS: UnsafeMutablePointer<sqlite3_vfs>?

    private static func register() -> Bool {
        if sqlite3_vfs_find(name) != nil { return true }
        guard let base = sqlite3_vfs_find(nil) else { return false }
        baseVFS = base
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        // The default VFS's other methods (delete, access, full path, time, randomness) ignore
        // which VFS they are called through, so the copy keeps them.
        vfs.initialize(to: base.pointee)
        vfs.pointee.pNext = nil
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.szOsFile = Int32(FileSlot.baseOffset) + base.pointee.szOsFile
        vfs.pointee.xOpen = openFile
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }
}

/// The memory SQLite allocates for each open file (`szOsFile` bytes): the `sqlite3_file` header
/// SQLite reads, the retained Swift object behind it, then the wrapped file of the default VFS.
struct FileSlot {
    static let objectOffset = MemoryLayout<UnsafeRawPointer>.stride
    static let baseOffset = 2 * MemoryLayout<UnsafeRawPointer>.stride

    let file: UnsafeMutablePointer<sqlite3_file>

    var baseFile: UnsafeMutablePointer<sqlite3_file> {
        (UnsafeMutableRawPointer(file) + Self.baseOffset).assumingMemoryBound(to: sqlite3_file.self)
    }

    func attach(_ object: AnyObject) {
        (UnsafeMutableRawPointer(file) + Self.objectOffset)
            .storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer.self)
    }

    func object<T: AnyObject>(as type: T.Type) -> T {
        let pointer = (UnsafeMutableRawPointer(file) + Self.objectOffset).load(as: UnsafeMutableRawPointer.self)
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }

    func detach<T: AnyObject>(_ type: T.Type) {
        let pointer = (UnsafeMutableRawPointer(file) + Self.objectOffset).load(as: UnsafeMutableRawPointer.self)
        Unmanaged<T>.fromOpaque(pointer).release()
    }
}

private let temporaryFileFlags = SQLITE_OPEN_TEMP_DB | SQLITE_OPEN_TEMP_JOURNAL | SQLITE_OPEN_TRANSIENT_DB | SQLITE_OPEN_SUBJOURNAL

private let openFile:
    @convention(c) (
        UnsafeMutablePointer<sqlite3_vfs>?, sqlite3_filename?, UnsafeMutablePointer<sqlite3_file>?, Int32, UnsafeMutablePointer<Int32>?
    ) -> Int32 = { _, name, file, flags, outFlags in
        guard let file, let base = EncryptingVFS.baseVFS else { return SQLITE_CANTOPEN }
        file.pointee.pMethods = nil
        let slot = FileSlot(file: file)
        if name == nil || flags & temporaryFileFlags != 0 {
            slot.attach(MemoryFile())
            file.pointee.pMethods = UnsafePointer(memoryFileMethods)
            outFlags?.pointee = flags
            return SQLITE_OK
        }
        let layout: EncryptedFile.Layout =
            if flags & SQLITE_OPEN_MAIN_DB != 0 { .database } else if flags & SQLITE_OPEN_WAL != 0 {
                .wal
            } else if flags & SQLITE_OPEN_MAIN_JOURNAL != 0 { .journal } else { .passthrough }
        guard let token = sqlite3_uri_parameter(name, CipherRegistry.uriParameter),
            let cipher = CipherRegistry.cipher(for: String(cString: token))
        else { return SQLITE_CANTOPEN }
        let result = base.pointee.xOpen(base, name, slot.baseFile, flags, outFlags)
        guard result == SQLITE_OK else {
            if let methods = slot.baseFile.pointee.pMethods { _ = methods.pointee.xClose?(slot.baseFile) }
            return result
        }
        let encryptedFile = EncryptedFile(layout: layout, cipher: cipher, base: slot.baseFile)
        if let name {
            switch layout {
            case .database:
                encryptedFile.connectionName = name
                encryptedFile.copiesSealedFrames = sqlite3_uri_boolean(name, EncryptingVFS.copiesSealedFramesParameter, 0) != 0
                ConnectionFiles.addDatabase(encryptedFile, name: name)
            case .wal:
                ConnectionFiles.attachWAL(encryptedFile, name: name)
            case .journal, .passthrough:
                break
            }
        }
        slot.attach(encryptedFile)
        file.pointee.pMethods = UnsafePointer(encryptedFileMethods)
        return SQLITE_OK
    }

// MARK: - Encrypted file methods

private func encrypted(_ file: UnsafeMutablePointer<sqlite3_file>?) -> EncryptedFile? {
    file.map { FileSlot(file: $0).object(as: EncryptedFile.self) }
}

/// The wrapped file and its methods, for the calls that pass through.
private func wrapped(_ file: UnsafeMutablePointer<sqlite3_file>?) -> (UnsafeMutablePointer<sqlite3_file>, sqlite3_io_methods)? {
    guard let file else { return nil }
    let base = FileSlot(file: file).baseFile
    guard let methods = base.pointee.pMethods else { return nil }
    return (base, methods.pointee)
}

nonisolated(unsafe) private let encryptedFileMethods: UnsafeMutablePointer<sqlite3_io_methods> = {
    let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
    methods.initialize(
        to: sqlite3_io_methods(
            iVersion: 2,
            xClose: { file in
                guard let file, let (base, methods) = wrapped(file) else { return SQLITE_OK }
                let result = methods.xClose?(base) ?? SQLITE_OK
                FileSlot(file: file).detach(EncryptedFile.self)
                return result
            },
            xRead: { file, buffer, count, offset in
                guard let file = encrypted(file), let buffer else { return ResultCode.SQLITE_IOERR_READ.rawValue }
                return file.read(into: buffer, count: Int(count), offset: offset)
            },
            xWrite: { file, buffer, count, offset in
                guard let file = encrypted(file), let buffer else { return ResultCode.SQLITE_IOERR_WRITE.rawValue }
                return file.write(from: buffer, count: Int(count), offset: offset)
            },
            xTruncate: { file, size in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_TRUNCATE.rawValue }
                return methods.xTruncate?(base, size) ?? ResultCode.SQLITE_IOERR_TRUNCATE.rawValue
            },
            xSync: { file, flags in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_FSYNC.rawValue }
                return methods.xSync?(base, flags) ?? ResultCode.SQLITE_IOERR_FSYNC.rawValue
            },
            xFileSize: { file, size in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_FSTAT.rawValue }
                return methods.xFileSize?(base, size) ?? ResultCode.SQLITE_IOERR_FSTAT.rawValue
            },
            xLock: { file, lock in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_LOCK.rawValue }
                return methods.xLock?(base, lock) ?? ResultCode.SQLITE_IOERR_LOCK.rawValue
            },
            xUnlock: { file, lock in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_UNLOCK.rawValue }
                return methods.xUnlock?(base, lock) ?? ResultCode.SQLITE_IOERR_UNLOCK.rawValue
            },
            xCheckReservedLock: { file, result in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_CHECKRESERVEDLOCK.rawValue }
                return methods.xCheckReservedLock?(base, result) ?? ResultCode.SQLITE_IOERR_CHECKRESERVEDLOCK.rawValue
            },
            xFileControl: { file, operation, argument in
                guard let (base, methods) = wrapped(file) else { return SQLITE_NOTFOUND }
                return methods.xFileControl?(base, operation, argument) ?? SQLITE_NOTFOUND
            },
            xSectorSize: { file in
                guard let (base, methods) = wrapped(file) else { return Int32(PageFormat.pageSize) }
                return methods.xSectorSize?(base) ?? Int32(PageFormat.pageSize)
            },
            xDeviceCharacteristics: { file in
                guard let (base, methods) = wrapped(file) else { return 0 }
                return methods.xDeviceCharacteristics?(base) ?? 0
            },
            xShmMap: { file, region, size, extend, pointer in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_SHMMAP.rawValue }
                return methods.xShmMap?(base, region, size, extend, pointer) ?? ResultCode.SQLITE_IOERR_SHMMAP.rawValue
            },
            xShmLock: { file, offset, count, flags in
                guard let (base, methods) = wrapped(file) else { return ResultCode.SQLITE_IOERR_SHMLOCK.rawValue }
                let result = methods.xShmLock?(base, offset, count, flags) ?? ResultCode.SQLITE_IOERR_SHMLOCK.rawValue
                if result == SQLITE_OK { encrypted(file)?.shmLockChanged(offset: offset, count: count, flags: flags) }
                return result
            },
            xShmBarrier: { file in
                guard let (base, methods) = wrapped(file) else { return }
                methods.xShmBarrier?(base)
            },
            xShmUnmap: { file, delete in
                guard let (base, methods) = wrapped(file) else { return SQLITE_OK }
                return methods.xShmUnmap?(base, delete) ?? SQLITE_OK
            },
            xFetch: nil,
            xUnfetch: nil
        ))
    return methods
}()

// MARK: - Memory file methods

private func memory(_ file: UnsafeMutablePointer<sqlite3_file>?) -> MemoryFile? {
    file.map { FileSlot(file: $0).object(as: MemoryFile.self) }
}

nonisolated(unsafe) private let memoryFileMethods: UnsafeMutablePointer<sqlite3_io_methods> = {
    let methods = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
    methods.initialize(
        to: sqlite3_io_methods(
            iVersion: 1,
            xClose: { file in
                if let file { FileSlot(file: file).detach(MemoryFile.self) }
                return SQLITE_OK
            },
            xRead: { file, buffer, count, offset in
                guard let file = memory(file), let buffer else { return ResultCode.SQLITE_IOERR_READ.rawValue }
                return file.read(into: buffer, count: Int(count), offset: offset) ? SQLITE_OK : ResultCode.SQLITE_IOERR_SHORT_READ.rawValue
            },
            xWrite: { file, buffer, count, offset in
                guard let file = memory(file), let buffer else { return ResultCode.SQLITE_IOERR_WRITE.rawValue }
                file.write(from: buffer, count: Int(count), offset: offset)
                return SQLITE_OK
            },
            xTruncate: { file, size in
                memory(file)?.truncate(to: size)
                return SQLITE_OK
            },
            xSync: { _, _ in SQLITE_OK },
            xFileSize: { file, size in
                size?.pointee = memory(file)?.size ?? 0
                return SQLITE_OK
            },
            xLock: { _, _ in SQLITE_OK },
            xUnlock: { _, _ in SQLITE_OK },
            xCheckReservedLock: { _, result in
                result?.pointee = 0
                return SQLITE_OK
            },
            xFileControl: { _, _, _ in SQLITE_NOTFOUND },
            xSectorSize: { _ in Int32(PageFormat.pageSize) },
            xDeviceCharacteristics: { _ in 0 },
            xShmMap: nil,
            xShmLock: nil,
            xShmBarrier: nil,
            xShmUnmap: nil,
            xFetch: nil,
            xUnfetch: nil
        ))
    return methods
}()
