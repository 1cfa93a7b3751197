public import Foundation

/// What commands take from their surroundings, replaceable per task so tests can run them
/// in-process: the state folder, the environment variables and how a login page is opened.
public enum CLIEnvironment {
    /// The environment variables commands read (`FORCEKIT_HOME`, `HOME`, `SSL_CERT_FILE`,
    /// `FORCEKIT_CLIENT_ID`), instead of the process's.
    @TaskLocal public static var variables: [String: String] = ProcessInfo.processInfo.environment

    /// The folder accounts are kept in, instead of `$FORCEKIT_HOME` or `~/.forcekit`.
    @TaskLocal public static var home: URL?

    /// Opens a login page for `forcekit login --browser`: prints the URL and starts the system browser.
    @TaskLocal public static var openBrowser: @Sendable (URL) async -> Void = { url in
        Console.printError("Opening your browser to log in. If it does not open, visit:\n  \(url.absoluteString)")
        SystemBrowser.open(url)
    }
}
