import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import SalesforceKeys
import Testing

@Suite("The passcode lock: the guide's lifecycle as state, driven by a clock and the app's lifecycle")
struct PasscodeLockTests {
    static let policy = PasscodePolicy(pinLength: 4, lockTimeout: .seconds(10 * 60))

    @Test("create, unlock, lock after the timeout in the background (not before), a wrong passcode counted, the right one unlocks")
    func lifecycle() async throws {
        let clock = MovableClock()
        let lock = try await PasscodeLock(file: nil, keyStore: InMemoryKeyStore(), clock: { clock.now }, wipe: {})
        #expect(await lock.state == .open)
        #expect(await lock.apply(Self.policy) == .createPasscode(length: 4))
        #expect(await lock.state == .creating(length: 4))
        await #expect(throws: PasscodeLockError.self) { try await lock.create("12") }
        try await lock.create("2468")
        #expect(await lock.state == .unlocked)

        await lock.didEnterBackground()
        clock.advance(by: 9 * 60)
        await lock.willEnterForeground()
        #expect(await lock.state == .unlocked, "nine idle minutes are within the ten the policy allows")
        await lock.recordActivity()
        await lock.didEnterBackground()
        clock.advance(by: 10 * 60 + 1)
        await lock.willEnterForeground()
        #expect(await lock.state == .locked)

        #expect(try await lock.unlock(with: "1357") == .wrongPasscode(remainingAttempts: 9))
        #expect(await lock.state == .locked)
        #expect(try await lock.unlock(with: "2468") == .unlocked)
        #expect(await lock.state == .unlocked)
        #expect(await lock.remainingAttempts == 10)
    }

