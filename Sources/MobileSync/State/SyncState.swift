public import SalesforceCore

/// One sync: what it syncs and how its last run went, as kept in the store's `syncs_soup`.
///
/// The JSON form has exactly the SDK's keys, so a state written by the iOS or Android SDK reads
/// here and the other way round; ForceKit adds the resume point of sync down
/// (``cursorId``) and the outcome counts (``recordsSynced``, ``recordsFailed``,
/// ``recordsConflicted``), which the SDKs ignore.
public struct SyncState: Sendable, Hashable {
    /// The sync's id: its entry id in `syncs_soup`.
    public var id: Int64
    /// Down or up.
    public var type: SyncType
    /// Its name, unique in the store, if it has one.
    public var name: String?
    /// What it syncs, as JSON: the target's `type` and settings.
    public var target: JSON
    /// Merge mode and field list.
    public var options: SyncOptions
    /// The soup it syncs.
    public var soupName: String
    /// Where it is in its life.
    public var status: SyncStatus
    /// Percent done, 0 to 100.
    public var progress: Int
    /// The records expected: the server's count for sync down, the local changes for sync up;
    /// -1 until known.
    public var totalSize: Int
    /// Sync down: the modification stamp (ms since 1970) of the last record saved in cursor
    /// order; -1 before any. With ``cursorId`` it is where the next run resumes.
    public var maxTimeStamp: Int64
    /// Sync down: the id of the last record saved at ``maxTimeStamp``, so that records sharing
    /// that stamp are neither skipped nor fetched again.
    public var cursorId: String?
    /// Sync down of a tree of related records: the cursor of each object under the root, by
    /// the object types' path from the root (`Account/Contact`); the root's is ``maxTimeStamp``
    /// and ``cursorId``. Each object's cursor follows its own records only.
    public var relatedCursors: [String: SyncCursor] = [:]
    /// When the last run started (ms since 1970), 0 before any.
    public var startTime: Int64
    /// When the last run ended (ms since 1970), 0 while running or before any.
    public var endTime: Int64
    /// Why the last run failed; empty otherwise.
    public var error: String
    /// Records the last run saved (down) or wrote to the server (up).
    public var recordsSynced: Int
    /// Records the last run could not sync; each keeps its error in `__last_error__`.
    public var recordsFailed: Int
    /// Records the last run left alone because they changed on both sides; ``SyncManager/conflicts(inSoup:idFieldName:)`` lists them.
    public var recordsConflicted: Int
    /// Records a sync up found already created on the server when it resumed after a run whose
    /// answers were lost (the app was killed, or the network dropped), and linked to their local
    /// records instead of creating them again.
    public var recordsReconciled = 0
    /// The creates sent whose answers are not saved yet, by the record they were sent for.
    var sentCreates: [SentCreate.Key: SentCreate] = [:]
    /// The user of the org the sync was made for (nil for a state an SDK or an earlier ForceKit
    /// wrote, which the first account to run it adopts). A sync runs only as its owner: run as
    /// another account, a re-sync would mix two orgs' records in its soup and a ghost cleaning
    /// would remove every record the other org does not have. Kept under ForceKit's own key
    /// (`forcekitOwner`), which the SDK ignores.
    public var owner: UserIdentity?

    /// A new state, as `createSyncDown` and `createSyncUp` make it.
    init(id: Int64, type: SyncType, name: String?, target: JSON, options: SyncOptions, soupName: String) {
        self.id = id
        self.type = type
        self.name = name
        self.target = target
        self.options = options
        self.soupName = soupName
        status = .new
        progress = 0
        totalSize = -1
        maxTimeStamp = -1
        startTime = 0
        endTime = 0
        error = ""
        recordsSynced = 0
        recordsFailed = 0
        recordsConflicted = 0
    }

    /// Whether the last run ended with every record synced.
    public var isDoneWithoutFailures: Bool { status == .done && recordsFailed == 0 && recordsConflicted == 0 }

