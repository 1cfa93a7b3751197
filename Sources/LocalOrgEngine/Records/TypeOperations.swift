import SalesforceCore

/// What clients may do with a type's records, as its describe says: nobody creates an
/// Organization, or deletes a RecordType, through the API.
enum TypeOperations {
    enum Operation {
        case create, update, delete
    }

    /// Refuses an operation the type's describe does not allow, with Salesforce's error.
    static func check(_ operation: Operation, on type: SObjectType) throws(APIError) {
        switch operation {
        case .create:
            guard !type.isCreateable else { return }
            throw APIError(
                status: 400, errorCode: "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY", message: "entity type cannot be inserted: \(type.label)")
        case .update:
            guard !type.isUpdateable else { return }
            throw APIError(
                status: 400, errorCode: "CANNOT_INSERT_UPDATE_ACTIVATE_ENTITY", message: "entity type cannot be updated: \(type.label)")
        case .delete:
            guard !type.isDeletable else { return }
            throw APIError(status: 400, errorCode: "INVALID_TYPE_FOR_OPERATION", message: "entity type cannot be deleted")
        }
    }
}
