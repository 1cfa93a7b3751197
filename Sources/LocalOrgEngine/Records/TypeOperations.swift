import SalesforceCore

/// What clients may do with a type's records, as its describe says: nobody creates an
/// Organization, or deletes a RecordType, through the API.
enum TypeOperations {
    enum Operation: String {
        case create = "createable"
        case update = "updateable"
        case delete = "deletable"
    }

    /// Refuses an operation the type's describe does not allow, with Salesforce's error.
    static func check(_ operation: Operation, on type: SObjectType) throws(APIError) {
        guard type.describeKeys[operation.rawValue]?.boolValue == false else { return }
        switch operation {
        case .create:
            throw APIError(
                status: 400, errorCode: "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY", message: "entity type cannot be inserted: \(type.label)")
        case .update:
            throw APIError(
                status: 400, errorCode: "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY", message: "entity type cannot be updated: \(type.label)")
        case .delete:
            throw APIError(status: 400, errorCode: "INVALID_TYPE_FOR_OPERATION", message: "entity type cannot be deleted")
        }
    }
}
