/// Renditions of image files: the image's size is read from its header (PNG, JPEG or GIF),
/// and a PNG of the rendition's box, scaled to the image's proportions, is drawn for it.
///
/// LocalOrg has no image decoder, so the thumbnail is a neutral tile of the right size and
/// shape rather than a picture of the image: enough for apps to lay out and cache renditions.
enum Thumbnail {
    /// The rendition boxes Salesforce offers for thumbnails.
    static let boxes: [String: (width: Int, height: Int)] = [
        "THUMB120BY90": (120, 90), "THUMB240BY180": (240, 180), "THUMB720BY480": (720, 480),
    ]

    /// The width and height of a PNG, JPEG or GIF image, or nil for anything else.
    static func imageSize(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        func big16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func big32(_ at: Int) -> Int { big16(at) << 16 | big16(at + 2) }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return positive(big32(16), big32(20))
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            return positive(Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        // JPEG: walk the segments to a start-of-frame marker, which holds the size.
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = big16(index + 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return positive(big16(index + 7), big16(index + 5))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func positive(_ width: Int, _ height: Int) -> (width: Int, height: Int)? {
        width > 0 && height > 0 ? (width, height) : nil
    }

    /// The rendition's size: the image scaled to fit the box, never larger than the image.
    static func fittedSize(of image: (width: Int, height: Int), in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let scale = min(1, min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height)))
        return (max(1, Int((Double(image.width) * scale).rounded())), max(1, Int((Double(image.height) * scale).rounded())))
    }

    /// A PNG tile of `width` × `height`: light grey with a darker frame.
    static func png(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            pixels.append(0)  // Filter type None.
            for x in 0..<width {
                let edge = x == 0 || y == 0 || x == width - 1 || y == height - 1
                pixels += edge ? [0x9E, 0xA4, 0xAB] : [0xE6, 0xE9, 0xED]
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit RGB, deflate, adaptive filters, no interlace.
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlibStored(pixels)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks: valid PNG data with no compressor.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
