import Foundation
import Logging
import SalesforceAuth
import SalesforceCore
import SalesforceREST

/// The device's push registrations, one per signed-in user: the device token the platform
/// issued, each user's ``PushStatus``, and the registration saved with the user's account, so
/// that a relaunch neither registers twice nor leaves the record behind at logout.
actor PushRegistrations {
    private let registrar: PushRegistrar
    private let accounts: UserAccountManager
    private var deviceToken: Data?
    private var statuses: [UserIdentity: PushStatus] = [:]

    init(configuration: PushConfiguration, accounts: UserAccountManager) {
        registrar = PushRegistrar(configuration: configuration)
        self.accounts = accounts
    }

    /// Takes the token the platform issued; a new one makes every registration due again.
    func setDeviceToken(_ token: Data) {
        guard token != deviceToken else { return }
        deviceToken = token
        statuses = statuses.filter { $0.value == .notEnabled }
    }

    /// Registers `identity` when a registration is due (none yet, a failure a while ago, an old
    /// one, or a new token), through the client `client` gives.
    func refresh(_ identity: UserIdentity, client: @Sendable () async -> RestClient?) async {
        guard let deviceToken else { return }
        let now = Date()
        let known = await status(of: identity)
        let token = PushRegistrar.hex(deviceToken)
        let registeredToken = await accounts.account(for: identity)?.customData[Self.tokenKey]?.stringValue
        let tokenChanged = registeredToken != nil && registeredToken != token
        guard tokenChanged || registrar.isDue(known, now: now), let client = await client() else { return }
        let status = await registrar.register(deviceToken, with: client, now: now)
        statuses[identity] = status
        Self.logger.info("Push registration of \(identity): \(status)")
        guard case .registered(let deviceID, let date) = status else { return }
        AppFeatures.register(AppFeatures.pushNotifications)
        // A registration it replaces is deleted.
        if case .registered(let replaced, _) = known, replaced != deviceID { await registrar.unregister(replaced, with: client) }
        guard var data = await accounts.account(for: identity)?.customData else { return }
        data[Self.deviceKey] = .string(deviceID)
        data[Self.dateKey] = .double(date.timeIntervalSince1970)
        data[Self.tokenKey] = .string(token)
        do {
            try await accounts.setCustomData(data, for: identity)
        } catch {
            // The registration stands; only its record on this device is missing, so the next
            // launch registers again (and the record left behind is the org's to clean).
            Self.logger.error(
                "The push registration \(deviceID) of \(identity) could not be saved with the account, so the next launch registers again: \(error)"
            )
        }
    }

    /// Where the registration of `identity` stands, as this process knows it or a former one saved it.
    func status(of identity: UserIdentity) async -> PushStatus {
        if let status = statuses[identity] { return status }
        guard let data = await accounts.account(for: identity)?.customData, let deviceID = data[Self.deviceKey]?.stringValue,
            let seconds = data[Self.dateKey]?.doubleValue
        else { return .notRegistered }
        let status = PushStatus.registered(deviceID: deviceID, at: Date(timeIntervalSince1970: seconds))
        statuses[identity] = status
        return status
    }

    /// Deletes the registration of `identity` on the server, before a logout revokes its token.
    func unregister(_ identity: UserIdentity, with client: RestClient) async {
        guard case .registered(let deviceID, _) = await status(of: identity) else { return }
        await registrar.unregister(deviceID, with: client)
    }

    /// Forgets `identity`, logged out.
    func forget(_ identity: UserIdentity) {
        statuses[identity] = nil
    }

    private static let deviceKey = "pushDeviceSalesforceId"
    private static let dateKey = "pushRegisteredAt"
    private static let tokenKey = "pushDeviceToken"
    private static let logger = Logger.forceKit("app")
}
