public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends bytes over a loopback TCP connection exactly as given and reads what comes back: for
/// requests no HTTP client will send (a CONNECT, broken chunked encoding, a half-sent request).
public enum RawSocketClient {
    /// Connects to `127.0.0.1:port`, sends `request`, and reads until the server closes the
    /// connection, `timeout` passes, or `limit` bytes arrived. The timeout is a bound for a server
    /// that never closes, not a measure: a loaded test run answers in seconds, not milliseconds.
    /// - Returns: What the server sent, and whether it closed the connection.
    public static func exchange(port: Int, request: [UInt8], timeout: TimeInterval = 60, limit: Int = 65_536) throws
        -> (response: String, closed: Bool)
    {
        let descriptor = try connected(to: port)
        defer { close(descriptor) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var closed = false
        while received.count < limit {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 {
                closed = true
                break
            }
            if count < 0 { break }
            received += buffer[0..<count]
        }
        return (String(decoding: received, as: UTF8.self), closed)
    }

    /// Sends the first `immediately` bytes of `request` at once, then the rest one byte every
    /// `interval`, as a slow (or hostile) client does, until all is sent or the server closes the
    /// connection.
    /// - Returns: How many bytes were sent before the server closed it (the request's length when it never did).
    public static func trickle(port: Int, request: [UInt8], sendingFirst immediately: Int = 0, interval: TimeInterval) async throws -> Int {
        let descriptor = try connected(to: port)
        defer { close(descriptor) }
        var flags = Int32(1)
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &flags, socklen_t(MemoryLayout<Int32>.size))
        let first = min(immediately, request.count)
        _ = request[..<first].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        for (index, byte) in request.enumerated().dropFirst(first) {
            // A closed connection shows as a read of 0 bytes: look before each byte.
            var probe = [UInt8](repeating: 0, count: 1)
            let peeked = probe.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) }
            if peeked == 0 { return index }
            var value = byte
            #if canImport(Glibc)
                let sent = send(descriptor, &value, 1, Int32(MSG_NOSIGNAL))
            #else
                let sent = send(descriptor, &value, 1, 0)
            #endif
            if sent <= 0 { return index }
            try await Task.sleep(for: .seconds(interval))
        }
        return request.count
    }

    /// A socket connected to `127.0.0.1:port`.
    private static func connected(to port: Int) throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(descriptor)
            throw POSIXError(.init(rawValue: errno) ?? .ECONNREFUSED)
        }
        return descriptor
    }
}
