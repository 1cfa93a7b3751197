import Foundation
import SalesforceCore

/// The identity service's answer (`GET /id/<orgId>/<userId>`) and OpenID Connect's
/// `userinfo`, built from a User record.
enum IdentityDocument {
    private static func text(_ name: String, of user: SObjectRecord) -> JSON {
        user[name].flatMap(\.stringValue).map(JSON.string) ?? .null
    }

    private static func photos(baseURL: String) -> JSON {
        ["picture": .string("\(baseURL)/profilephoto/005/F"), "thumbnail": .string("\(baseURL)/profilephoto/005/T")]
    }

    static func identity(user: SObjectRecord, baseURL: String, organizationID: String, asserted: Bool, app: ConnectedApp?, scope: String)
        -> JSON
    {
        func text(_ name: String) -> JSON { Self.text(name, of: user) }
        let userID = user["Id"]?.stringValue ?? ""
        let rest = "\(baseURL)/services/data/v{version}/"
        var document: [String: JSON] = [
            "id": .string("\(baseURL)/id/\(organizationID)/\(userID)"),
            "asserted_user": .bool(asserted),
            "user_id": .string(userID),
            "organization_id": .string(organizationID),
            "username": text("Username"),
            "nick_name": text("CommunityNickname"),
            "display_name": text("Name"),
            "email": text("Email"),
            "email_verified": true,
            "first_name": text("FirstName"),
            "last_name": text("LastName"),
            "timezone": text("TimeZoneSidKey"),
            "photos": photos(baseURL: baseURL),
            "addr_street": .null, "addr_city": .null, "addr_state": .null, "addr_country": .null, "addr_zip": .null,
            "mobile_phone": text("MobilePhone"),
            "mobile_phone_verified": false,
            "status": ["created_date": .null, "body": .null],
            "urls": [
                "enterprise": .string("\(baseURL)/services/Soap/c/{version}/\(organizationID)"),
                "metadata": .string("\(baseURL)/services/Soap/m/{version}/\(organizationID)"),
                "partner": .string("\(baseURL)/services/Soap/u/{version}/\(organizationID)"),
                "rest": .string(rest),
                "sobjects": .string(rest + "sobjects/"),
                "search": .string(rest + "search/"),
                "query": .string(rest + "query/"),
                "recent": .string(rest + "recent/"),
                "profile": .string("\(baseURL)/\(userID)"),
                "feeds": .string(rest + "chatter/feeds"),
                "groups": .string(rest + "chatter/groups"),
                "users": .string(rest + "chatter/users"),
                "feed_items": .string(rest + "chatter/feed-items"),
                "feed_elements": .string(rest + "chatter/feed-elements"),
                "tooling_soap": .string("\(baseURL)/services/Soap/T/{version}/\(organizationID)"),
                "tooling_rest": .string(rest + "tooling/"),
                // LocalOrg's URL is the org's own domain, as a My Domain is a real org's.
                "custom_domain": .string(baseURL),
            ],
            "is_lightning_login_user": false,
            "active": .bool(user["IsActive"] == .bool(true)),
            "user_type": .string("STANDARD"),
            "language": text("LanguageLocaleKey"),
            "locale": text("LocaleSidKey"),
            "utcOffset": -28_800_000,
            "last_modified_date": text("LastModifiedDate"),
            "push_service_type": ["apple", "androidGcm"],
        ]
        if let app {
            document["is_app_installed"] = true
            if app.pinLength > 0 || app.screenLockMinutes > 0 {
                document["mobile_policy"] = [
                    "screen_lock": .integer(Int64(app.screenLockMinutes)), "pin_length": .integer(Int64(app.pinLength)),
                ]
            }
            if scope.split(atScalars: [" "]).contains("custom_permissions") {
                document["custom_permissions"] = ["ForceKit.LocalOrg": true]
            }
            document["custom_attributes"] = ["BIOMETRIC_UNLOCK": "true"]
        }
        return .object(document)
    }

    static func userInfo(user: SObjectRecord, baseURL: String, organizationID: String) -> JSON {
        func text(_ name: String) -> JSON { Self.text(name, of: user) }
        let userID = user["Id"]?.stringValue ?? ""
        return [
            "sub": .string("\(baseURL)/id/\(organizationID)/\(userID)"),
            "user_id": .string(userID),
            "organization_id": .string(organizationID),
            "preferred_username": text("Username"),
            "nickname": text("CommunityNickname"),
            "name": text("Name"),
            "email": text("Email"),
            "email_verified": true,
            "given_name": text("FirstName"),
            "family_name": text("LastName"),
            "zoneinfo": text("TimeZoneSidKey"),
            "photos": photos(baseURL: baseURL),
            "active": .bool(user["IsActive"] == .bool(true)),
            "user_type": "STANDARD",
            "language": text("LanguageLocaleKey"),
            "locale": text("LocaleSidKey"),
            "utcOffset": -28_800_000,
            "updated_at": text("LastModifiedDate"),
        ]
    }
}
