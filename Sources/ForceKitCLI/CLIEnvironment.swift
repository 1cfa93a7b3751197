public import Foundation

/// What commands take from their surroundings, replaceable per task so tests can run them
/// in-process: the state folder, the environment variables and how a login page is opened.
public enum CLIEnvironment {
    /// The environment variables commands read (`FORCEKIT_HOME`, `HOME`, `SSL_CERT_FILE`,
    /// `FORCEKIT_CLIENT_ID`), instead of the process's.
    @TaskLocal public static var variables: [String: String] = ProcessInfo.processInfo.environment

    /// The folder accounts are kept in, instead of `$FORCEKIT_HOME` or `~/.forcekit`.
    @TaskLocal public static var home: URL?

    /// Opens a page in the user's browser (`login --browser`'s login page, `org open`'s console): prints
    /// the URL, so it can be opened by hand when no browser starts, and starts the system browser.
    @TaskLocal public static var openBrowser: @Sendable (URL) async -> Void = { url in
        Console.printError("Opening your browser. If it does not open, visit:\n  \(url.absoluteString)")
        SystemBrowser.open(url)
    }
}
