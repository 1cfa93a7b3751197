import SalesforceCore

/// A command-line input the command cannot use.
struct CLIInputError: ForceKitError {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
