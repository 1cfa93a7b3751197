/// The segments of a link, as byte ranges into one buffer: the host (when there is one), then
/// each non-empty path segment, already percent-decoded.
struct SegmentList {
    let buffer: UnsafeBufferPointer<UInt8>
    let starts: UnsafeMutableBufferPointer<Int>
    let ends: UnsafeMutableBufferPointer<Int>
    var count = 0

    @inline(__always)
    func bytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[starts[index]..<ends[index]])
    }

    /// The same segments over another buffer, for ranges rewritten to point into it.
    func rebased(onto buffer: UnsafeBufferPointer<UInt8>) -> SegmentList {
        SegmentList(buffer: buffer, starts: starts, ends: ends, count: count)
    }

    func string(at index: Int) -> String { String(decoding: bytes(at: index), as: UTF8.self) }

    /// Appends each non-empty segment of the path `range` of `raw`.
    mutating func appendPathSegments(of range: Range<Int>, in raw: UnsafeBufferPointer<UInt8>) {
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            if raw[index] == UInt8(ascii: "/") {
                if index > start { append(start..<index) }
                start = index + 1
            }
            index += 1
        }
        if range.upperBound > start { append(start..<range.upperBound) }
    }

    mutating func append(_ range: Range<Int>) {
        starts[count] = range.lowerBound
        ends[count] = range.upperBound
        count += 1
    }
}
