import Foundation
import SalesforceCore
import X509

/// The serial numbers a revocation file lists, compared as the bytes of the certificates' serial
/// numbers, never as text: a text form that drops a byte's leading zero (`1a:b:3c` for
/// `1a 0b 3c`) matches nothing openssl writes, and a revocation that misses fails open.
///
/// The file holds any mix of, one a line:
/// - a serial in hexadecimal, with or without colons or spaces between bytes, in either case,
///   after an optional `serial=` (what `openssl x509 -noout -serial` prints) or `0x`;
/// - a line of `openssl ca`'s database (`index.txt`): tab-separated, its first field the status
///   and its fourth the serial; only `R` (revoked) lines count, `V` and `E` are certificates
///   still valid or expired;
/// - PEM certificates, which are revoked by their serial numbers.
///
/// `#` starts a comment line. Lines that are none of these are ignored.
enum RevokedSerials {
    /// The serials `text` lists, each as ``magnitude(of:)``.
    static func read(_ text: String) -> Set<[UInt8]> {
        var serials = Set(ClientCertificateCheck.pemCertificates(in: text).map { magnitude(of: $0.serialNumber.bytes) })
        var inPEM = false
        for rawLine in text.split(atScalars: ["\n", "\r"]) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("-----BEGIN") { inPEM = true }
            defer { if line.hasPrefix("-----END") { inPEM = false } }
            guard !inPEM, !line.isEmpty, !line.hasPrefix("#") else { continue }
            switch databaseEntry(rawLine) {
            case .revoked(let serial): serials.insert(serial)
            case .notRevoked: continue
            case nil: if let serial = hexadecimal(line) { serials.insert(serial) }
            }
        }
        return serials
    }

    /// A serial's bytes without the leading zero bytes DER adds to keep a number positive, so
    /// `00 f3 …` (DER) and `F3…` (openssl) are the same serial.
    static func magnitude(of bytes: some Collection<UInt8>) -> [UInt8] {
        let trimmed = Array(bytes.drop { $0 == 0 })
        return trimmed.isEmpty ? [0] : trimmed
    }

    private enum DatabaseEntry {
        case revoked([UInt8])
        case notRevoked
    }

    /// A line of `openssl ca`'s database: status, expiry, revocation date, serial, file name and
    /// subject, separated by tabs. Nil for a line of another form.
    private static func databaseEntry(_ line: String) -> DatabaseEntry? {
        let fields = line.split(atScalars: ["\t"], omittingEmptyParts: false)
        guard fields.count >= 4, ["R", "V", "E"].contains(fields[0]), let serial = hexadecimal(fields[3]) else { return nil }
        return fields[0] == "R" ? .revoked(serial) : .notRevoked
    }

    /// A hexadecimal serial as bytes, or nil when the text is not one. Written as bytes with
    /// separators (`0a:0b`), every group is a byte's two digits; written as one run of digits,
    /// an odd count is read with a leading zero, as a number is.
    private static func hexadecimal(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        for prefix in ["serial=", "0x"] where text.lowercased().hasPrefix(prefix) { text = text.dropFirst(prefix.count) }
        let groups = String(text).split(atScalars: [":", " "])
        guard !groups.isEmpty else { return nil }
        var digits: [UInt8] = []
        for group in groups {
            guard let values = Self.digits(group) else { return nil }
            // In a separated form each group is one byte: `b` is 0b, as `1a:b:3c` once read.
            if groups.count > 1 {
                guard values.count <= 2 else { return nil }
                digits += Array(repeating: 0, count: 2 - values.count) + values
            } else {
                digits += values
            }
        }
        if digits.count % 2 == 1 { digits.insert(0, at: 0) }
        let bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        return magnitude(of: bytes)
    }

    /// The values of hexadecimal digits, or nil when `text` holds anything else.
    private static func digits(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return values.isEmpty ? nil : values
    }
}
