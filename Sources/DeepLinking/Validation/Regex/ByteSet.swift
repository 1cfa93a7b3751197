/// A set of ASCII bytes (0–127), one bit each.
struct ByteSet: Sendable {
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0

    static let digits = ByteSet(ranges: [0x30...0x39])
    static let word = ByteSet(ranges: [0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F...0x5F])
    /// ICU's `\s` restricted to ASCII: tab, line feed, vertical tab, form feed, carriage return
    /// and space (the random agreement test against ICU pins this set).
    static let space = ByteSet(bytes: [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20])
    /// ICU's `.` without DOTALL: everything but the line terminators \n, \v, \f and \r.
    static let dot = ByteSet(ranges: [0x00...0x7F]).subtracting(ByteSet(ranges: [0x0A...0x0D]))

    init() {}

    init(bytes: [UInt8]) {
        for byte in bytes { insert(byte) }
    }

    init(ranges: [ClosedRange<UInt8>]) {
        for range in ranges { insert(range) }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }

    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    mutating func insert(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    mutating func formUnion(_ other: ByteSet) {
        low |= other.low
        high |= other.high
    }

    /// The complement within ASCII.
    var inverted: ByteSet {
        var result = ByteSet()
        result.low = ~low
        result.high = ~high
        return result
    }

    func subtracting(_ other: ByteSet) -> ByteSet {
        var result = self
        result.low &= ~other.low
        result.high &= ~other.high
        return result
    }
}
