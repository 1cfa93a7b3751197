import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import SalesforceAuth
import SalesforceCore

/// The CLI's transport for an org whose certificate comes from its own CA (a LocalOrg served
/// with `--tls`), or for a login that presents a client certificate (`login --cert`):
/// AsyncHTTPClient over NIO, trusting the system's roots and that CA. URLSession on Linux reads
/// only the system's bundle and cannot present a certificate; elsewhere the CLI keeps URLSession.
final class TrustingTransport: HTTPTransport {
    private let client: HTTPClient
    private let timeout: TimeAmount = .seconds(120)

    /// The one client per CA file: HTTP clients must be shut down, so these live as long as the process.
    private static let clients = Locked([String: TrustingTransport]())

    /// The transport for `caFile`, made once.
    /// - Throws: when the file holds no PEM certificate.
    static func trusting(_ caFile: String) throws -> TrustingTransport {
        try trusting(caFile, presenting: nil)
    }

    /// The transport that trusts `caFile` (when given, besides the system's roots) and presents
    /// `identity` when a server asks for a client certificate (certificate-based login); made once
    /// for each pair.
    /// - Throws: when the CA file holds no PEM certificate.
    static func trusting(_ caFile: String?, presenting identity: ClientIdentity?) throws -> TrustingTransport {
        let path = caFile.map { ($0 as NSString).expandingTildeInPath }
        let key = (path ?? "") + "\n" + (identity?.source ?? "")
        if let existing = clients.withLock({ $0[key] }) { return existing }
        var certificates: [NIOSSLCertificate] = []
        if let path {
            let pem: Data
            do {
                pem = try UserFiles.contents(of: path)
            } catch {
                throw TrustError(message: error.description)
            }
            // NIOSSL names a file it cannot read only by an error case (failedToLoadCertificate).
            guard let parsed = try? NIOSSLCertificate.fromPEMBytes(Array(pem)), !parsed.isEmpty else {
                throw TrustError(message: "\(path) holds no PEM certificate (a CA file starts with -----BEGIN CERTIFICATE-----)")
            }
            certificates = parsed
        }
        // Made under the lock: a second client for the same files would be dropped without the
        // shutdown an HTTP client needs (a fatal error in debug builds, a leak in release).
        return clients.withLock { clients in
            if let existing = clients[key] { return existing }
            let transport = TrustingTransport(certificates: certificates, identity: identity)
            clients[key] = transport
            return transport
        }
    }

    private init(certificates: [NIOSSLCertificate], identity: ClientIdentity?) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if !certificates.isEmpty { tls.additionalTrustRoots = [.certificates(certificates)] }
        if let identity {
            tls.certificateChain = identity.certificateChain.map { .certificate($0) }
            tls.privateKey = .privateKey(identity.privateKey)
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        configuration.decompression = .disabled
        // A command talks to one org for one user: a refused connection is an answer (nothing
        // listens there), not a flake to retry with backoff for ten seconds.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .init(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await client.execute(outgoing, timeout: timeout)
            let body = try await response.body.collect(upTo: 512 * 1024 * 1024)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name] = headers[header.name].map { "\($0), \(header.value)" } ?? header.value }
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch is CancellationError {
            throw .cancelled
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw .timedOut
        } catch let error as IOError where [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode) {
            // Nothing is listening there, or the host cannot be reached.
            throw .unreachable("\(error)")
        } catch {
            throw TransportError.classifying("\(error)", host: request.url.host ?? "the host")
        }
    }

    /// A CA file that cannot be used.
    struct TrustError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