    /// The state as stored, with the SDK's keys; `name`, `cursorId`, `relatedCursors`,
    /// `recordsReconciled` and the creates awaiting their answers only when set.
    public var json: JSON {
        var members: [String: JSON] = [
            "_soupEntryId": .integer(id), "type": .string(type.rawValue), "target": target, "options": options.json,
            "soupName": .string(soupName), "status": .string(status.rawValue), "progress": .integer(Int64(progress)),
            "totalSize": .integer(Int64(totalSize)), "maxTimeStamp": .integer(maxTimeStamp), "startTime": .integer(startTime),
            "endTime": .integer(endTime), "error": .string(error), "recordsSynced": .integer(Int64(recordsSynced)),
            "recordsFailed": .integer(Int64(recordsFailed)), "recordsConflicted": .integer(Int64(recordsConflicted)),
        ]
        if let name { members["name"] = .string(name) }
        if let cursorId { members["cursorId"] = .string(cursorId) }
        if recordsReconciled > 0 { members["recordsReconciled"] = .integer(Int64(recordsReconciled)) }
        if let owner { members[Self.ownerKey] = ["orgId": .string(owner.orgID.id18), "userId": .string(owner.userID.id18)] }
        if !sentCreates.isEmpty {
            members["sentCreates"] = .object(Dictionary(uniqueKeysWithValues: sentCreates.map { ($0.key.text, $0.value.json) }))
        }
        if !relatedCursors.isEmpty {
            members["relatedCursors"] = .object(
                relatedCursors.mapValues { cursor in
                    var entry: [String: JSON] = ["maxTimeStamp": .integer(cursor.stamp)]
                    if let id = cursor.id { entry["cursorId"] = .string(id) }
                    return .object(entry)
                })
        }
        return .object(members)
    }

    /// A state read from its JSON, as ForceKit or an SDK wrote it.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` naming the key that is missing or wrong.
    public init(json: JSON) throws(SyncError) {
        guard json.objectValue != nil else { throw .invalidConfiguration("a sync state must be a JSON object") }
        func integer(_ key: String, default value: Int64? = nil) throws(SyncError) -> Int64 {
            if let number = json[key]?.integerValue ?? json[key]?.doubleValue.flatMap({ Int64(exactly: $0.rounded()) }) {
                return number
            }
            guard let value else { throw .invalidConfiguration("the sync state has no number \"\(key)\"") }
            return value
        }
        func clamped(_ value: Int64) -> Int { Int(clamping: value) }
        id = try integer("_soupEntryId")
        guard let typeName = json["type"]?.stringValue, let type = SyncType(rawValue: typeName) else {
            throw .invalidConfiguration("the sync state's \"type\" must be syncDown or syncUp")
        }
        self.type = type
        name = json["name"]?.stringValue
        guard let target = json["target"], target.objectValue != nil || target.isNull else {
            throw .invalidConfiguration("the sync state's \"target\" must be an object")
        }
        self.target = target
        options = try SyncOptions(json: json["options"])
        guard let soupName = json["soupName"]?.stringValue else { throw .invalidConfiguration("the sync state has no \"soupName\"") }
        self.soupName = soupName
        guard let statusName = json["status"]?.stringValue, let status = SyncStatus(rawValue: statusName) else {
            throw .invalidConfiguration("the sync state's \"status\" must be NEW, RUNNING, DONE, FAILED or STOPPED")
        }
        self.status = status
        progress = clamped(try integer("progress", default: 0))
        totalSize = clamped(try integer("totalSize", default: -1))
        maxTimeStamp = try integer("maxTimeStamp", default: -1)
        cursorId = json["cursorId"]?.stringValue
        for (path, entry) in json["relatedCursors"]?.objectValue ?? [:] {
            guard let stamp = entry["maxTimeStamp"]?.integerValue else { continue }
            relatedCursors[path] = SyncCursor(stamp: stamp, id: entry["cursorId"]?.stringValue)
        }
        startTime = try integer("startTime", default: 0)
        endTime = try integer("endTime", default: 0)
        error = json["error"]?.stringValue ?? ""
        recordsSynced = clamped(try integer("recordsSynced", default: 0))
        recordsFailed = clamped(try integer("recordsFailed", default: 0))
        recordsConflicted = clamped(try integer("recordsConflicted", default: 0))
        recordsReconciled = clamped(try integer("recordsReconciled", default: 0))
        for (key, sent) in json["sentCreates"]?.objectValue ?? [:] {
            guard let key = SentCreate.Key(text: key, defaultSoup: soupName), let create = SentCreate(json: sent) else { continue }
            sentCreates[key] = create
        }
        if let orgID = json[Self.ownerKey]?["orgId"]?.stringValue, let userID = json[Self.ownerKey]?["userId"]?.stringValue {
            owner = try? UserIdentity(orgID: orgID, userID: userID)
        }
    }

    /// The key of ``owner`` in the state's JSON.
    static let ownerKey = "forcekitOwner"
}
