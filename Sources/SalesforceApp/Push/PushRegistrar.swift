import Foundation
import Logging
import SalesforceCore
import SalesforceREST

/// Registers and unregisters the device for one user's push notifications (PUSH-1…4): a
/// `MobilePushServiceDevice` record created with the device token as lowercase hex, deleted at
/// logout. Failures never throw: they become a ``PushStatus`` and a retry when due.
struct PushRegistrar: Sendable {
    let configuration: PushConfiguration

    /// Whether a registration is due for a user whose status is `status`.
    func isDue(_ status: PushStatus, now: Date) -> Bool {
        switch status {
        case .notRegistered: true
        case .registered(_, let at): now.timeIntervalSince(at) >= configuration.renewal
        case .notEnabled: false
        case .failed(_, let at): now.timeIntervalSince(at) >= configuration.retryAfterFailure
        }
    }

    /// The token as the SDK sends it: two lowercase hex digits per byte.
    static func hex(_ token: Data) -> String {
        token.map { String(format: "%02x", $0) }.joined()
    }

    /// Registers `token` as the client's user.
    func register(_ token: Data, with client: RestClient, now: Date) async -> PushStatus {
        var fields = configuration.customFields
        fields["ConnectionToken"] = .string(Self.hex(token))
        fields["ServiceType"] = .string(configuration.serviceType)
        fields["ApplicationBundle"] = .string(configuration.applicationBundle)
        do {
            let response = try await client.send(client.requests.create("MobilePushServiceDevice", fields: .object(fields)))
            guard let id = response.json?["id"]?.stringValue else {
                return .failed(reason: "The registration's answer has no id.", at: now)
            }
            return .registered(deviceID: id, at: now)
        } catch  where error.status == 404 {
            return .notEnabled
        } catch {
            return .failed(reason: error.message, at: now)
        }
    }

    /// Deletes the registration; a failure is only logged, so that a logout never waits on it.
    func unregister(_ deviceID: String, with client: RestClient) async {
        do {
            _ = try await client.send(client.requests.delete("MobilePushServiceDevice", id: deviceID))
        } catch {
            Logger.forceKit("app").warning("The push registration \(deviceID) could not be deleted: \(error)")
        }
    }
}