    @Test("A saved lock starts locked, keeps its count of wrong passcodes across a restart, and holds no passcode in clear")
    func savedSealed() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("passcode")
            let keys = FileKeyStore(directory: folder.appendingPathComponent("keys"))
            let first = try await PasscodeLock(file: file, keyStore: keys) {}
            await first.apply(Self.policy)
            try await first.create("24681357")
            for _ in 0..<3 { _ = try await first.unlock(with: "0000") }
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data("24681357".utf8)) == nil && bytes.range(of: Data("failedAttempts".utf8)) == nil)

            let relaunched = try await PasscodeLock(file: file, keyStore: keys) {}
            #expect(await relaunched.state == .locked)
            #expect(await relaunched.hasPasscode)
            #expect(await relaunched.remainingAttempts == 7)
            #expect(try await relaunched.unlock(with: "24681357") == .unlocked)
            #expect(await relaunched.remainingAttempts == 10)

            try Data("not sealed".utf8).write(to: file)
            let unreadable = await #expect(throws: PasscodeLockError.self) { try await PasscodeLock(file: file, keyStore: keys) {} }
            #expect(unreadable?.description.contains("cannot be read") == true)
        }
    }

    @Test("The tenth wrong passcode in a row logs every user out (their accounts gone) and forgets the passcode")
    func wipeAfterTooManyAttempts() async throws {
        try await withLocalOrg { org in
            let accounts = try await UserAccountManager(directory: nil, keyStore: InMemoryKeyStore(), oauth: org.oauthClient())
            _ = try await org.server.addUser(username: "second@localorg.test", password: "Second-Pa55word")
            try await accounts.logIn(at: org.loginHost, using: org.browser)
            try await accounts.logIn(username: "second@localorg.test", password: "Second-Pa55word", at: org.loginHost)
            #expect(await accounts.accounts.count == 2)
            let lock = try await PasscodeLock(file: nil, keyStore: InMemoryKeyStore()) { await accounts.logOutAll() }
            var events = lock.events().makeAsyncIterator()
            await lock.apply(Self.policy)
            try await lock.create("2468")
            #expect(await events.next() == .passcodeSet)
            #expect(await events.next() == .unlocked)
            for attempt in 1..<PasscodeLock.maximumAttempts {
                #expect(try await lock.unlock(with: "9999") == .wrongPasscode(remainingAttempts: 10 - attempt))
                #expect(await events.next() == .wrongPasscode(remainingAttempts: 10 - attempt))
            }
            #expect(await accounts.accounts.count == 2, "nine wrong passcodes wipe nothing")
            #expect(try await lock.unlock(with: "9999") == .wiped)
            #expect(await events.next() == .wiped)
            #expect(await accounts.accounts.isEmpty)
            #expect(await accounts.currentAccount == nil)
            #expect(await !lock.hasPasscode)
            #expect(await lock.state == .open)
        }
    }

    @Test("A stricter user asks for a longer passcode; the last policy gone forgets it; a laxer one never relaxes the length")
    func policyChanges() async throws {
        let lock = try await PasscodeLock(file: nil, keyStore: InMemoryKeyStore()) {}
        await lock.apply(Self.policy)
        try await lock.create("2468")
        #expect(await lock.apply(PasscodePolicy(pinLength: 6, lockTimeout: .seconds(300))) == .changePasscode(length: 6))
        #expect(await lock.state == .changing(length: 6))
        let short = await #expect(throws: PasscodeLockError.self) { try await lock.create("2468") }
        #expect(short?.code == .tooShort)
        try await lock.create("246813")
        #expect(await lock.apply(PasscodePolicy(pinLength: 6, lockTimeout: .seconds(300))) == PasscodeAction.none)
        await #expect(throws: PasscodeLockError.self) { try await lock.change(from: "246813", to: "1234") }
        try await lock.change(from: "246813", to: "135792")
        #expect(await lock.apply(.none) == .clearPasscode)
        #expect(await lock.state == .open)
        #expect(await !lock.hasPasscode)
    }

    @Test("Wrong current passcodes in a change count toward the wipe, and the last one says what happened, not how many are left")
    func changeCountsTowardTheWipe() async throws {
        let wiped = Locked(false)
        let lock = try await PasscodeLock(file: nil, keyStore: InMemoryKeyStore()) { wiped.withLock { $0 = true } }
        await lock.apply(Self.policy)
        try await lock.create("2468")
        var messages: [String] = []
        for _ in 0..<10 {
            let error = await #expect(throws: PasscodeLockError.self) { try await lock.change(from: "0000", to: "1357") }
            #expect(error?.code == (messages.count == 9 ? .wiped : .wrongPasscode))
            messages.append([error?.message, error?.recoverySuggestion].compactMap { $0 }.joined(separator: ". "))
        }
        #expect(messages[0].contains("9 attempts are left"))
        do {
            try await lock.change(from: "0000", to: "1357")
            Issue.record("A change after the wipe must be refused")
        } catch PasscodeLockError.Code.notSet {
            // The wipe forgot the passcode: `catch` names the code.
        } catch {
            Issue.record("Expected notSet, got \(error.code)")
        }
        #expect(messages[8].contains("1 attempt is left"))
        #expect(messages[9].contains("every user was logged out") && !messages[9].contains("attempts are left"), "\(messages[9])")
        #expect(wiped.current)
        #expect(await !lock.hasPasscode)
    }

    @Test("Biometrics stand in for the passcode only where the identity allows it and the check passes")
    func biometrics() async throws {
        let clock = MovableClock()
        let lock = try await PasscodeLock(file: nil, keyStore: InMemoryKeyStore(), clock: { clock.now }, wipe: {})
        await lock.apply(Self.policy)
        try await lock.create("2468")
        func lockNow() async {
            await lock.didEnterBackground()
            clock.advance(by: 3600)
            await lock.willEnterForeground()
        }
        try await lock.setBiometricUnlock(true, allowedByIdentity: false)
        await lockNow()
        #expect(await !lock.unlockWithBiometrics { true }, "BIOMETRIC_UNLOCK false on the connected app")
        try await lock.setBiometricUnlock(true, allowedByIdentity: true)
        #expect(await !lock.unlockWithBiometrics { false })
        #expect(await lock.state == .locked)
        #expect(await lock.unlockWithBiometrics { true })
        #expect(await lock.state == .unlocked)
    }
}
