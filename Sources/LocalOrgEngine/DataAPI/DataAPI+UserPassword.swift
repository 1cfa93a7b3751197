import GRDB
import SalesforceCore

/// `sobjects/User/<id>/password`: a user's password expiry (GET), set (POST `{"NewPassword"}`,
/// 204) or reset to a generated one (DELETE, which answers it), as the REST API's sObject User
/// Password resource does. Administrators manage anyone's; a user only their own.
extension DataAPI {
    func userPassword(_ call: RestCall, userID target: String) throws(APIError) -> ResolvedCall {
        guard let id = RecordID.normalized(target), id.hasPrefix("005") else { throw APIError.notFound }
        switch call.method {
        case "GET", "HEAD":
            return .read { db in
                try checkPasswordAccess(to: id, db: db)
                return .json(["isExpired": false])
            }
        case "POST":
            let body = try call.requiredJSON()
            guard let password = body["NewPassword"]?.stringValue else {
                throw APIError(status: 400, errorCode: "JSON_PARSER_ERROR", message: "Give the new password as {\"NewPassword\": \"…\"}.")
            }
            try Self.checkPolicy(password)
            return .write { db in
                try checkPasswordAccess(to: id, db: db)
                try PasswordHash.store(password, userID: id, db: db)
                return .noContent
            }
        case "DELETE":
            return .write { db in
                try checkPasswordAccess(to: id, db: db)
                let generated = RandomText.make(length: 12) + "7"
                try PasswordHash.store(generated, userID: id, db: db)
                return .json(["NewPassword": .string(generated)])
            }
        default:
            throw APIError.methodNotAllowed(call.method, allowed: ["GET", "HEAD", "POST", "DELETE"])
        }
    }

    /// The user exists, and the caller is them or an administrator.
    private func checkPasswordAccess(to id: String, db: Database) throws {
        guard try String.fetchOne(db, sql: #"SELECT "Id" FROM "User" WHERE "Id" = ?"#, arguments: [id]) != nil else {
            throw APIError.notFound
        }
        let isAdministrator = try UserManagement.isAdministrator(userID, db: db)
        guard id == userID || isAdministrator else {
            throw APIError(status: 403, errorCode: "INSUFFICIENT_ACCESS", message: "You do not have permission to view this record.")
        }
    }

    /// The org's password policy, Salesforce's default: eight characters at least, letters and numbers.
    private static func checkPolicy(_ password: String) throws(APIError) {
        guard password.count >= 8, password.contains(where: \.isLetter), password.contains(where: \.isNumber) else {
            throw APIError(
                status: 400, errorCode: "INVALID_NEW_PASSWORD",
                message: "Your password must be at least 8 characters long and have a mix of letters and numbers.")
        }
    }
}
