#!/usr/bin/env python3
"""Stores as the Salesforce Mobile SDK leaves them on a device, for SmartStoreMigration's tests.

Made with SQLite3 Multiple Ciphers (`pip install apsw-sqlite3mc`) in its SQLCipher 4 mode
(`cipher=sqlcipher`, `legacy=4`): a second implementation of SQLCipher's format, so the tests'
expected values do not come from ForceKit's reader. The schema follows the SDK's SmartStore
(`soup_attrs`, `soup_index_map`, one `TABLE_N` a soup with its index columns `TABLE_N_i`, the
full-text table `TABLE_N_fts`, `syncs_soup` with its json1 indexes), keyed as the SDK keys it:
a text passphrase with `PRAGMA kdf_iter = 4000`.

Writes into the folder given (default: Tests/SmartStoreMigrationTests/Fixtures):
- `passphrase.db`: the SDK's usual store (salt in the file's first 16 bytes).
- `plaintext-header.db`: an App Groups store on iOS: 32 plain header bytes, the salt given apart.
- `raw-key.db`: keyed with a raw 32-byte key (x'...'), default iterations.
- `wal.db` and `wal.db-wal`: committed changes still in the write-ahead log.
- `ios-external-blobs/` and `android-external-blobs/`: the entry files of `sdk10-external.db`'s
  externally stored soup, as each platform's SDK wrote them (tests lay them out where each looks).
- `sdk7-sqlcipher3.db`: an SDK 7 store never opened by SDK 8: SQLCipher 3's layout and defaults.
- `odd-ids.db`: an entry under the highest id SQLite allows, which no migrated soup can hold.
- `expected.json`: the keys, salts and every table's rows as SQLite3 Multiple Ciphers reads them.

Usage: Scripts/mobile-sdk-fixtures.py [FOLDER]
       Scripts/mobile-sdk-fixtures.py --bench-store PATH [ENTRIES]   (forcekit-bench migration's store)
"""
import base64
import hashlib
import hmac
import json
import os
import pathlib
import random
import shutil
import sys

import apsw

root = pathlib.Path(__file__).resolve().parent.parent
bench_store = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--bench-store" else None
folder = root / "Tests" / "SmartStoreMigrationTests" / "Fixtures"
if bench_store is None and len(sys.argv) > 1:
    folder = pathlib.Path(sys.argv[1])
if bench_store is None:
    folder.mkdir(parents=True, exist_ok=True)

# Fixed, so the committed fixtures are what this script makes (SQLCipher's salts and IVs are
# random, so the files' bytes differ between runs; their contents do not).
RAW_KEY = bytes(range(1, 33))
PASSPHRASE = base64.b64encode(bytes(range(101, 133))).decode()  # as iOS passes its key: base64 text
SALT = bytes.fromhex("000102030405060708090a0b0c0d0e0f")
INDEXES = [("Id", "string"), ("Name", "string"), ("NumberOfEmployees", "integer"),
           ("AnnualRevenue", "floating"), ("Description", "full_text"), ("Industry", "json1"),
           # Mobile Sync needs a string index on __local__ to find the records to sync up.
           ("__local__", "string")]
SQL_TYPES = {"string": "TEXT", "integer": "INTEGER", "floating": "REAL", "full_text": "TEXT"}


def connect(path, key_pragmas, version=4):
    connection = apsw.Connection(str(path))
    connection.pragma("cipher", "sqlcipher")
    connection.pragma("legacy", version)
    for name, value in key_pragmas:
        connection.pragma(name, value)
    return connection


