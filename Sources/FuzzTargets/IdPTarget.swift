import Foundation
import IdentityProvider

extension FuzzTarget {
    /// Identity-provider messages into the reader: a message that reads must read back equal
    /// once written, and a callback URL must give a code or an error, never a crash.
    static let idpMessage = FuzzTarget(
        name: "idp-message", summary: "identity-provider URLs into the message reader; what reads must read back equal once written"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? FrontdoorURL.code(in: text)
        guard let url = URL(string: text), let message = try? IdPMessage(url: url) else { return }
        let written = message.url(scheme: "fuzz")
        guard let reread = try? IdPMessage(url: written), reread == message else {
            fatalError("An identity-provider message does not read back the same: \(written.absoluteString)")
        }
    }
}
