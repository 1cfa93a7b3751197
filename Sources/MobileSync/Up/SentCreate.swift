import Foundation
import SalesforceCore

/// A create a sync up sent and whose answer is not saved yet. It is kept in the sync's state,
/// saved before the request goes out and removed by the write-back that saves the answer, so a
/// run that finds one left (the app was killed, or the answer was lost on the network) knows
/// the server may have made that record and looks for it before creating it again.
struct SentCreate: Sendable, Hashable {
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
