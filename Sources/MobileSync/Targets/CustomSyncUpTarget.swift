public import SalesforceCore
public import SalesforceREST

/// How a custom sync-up target writes: the app's own route to the server (an Apex REST
/// endpoint, another service), as the SDK's custom sync-up targets override `createOnServer`,
/// `updateOnServer` and `deleteOnServer`.
///
/// A custom target only writes. The sync up around it is the same as for every target: it reads
/// the dirty records, decides what each needs, keeps what the server took when a run is killed,
/// checks the server's modification dates under LEAVE_IF_CHANGED before an update or delete,
/// and writes the outcome back onto each record (flags, `__last_error__`, conflicts with the
/// server's copy, edits made meanwhile kept).
///
/// Register it by name, then name it in a ``SyncUpTarget`` (or in `usersyncs.json` as
/// `{"type": "custom", "swiftImpl": "ApexAccounts", …}`):
///
/// ```swift
/// struct ApexAccounts: CustomSyncUpTarget {
///     func createOnServer(_ objectType: String, fields: [String: JSON], context: SyncUpContext) async throws -> String {
///         let path = context.target.settings["path"]?.stringValue ?? "/services/apexrest/accounts"
///         let answer = try await context.client.send(RestRequest(method: .post, path: path, body: .object(fields)))
///         return try answer.json?["id"]?.stringValue ?? { throw MyError.noId }()
///     }
///     // updateOnServer and deleteOnServer alike
/// }
/// SyncTargetRegistry.registerUpTarget(named: "ApexAccounts") { _ in ApexAccounts() }
/// let target = SyncUpTarget.custom("ApexAccounts", settings: ["path": "/services/apexrest/accounts"])
/// ```
///
/// A method that throws a `RestError` with an HTTP answer fails that record with the server's
/// words (404 on an update: deleted on the server; 412: a conflict); any other error of the
/// app's fails the record with the error's description. A network failure ends the run, as it
/// does for the other targets, after what the server already took is written back.
public protocol CustomSyncUpTarget: Sendable {
    /// Creates a record on the server and returns its new id.
    func createOnServer(_ objectType: String, fields: [String: JSON], context: SyncUpContext) async throws -> String
    /// Updates the record `id` with `fields` (those changed since it came down).
    func updateOnServer(_ objectType: String, id: String, fields: [String: JSON], context: SyncUpContext) async throws
    /// Deletes the record `id`.
    func deleteOnServer(_ objectType: String, id: String, context: SyncUpContext) async throws
    /// The server's modification stamps of the records `ids` (ISO 8601, as Salesforce writes
    /// them), by id; a record missing from the answer is gone. LEAVE_IF_CHANGED compares them
    /// with each record's base, and the write-back saves them as the records' new stamps.
    /// The default reads the target's modification date field through SOQL.
    func modificationDates(_ objectType: String, ids: [String], context: SyncUpContext) async throws -> [String: JSON]
}

extension CustomSyncUpTarget {
    /// Reads the target's ``SyncUpTarget/modificationDateFieldName`` of the records through SOQL.
    public func modificationDates(_ objectType: String, ids: [String], context: SyncUpContext) async throws -> [String: JSON] {
        let target = context.target
        return try await ServerReads(client: context.client).stamps(
            of: [objectType: ids], idField: target.idFieldName, stampField: target.modificationDateFieldName)
    }
}

/// What a custom sync-up target works with.
public struct SyncUpContext: Sendable {
    /// The user's REST client.
    public let client: RestClient
    /// The target as configured: its field names and its ``SyncUpTarget/settings``.
    public let target: SyncUpTarget
}
