import LocalOrgEngine
import Testing

/// A store failure reaches a client as Salesforce's UNKNOWN_EXCEPTION with an error id, never
/// with the store's own words: those name tables and carry SQL.
@Suite("Store failures as API errors")
struct StoreFailureTests {
    private struct StoreFailure: Error, CustomStringConvertible {
        let description =
            #"SQLite error 1: Expression tree is too large (maximum depth 1000) - while executing `SELECT "token" FROM lo_access_token WHERE …`"#
    }

    @Test("the answer is a 500 with an error id and no SQL, table or store message")
    func hidesTheStore() {
        let error = APIError.from(StoreFailure())
        #expect(error.status == 500 && error.errorCode == "UNKNOWN_EXCEPTION")
        #expect(error.message.hasPrefix("An unexpected error occurred. Please include this ErrorId if you contact support: "))
        for leaked in ["SELECT", "lo_access_token", "SQLite", "Expression tree"] { #expect(!error.message.contains(leaked), "\(leaked)") }
        #expect(APIError.from(StoreFailure()).message != error.message, "each failure has its own id")
    }

    @Test("a request cancelled as the server stops is no store failure: a 503, with no error id to log")
    func cancelledRequest() {
        let error = APIError.from(CancellationError())
        #expect(error.status == 503 && error.errorCode == "SERVER_UNAVAILABLE", "\(error)")
        #expect(!error.message.contains("ErrorId"))
    }
}
