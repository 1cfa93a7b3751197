import SOQL

/// The errors a query can get, worded and shaped as Salesforce's: the statement, a caret
/// under the place, `ERROR at Row:r:Column:c` and the reason.
struct QueryErrors {
    let source: String

    func error(_ code: String, _ reason: String, at position: SOQLPosition) -> APIError {
        APIError(status: 400, errorCode: code, message: SOQLSyntaxError(reason: reason, position: position, source: source).message)
    }

    func malformed(_ reason: String, at position: SOQLPosition) -> APIError {
        error("MALFORMED_QUERY", reason, at: position)
    }

    func noSuchColumn(_ name: String, on type: String, at position: SOQLPosition) -> APIError {
        error(
            "INVALID_FIELD",
            "No such column '\(name)' on entity '\(type)'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.",
            at: position)
    }

    func noSuchRelationship(_ name: String, on type: String, at position: SOQLPosition) -> APIError {
        error(
            "INVALID_FIELD",
            "Didn't understand relationship '\(name)' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.",
            at: position)
    }

    func invalidType(_ name: String, at position: SOQLPosition) -> APIError {
        error(
            "INVALID_TYPE",
            "sObject type '\(name)' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.",
            at: position)
    }

    func filterType(_ field: SObjectField, expected: String, quoted: Bool, at position: SOQLPosition) -> APIError {
        error(
            "INVALID_QUERY_FILTER_OPERATOR",
            "value of filter criterion for field '\(field.name)' must be of type \(expected) and should \(quoted ? "" : "not ")be enclosed in quotes",
            at: position)
    }
}

extension QueryErrors {
    /// Two items of a SELECT would give a record the same key.
    func duplicateField(_ name: String) -> APIError {
        APIError(status: 400, errorCode: "INVALID_FIELD", message: "duplicate field selected: \(name)")
    }
}
