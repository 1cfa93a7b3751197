import GRDB

extension Database {
    /// Runs `body` in a savepoint: kept when it returns, rolled back when it throws, so a
    /// failed record or subrequest leaves nothing half-written. The error comes back as the
    /// API error it answers with.
    func attempt<T>(_ body: () throws -> T) -> Result<T, APIError> {
        guard isInsideTransaction else { return attemptInNewSavepoint(body) }
        // Inside the request's transaction (always, in LocalOrg) the savepoint's statements are
        // prepared once: GRDB's `inSavepoint` compiles them for every record of a collection.
        do {
            try executeCached(sql: "SAVEPOINT lo_attempt")
        } catch {
            return .failure(APIError.from(error))
        }
        do {
            let value = try body()
            try executeCached(sql: "RELEASE SAVEPOINT lo_attempt")
            return .success(value)
        } catch {
            do {
                try executeCached(sql: "ROLLBACK TO SAVEPOINT lo_attempt")
                try executeCached(sql: "RELEASE SAVEPOINT lo_attempt")
            } catch let rollbackError {
                return .failure(APIError.from(rollbackError))
            }
            return .failure(APIError.from(error))
        }
    }

    private func attemptInNewSavepoint<T>(_ body: () throws -> T) -> Result<T, APIError> {
        var outcome: Result<T, APIError> = .failure(APIError.notFound)
        do {
            try inSavepoint {
                do {
                    outcome = .success(try body())
                    return .commit
                } catch {
                    outcome = .failure(APIError.from(error))
                    return .rollback
                }
            }
        } catch {
            outcome = .failure(APIError.from(error))
        }
        return outcome
    }

    /// Runs a collection's records in one savepoint; with `allOrNone` it is kept only when
    /// every record succeeded.
    func collection(allOrNone: Bool, _ body: () throws -> [CollectionOutcome]) throws -> [CollectionOutcome] {
        var result: [CollectionOutcome]?
        try inSavepoint {
            let outcomes = try body()
            result = outcomes
            return !allOrNone || outcomes.allSatisfy(\.succeeded) ? .commit : .rollback
        }
        guard let result else { throw APIError.from(CancellationError()) }
        return result
    }
}
