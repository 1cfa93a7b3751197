import CZlib

/// gzip (RFC 1952) through the system's zlib: the analytics upload compresses its body
/// (`Content-Encoding: gzip`) and LocalOrg reads it back.
package enum Gzip {
    /// Why bytes could not be compressed or read.
    package struct Failure: Error, CustomStringConvertible {
        /// What zlib said, or what was wrong.
        package let description: String
    }

    /// `bytes` compressed as one gzip member.
    package static func compress(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // 15 window bits plus 16: a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, streamSize) == Z_OK
        else { throw Failure(description: "zlib could not start compressing") }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw Failure(description: "zlib could not compress (status \(status))") }
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// The bytes of gzip data, refused when they would be longer than `limit`.
    package static func decompress(_ bytes: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, streamSize) == Z_OK else {
            throw Failure(description: "zlib could not start decompressing")
        }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var status = Z_OK
        try input.withUnsafeMutableBufferPointer { (source) throws(Failure) in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while status != Z_STREAM_END {
                let produced = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END else {
                    throw Failure(
                        description: status == Z_BUF_ERROR ? "the gzip data ends too soon" : "the data is not gzip (zlib status \(status))")
                }
                output.append(contentsOf: chunk.prefix(produced))
                guard output.count <= limit else { throw Failure(description: "the data is longer than \(limit) bytes once decompressed") }
            }
        }
        return output
    }

    private static let streamSize = Int32(MemoryLayout<z_stream>.size)
}
