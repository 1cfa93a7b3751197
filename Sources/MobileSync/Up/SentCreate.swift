import Foundation
import SalesforceCore

/// A create a sync up sent and whose answer is not saved yet. It is kept in the sync's state,
/// saved before the request goes out and removed by the write-back that saves the answer, so a
/// run that finds one left (the app was killed, or the answer was lost on the network) knows
/// the server may have made that record and looks for it before creating it again.
struct SentCreate: Sendable, Hashable {
    /// The local record a create was sent for: a tree's sync up writes several soups.
    struct Key: Sendable, Hashable, Comparable {
        var soup: String
        var entryId: Int64

        /// `soup/entryId`, as the state stores it.
        var text: String { "\(soup)/\(entryId)" }

        init(soup: String, entryId: Int64) {
            self.soup = soup
            self.entryId = entryId
        }

        /// A key as stored; a bare entry id (a state saved before trees were kept) is of `defaultSoup`.
        init?(text: String, defaultSoup: String) {
            guard let slash = text.lastIndex(of: "/") else {
                guard let entryId = Int64(text) else { return nil }
                self.init(soup: defaultSoup, entryId: entryId)
                return
            }
            guard let entryId = Int64(text[text.index(after: slash)...]) else { return nil }
            self.init(soup: String(text[..<slash]), entryId: entryId)
        }

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.soup, lhs.entryId) < (rhs.soup, rhs.entryId) }
    }

    /// The object type created.
    var objectType: String
    /// The fields sent.
    var fields: [String: JSON]
    /// When it was sent, in ms since 1970 by this device's clock.
    var sentAt: Int64

    /// `{"type", "fields", "sentAt"}`, as the state stores it.
    var json: JSON {
        ["type": .string(objectType), "fields": .object(fields), "sentAt": .integer(sentAt)]
    }

    init(objectType: String, fields: [String: JSON], sentAt: Int64) {
        self.objectType = objectType
        self.fields = fields
        self.sentAt = sentAt
    }

    /// The create as stored, or nil for anything else.
    init?(json: JSON) {
        guard let type = json["type"]?.stringValue, let fields = json["fields"]?.objectValue, let sentAt = json["sentAt"]?.integerValue
        else { return nil }
        self.init(objectType: type, fields: fields, sentAt: sentAt)
    }
}

extension SyncState {
    /// Keeps the creates among `items` (records of `soup`) as sent, before they go; returns
    /// whether there was one. An upsert by an external id is safe to send twice: it needs none.
    mutating func recordSentCreates(_ items: [SyncUpItem], soup: String) -> Bool {
        let now = Date().millisecondsSince1970
        var recorded = false
        for item in items {
            guard case .create(let fields) = item.action, item.externalId == nil else { continue }
            sentCreates[SentCreate.Key(soup: soup, entryId: item.entryId)] = SentCreate(
                objectType: item.objectType, fields: fields, sentAt: now)
            recorded = true
        }
        return recorded
    }
}
