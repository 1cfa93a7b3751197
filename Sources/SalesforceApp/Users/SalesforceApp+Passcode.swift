import Foundation
public import SalesforceAuth

// The app's passcode lock over every signed-in user.
extension SalesforceApp {
    // MARK: - The passcode lock

    /// The app's passcode lock, made on first use and kept in `directory/passcode`: its policy
    /// is the strictest of the signed-in users' (updated at each login and logout), and too many
    /// wrong passcodes log every user out, removing all their data, as the SDK does.
    /// - Throws: ``AppError/Code/account`` when the saved lock cannot be read.
    public func passcodeLock() async throws(AppError) -> PasscodeLock {
        if let lock { return lock }
        let made: PasscodeLock
        do {
            made = try await PasscodeLock(file: directory.appendingPathComponent("passcode"), keyStore: keys) { [weak self] in
                await self?.logOutEveryone()
            }
        } catch {
            throw AppError(code: .account, message: error.message, recoverySuggestion: error.recoverySuggestion)
        }
        // Another caller may have made it while this one waited.
        if let lock { return lock }
        lock = made
        await made.apply(await accounts.passcodePolicy)
        return made
    }

    private func logOutEveryone() async {
        for account in await accounts.accounts { await logOut(account.identity) }
    }
}
