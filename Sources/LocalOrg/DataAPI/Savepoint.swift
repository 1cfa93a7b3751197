import GRDB

extension Database {
    /// Runs `body` in a savepoint: kept when it returns, rolled back when it throws, so a
    /// failed record or subrequest leaves nothing half-written. The error comes back as the
    /// API error it answers with.
    func attempt<T>(_ body: () throws -> T) -> Result<T, APIError> {
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

    /// Runs `body` in a savepoint that is kept only when `keep` says so after it ran.
    func keepingIf<T>(_ keep: (T) -> Bool, _ body: () throws -> T) throws -> T {
        var result: T?
        try inSavepoint {
            let value = try body()
            result = value
            return keep(value) ? .commit : .rollback
        }
        guard let result else { throw APIError.from(CancellationError()) }
        return result
    }
}
