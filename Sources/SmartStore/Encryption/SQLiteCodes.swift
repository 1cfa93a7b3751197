import GRDBSQLite

// SQLite's extended result codes are macros Swift does not import; these are their values.
let SQLITE_IOERR_READ = SQLITE_IOERR | (1 << 8)
let SQLITE_IOERR_SHORT_READ = SQLITE_IOERR | (2 << 8)
let SQLITE_IOERR_WRITE = SQLITE_IOERR | (3 << 8)
let SQLITE_IOERR_FSYNC = SQLITE_IOERR | (4 << 8)
let SQLITE_IOERR_TRUNCATE = SQLITE_IOERR | (6 << 8)
let SQLITE_IOERR_FSTAT = SQLITE_IOERR | (7 << 8)
let SQLITE_IOERR_UNLOCK = SQLITE_IOERR | (8 << 8)
let SQLITE_IOERR_CHECKRESERVEDLOCK = SQLITE_IOERR | (14 << 8)
let SQLITE_IOERR_LOCK = SQLITE_IOERR | (15 << 8)
let SQLITE_IOERR_SHMLOCK = SQLITE_IOERR | (20 << 8)
let SQLITE_IOERR_SHMMAP = SQLITE_IOERR | (21 << 8)
/// A page that fails authentication, the code SQLite's checksum VFS uses for a bad checksum.
let SQLITE_IOERR_DATA = SQLITE_IOERR | (32 << 8)
