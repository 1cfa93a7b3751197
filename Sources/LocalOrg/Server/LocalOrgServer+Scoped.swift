extension LocalOrgServer {
    /// Runs `body` with a LocalOrg started from `configuration`, and stops it when `body` returns
    /// or throws (or its task is cancelled): a tool, a benchmark or a test never leaves a server
    /// running, and never stops one from an unawaited task.
    ///
    /// ```swift
    /// try await LocalOrgServer.withRunning(LocalOrgConfiguration()) { org in
    ///     print(org.credentials.instanceURL)
    /// }
    /// ```
    public static func withRunning<T>(
        _ configuration: LocalOrgConfiguration, _ body: (LocalOrgServer) async throws -> T
    ) async throws -> T {
        try await scoped(try await start(configuration), body)
    }

    /// Runs `body` with an org opened in process (``startInProcess(_:)``, no socket), and stops
    /// it when `body` returns or throws, as ``withRunning(_:_:)`` does a server.
    package static func withRunningInProcess<T>(
        _ configuration: LocalOrgConfiguration, _ body: (LocalOrgServer) async throws -> T
    ) async throws -> T {
        try await scoped(try await startInProcess(configuration), body)
    }

    private static func scoped<T>(_ server: LocalOrgServer, _ body: (LocalOrgServer) async throws -> T) async throws -> T {
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