def salesforce_id(base):
    """An 18-character record id: the 15-character id and its case-checksum suffix (one letter
    per five characters, a bit for each capital, as Salesforce computes it)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"
    suffix = ""
    for start in range(0, 15, 5):
        bits = sum(1 << i for i, c in enumerate(base[start:start + 5]) if c.isupper())
        suffix += alphabet[bits]
    return base + suffix


def accounts(count, seed):
    rng = random.Random(seed)
    words = ["anvil", "rocket", "café", "naïve", "emoji \U0001F680", "quote \"x\"", "back\\slash", "line\nbreak"]
    records = []
    for index in range(count):
        record = {
            "Id": salesforce_id(f"001Fx{index:010d}"), "Name": f"Account {index} {rng.choice(words)}",
            "NumberOfEmployees": rng.randrange(0, 100000), "AnnualRevenue": round(rng.uniform(0, 1e9), 2),
            "Description": " ".join(rng.choice(words) for _ in range(6)), "Industry": rng.choice(["Energy", "Media", None]),
            "attributes": {"type": "Account", "url": f"/services/data/v62.0/sobjects/Account/{salesforce_id(f'001Fx{index:010d}')}"},
            "__local__": False, "__locally_created__": False, "__locally_updated__": False, "__locally_deleted__": False,
        }
        if index % 10 == 3:
            record.update({"__local__": True, "__locally_updated__": True, "Name": record["Name"] + " (edited)"})
        if index % 25 == 7:
            record.update({"__local__": True, "__locally_deleted__": True})
        records.append(record)
    for index in range(3):  # created offline, not yet synced up
        records.append({"Id": f"local_{index}", "Name": f"New {index}", "__local__": True, "__locally_created__": True,
                        "__locally_updated__": False, "__locally_deleted__": False, "attributes": {"type": "Account"}})
    return records


def create_soup(db, soup_id, name, indexes):
    table = f"TABLE_{soup_id}"
    db.execute("INSERT INTO soup_attrs (id, soupName) VALUES (?, ?)", (soup_id, name))
    columns = []
    for position, (path, kind) in enumerate(indexes):
        column = f"json_extract(soup, '$.{path}')" if kind == "json1" else f"{table}_{position}"
        db.execute("INSERT INTO soup_index_map VALUES (?, ?, ?, ?)", (name, path, column, kind))
        if kind != "json1":
            columns.append(f"{column} {SQL_TYPES[kind]}")
    db.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY AUTOINCREMENT, soup TEXT, created INTEGER, "
               f"lastModified INTEGER{''.join(', ' + c for c in columns)})")
    db.execute(f"CREATE INDEX {table}_created_idx ON {table} (created)")
    db.execute(f"CREATE INDEX {table}_lastModified_idx ON {table} (lastModified)")
    for position, (path, kind) in enumerate(indexes):
        column = f"json_extract(soup, '$.{path}')" if kind == "json1" else f"{table}_{position}"
        db.execute(f"CREATE INDEX {table}_{position}_idx ON {table} ({column})")
    full_text = [f"{table}_{p}" for p, (_, kind) in enumerate(indexes) if kind == "full_text"]
    if full_text:
        db.execute(f"CREATE VIRTUAL TABLE {table}_fts USING fts5({', '.join(full_text)})")
    return table, full_text


def index_value(value, kind):
    if kind == "string" and isinstance(value, bool):
        return "true" if value else "false"
    return value


def insert(db, table, indexes, full_text, entries, stamp):
    for entry in entries:
        entry_id = (db.execute(f"SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchall() or [(0,)])[0][0] + 1
        entry = dict(entry, _soupEntryId=entry_id, _soupLastModifiedDate=stamp + entry_id)
        # A boolean in a string index is stored as its text, as the SDK projects it.
        values = [index_value(entry.get(path), kind) for path, kind in indexes if kind != "json1"]
        columns = [f"{table}_{p}" for p, (_, kind) in enumerate(indexes) if kind != "json1"]
        db.execute(f"INSERT INTO {table} (id, soup, created, lastModified{''.join(', ' + c for c in columns)}) "
                   f"VALUES (?, ?, ?, ?{', ?' * len(columns)})",
                   [entry_id, json.dumps(entry, ensure_ascii=False, separators=(",", ":")), stamp + entry_id, stamp + entry_id] + values)
        if full_text:
            texts = [entry.get(indexes[int(c.rsplit("_", 1)[1])][0]) for c in full_text]
            db.execute(f"INSERT INTO {table}_fts (rowid, {', '.join(full_text)}) VALUES (?{', ?' * len(full_text)})", [entry_id] + texts)


def build(db, count=150, sync_index_type="json1"):
    db.execute("""
        CREATE TABLE soup_index_map (soupName TEXT, path TEXT, columnName TEXT, columnType TEXT);
        CREATE INDEX soup_index_map_0 ON soup_index_map (soupName);
        CREATE TABLE soup_attrs (id INTEGER PRIMARY KEY AUTOINCREMENT, soupName TEXT);
        CREATE INDEX soup_attrs_0 ON soup_attrs (soupName);
        CREATE TABLE long_operations_status (id INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT, details TEXT,
            status TEXT, created INTEGER, lastModified INTEGER);
    """)
    with db:
        table, full_text = create_soup(db, 1, "accounts", INDEXES)
        insert(db, table, INDEXES, full_text, accounts(count, 7), 1_700_000_000_000)
        # json1 since SDK 8; SDK 6 and 7 indexed type and name as strings.
        sync_indexes = ([("type", "json1"), ("name", "json1"), ("status", "json1")] if sync_index_type == "json1"
                        else [("type", "string"), ("name", "string")])
        table, _ = create_soup(db, 2, "syncs_soup", sync_indexes)
        insert(db, table, sync_indexes, [], [{
            "type": "syncDown", "name": "accounts", "soupName": "accounts", "status": "DONE", "progress": 100,
            "totalSize": count, "maxTimeStamp": 1_700_000_000_000 + count, "startTime": 1_700_000_000_000,
            "endTime": 1_700_000_100_000, "error": "",
            "target": {"type": "soql", "query": "SELECT Id, Name, LastModifiedDate FROM Account",
                       "idFieldName": "Id", "modificationDateFieldName": "LastModifiedDate"},
            "options": {"mergeMode": "LEAVE_IF_CHANGED", "fieldlist": ["Id", "Name"]},
        }], 1_700_000_000_000)


def dump(db):
    tables = [name for (name,) in db.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' ORDER BY name")]
    return {name: [list(row) for row in db.execute(f"SELECT * FROM {name} ORDER BY rowid")] for name in tables}


def remove(path):
    for suffix in ["", "-wal", "-shm", "-journal"]:
        if os.path.exists(str(path) + suffix):
            os.remove(str(path) + suffix)


def record(name, pragmas, version=4):
    """Reads a finished store back with SQLite3 Multiple Ciphers: the rows the tests expect."""
    db = connect(folder / name, pragmas, version)
    expected["files"][name] = dump(db)
    db.close()


mobile_sdk = [("kdf_iter", 4000), ("key", PASSPHRASE)]

if bench_store is not None:
    # forcekit-bench migration's input: one store in the SDK's layout with ENTRIES accounts.
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
    remove(bench_store)
    db = connect(bench_store, mobile_sdk)
    build(db, count=count)
    db.close()
    print(f"wrote {bench_store}: {count} accounts and 3 created offline; key {PASSPHRASE}")
    sys.exit(0)
header = [("kdf_iter", 4000), ("plaintext_header_size", 32), ("key", f"x'{RAW_KEY.hex()}{SALT.hex()}'")]
raw = [("key", f"x'{RAW_KEY.hex()}'")]
expected = {"passphrase": PASSPHRASE, "kdfIterations": 4000, "rawKey": RAW_KEY.hex(), "salt": SALT.hex(), "files": {}}
for name, pragmas in [("passphrase.db", mobile_sdk), ("plaintext-header.db", header), ("raw-key.db", raw)]:
    path = folder / name
    remove(path)
    db = connect(path, pragmas)
    build(db)
    db.close()
    record(name, pragmas)

# An SDK 4.3 to 10.x store: soup_attrs has the externalStorage column, and an externally stored
# soup keeps NULL in its soup column (the entries lived in files beside the store).
path = folder / "sdk10-external.db"
remove(path)
db = connect(path, mobile_sdk)
build(db, count=20)
with db:
    # The newest account was removed: the table's sequence (23) is above its highest id (22), and
    # a migrated soup must not give 23 again.
    db.execute("DELETE FROM TABLE_1 WHERE id = (SELECT max(id) FROM TABLE_1)")
    db.execute("ALTER TABLE soup_attrs ADD COLUMN externalStorage INTEGER DEFAULT 0")
    table, _ = create_soup(db, 3, "big", [("Id", "string")])
    db.execute("UPDATE soup_attrs SET externalStorage = 1 WHERE id = 3")
    for entry_id in (1, 2, 3):
        db.execute(f"INSERT INTO {table} (id, soup, created, lastModified, {table}_0) VALUES (?, NULL, ?, ?, ?)",
                   (entry_id, 1_700_000_000_000 + entry_id, 1_700_000_000_000 + entry_id, f"001BIG{entry_id}"))
db.close()
record("sdk10-external.db", mobile_sdk)


def external_entry(entry_id, size):
    """An externally stored entry's text as the SDK writes it: compact JSON with `/` escaped
    (NSJSONSerialization, JSONObject.toString()), padded to `size` bytes."""
    entry = {"Id": f"001BIG{entry_id}", "_soupEntryId": entry_id, "_soupLastModifiedDate": 1_700_000_000_000 + entry_id,
             "attributes": {"type": "Account", "url": f"/services/data/v62.0/sobjects/Account/001BIG{entry_id}"},
             "Name": "Big café \U0001F680", "Body": ""}
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/")
    entry["Body"] = "x" * (size - len(text.encode()))
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/")
    assert len(text.encode()) == size
    return text.encode()


# The entry files of the external soup (TABLE_3), as each platform's SDK 9.2/8.2 to 10.x wrote
# them, keyed with the store's 32 key bytes (iOS: its store key; Android: its key text, decoded):
# - iOS (SFSDKEncryptStream): 512-byte pieces, each AES-256-GCM sealed as nonce, text, tag;
# - Android (Encryptor): base64 text, 76 to a line, of IV, AES-256-GCM text and tag, the IV also
#   authenticated as additional data.
# One entry is exactly two pieces long, the others not a whole number of pieces. The third was
# written on Android before 8.2 and never rewritten: base64 text of a 16-byte IV and AES-256-CBC
# text with PKCS#7 padding (8.2 and later still read such files).
from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
STORE_KEY = base64.b64decode(PASSPHRASE)
external = {}
for entry_id, size in [(1, 1300), (2, 1024), (3, 700)]:
    text = external_entry(entry_id, size)
    external[str(entry_id)] = text.decode()
    rng = random.Random(entry_id)
    pieces = b""
    for start in range(0, len(text), 512):
        nonce = bytes(rng.randrange(256) for _ in range(12))
        pieces += nonce + AESGCM(STORE_KEY).encrypt(nonce, text[start:start + 512], None)
    iv = bytes(rng.randrange(256) for _ in range(12))
    sealed = base64.encodebytes(iv + AESGCM(STORE_KEY).encrypt(iv, text, iv))
    if entry_id == 3:
        iv = bytes(rng.randrange(256) for _ in range(16))
        padder = padding.PKCS7(128).padder()
        encryptor = Cipher(algorithms.AES(STORE_KEY), modes.CBC(iv)).encryptor()
        sealed = base64.encodebytes(iv + encryptor.update(padder.update(text) + padder.finalize()) + encryptor.finalize())
    for platform, content in [("ios", pieces), ("android", sealed)]:
        blob = folder / f"{platform}-external-blobs" / "TABLE_3" / f"soupelt_{entry_id}"
        blob.parent.mkdir(parents=True, exist_ok=True)
        blob.write_bytes(content)
expected["externalEntries"] = external

# An SDK 7 store an app never opened with SDK 8 or later: SQLCipher 3 with its defaults
# (`cipher_default_compatibility = 3`: 1,024-byte pages, PBKDF2-HMAC-SHA1 over 64,000 rounds,
# HMAC-SHA1), syncs_soup indexed by strings.
path = folder / "sdk7-sqlcipher3.db"
remove(path)
db = connect(path, [("key", PASSPHRASE)], version=3)
build(db, count=30, sync_index_type="string")
db.close()
record("sdk7-sqlcipher3.db", [("key", PASSPHRASE)], version=3)

# A hostile store: an entry under the highest id SQLite allows, which no soup can take (the next
# id would not exist).
path = folder / "odd-ids.db"
remove(path)
db = connect(path, mobile_sdk)
build(db, count=5)
with db:
    db.execute("INSERT INTO TABLE_1 (id, soup, created, lastModified) VALUES (9223372036854775807, '{}', 0, 0)")
db.close()

# Committed changes left in the log: copied while the writer still has the store open.
path, scratch = folder / "wal.db", folder / "wal-scratch.db"
remove(path)
remove(scratch)
db = connect(scratch, mobile_sdk)
db.pragma("journal_mode", "wal")
db.pragma("wal_autocheckpoint", 0)
build(db, count=120)
with db:
    db.execute("UPDATE TABLE_1 SET soup = json_set(soup, '$.Name', 'Changed in the log') WHERE id = 5")
    db.execute("DELETE FROM TABLE_1 WHERE id = 6")
shutil.copyfile(scratch, path)
shutil.copyfile(str(scratch) + "-wal", str(path) + "-wal")
db.close()
remove(scratch)
# Read from a copy: opening the store itself would checkpoint the log into it.
shutil.copyfile(path, scratch)
shutil.copyfile(str(path) + "-wal", str(scratch) + "-wal")
db = connect(scratch, mobile_sdk)
expected["files"]["wal.db"] = dump(db)
db.close()
remove(scratch)


def check_macs(path, secret, iterations, salt=None, plain_header=False, version=4):
    """Checks every page's HMAC as SQLCipher's format is published (version 4: HMAC-SHA512 over
    4,096-byte pages keeping 80 bytes; version 3: HMAC-SHA1 over 1,024-byte pages keeping 48):
    SQLite3 Multiple Ciphers' legacy modes must write what SQLCipher writes, or the fixtures
    prove nothing."""
    data = open(path, "rb").read()
    salt = salt or data[:16]
    digest_name, page_size, reserve, mac_size = ("sha512", 4096, 80, 64) if version == 4 else ("sha1", 1024, 48, 20)
    key = secret if iterations is None else hashlib.pbkdf2_hmac(digest_name, secret, salt, iterations, 32)
    mac_key = hashlib.pbkdf2_hmac(digest_name, key, bytes(b ^ 0x3A for b in salt), 2, 32)
    usable = page_size - reserve
    for index in range(len(data) // page_size):
        page = data[index * page_size:(index + 1) * page_size]
        start = (32 if plain_header else 16) if index == 0 else 0
        digest = hmac.new(mac_key, page[start:usable + 16] + (index + 1).to_bytes(4, "little"), digest_name).digest()
        assert hmac.compare_digest(digest, page[usable + 16:usable + 16 + mac_size]), \
            f"{path}: page {index + 1} does not follow SQLCipher {version}'s format"


check_macs(folder / "passphrase.db", PASSPHRASE.encode(), 4000)
check_macs(folder / "plaintext-header.db", RAW_KEY, None, SALT, plain_header=True)
check_macs(folder / "raw-key.db", RAW_KEY, None)
check_macs(folder / "sdk7-sqlcipher3.db", PASSPHRASE.encode(), 64000, version=3)
(folder / "expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1) + "\n")
print(f"wrote {sorted(p.name for p in folder.iterdir())}")
