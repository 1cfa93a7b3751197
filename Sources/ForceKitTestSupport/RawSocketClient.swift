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
    /// connection, `timeout` passes, or `limit` bytes arrived.
    /// - Returns: What the server sent, and whether it closed the connection.
    public static func exchange(port: Int, request: [UInt8], timeout: TimeInterval = 5, limit: Int = 65_536) throws
        -> (response: String, closed: Bool)
    {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.init(rawValue: errno) ?? .ECONNREFUSED) }
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
}
