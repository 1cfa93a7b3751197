/// Why a string is not a Salesforce id.
public enum SalesforceIDError: ForceKitError, Equatable {
    /// The id is neither 15 nor 18 characters long.
    case wrongLength(id: String, length: Int)
    /// The id contains a character outside `A–Z`, `a–z` and `0–9`.
    case invalidCharacter(id: String, character: String, offset: Int)
    /// The last three characters of an 18-character id are not the checksum of the first 15.
    case checksumMismatch(id: String, expected: String)

    /// What is wrong with the id, quoting it.
    public var message: String {
        switch self {
        case .wrongLength(let id, let length):
            "'\(id)' is not a Salesforce id: it has \(length) characters, and an id has 15 or 18."
        case .invalidCharacter(let id, let character, let offset):
            "'\(id)' is not a Salesforce id: character \(offset + 1) ('\(character)') is not a letter or digit."
        case .checksumMismatch(let id, let expected):
            "'\(id)' is not a valid 18-character Salesforce id: its suffix should be '\(expected)'."
        }
    }

    /// Where to get a good id, or how to repair one whose case was lost.
    public var recoverySuggestion: String? {
        switch self {
        case .wrongLength, .invalidCharacter:
            "Copy the id again from the record's URL or the API response."
        case .checksumMismatch:
            "If the id passed through a system that changed its letter case, parse it with SalesforceID(restoringCaseOf:)."
        }
    }
}
