import Crypto
import Testing

@testable import SmartStore

/// The page cipher against the GCM specification's own example, on both of its paths: BoringSSL
/// called directly (Linux) and `AES.GCM` (Apple platforms, and Linux when asked).
@Suite("AES-GCM of the page cipher, both paths")
struct PageAEADTests {
    // Test Case 15 of McGrew and Viega, "The Galois/Counter Mode of Operation (GCM)", the
    // specification NIST SP 800-38D rests on: AES-256, a 96-bit IV, 64 bytes, no associated data.
    // Python's `cryptography` (OpenSSL) gives the same ciphertext and tag.
    static let key = bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
    static let nonce = bytes("cafebabefacedbaddecaf888")
    static let plaintext = bytes(
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
    static let ciphertextAndTag = bytes(
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad"
            + "b094dac5d93471bdec1a502270e3cc6c")

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static func cipher(callsBoringSSL: Bool) -> PageAEAD {
        PageAEAD(key: SymmetricKey(data: key), callsBoringSSL: callsBoringSSL)
    }

    @Test("sealing gives the specification's ciphertext and tag, and opening them gives its plaintext", arguments: [true, false])
    func sealsAndOpens(callsBoringSSL: Bool) {
        let cipher = Self.cipher(callsBoringSSL: callsBoringSSL)
        var box = [UInt8](repeating: 0, count: Self.plaintext.count + 16)
        var plain = [UInt8](repeating: 0xEE, count: Self.plaintext.count)
        let sealed = box.withUnsafeMutableBytes {
            cipher.seal(Self.plaintext, count: Self.plaintext.count, nonce: Self.nonce, into: $0.baseAddress!)
        }
        let opened = plain.withUnsafeMutableBytes {
            cipher.open(Self.ciphertextAndTag, count: Self.plaintext.count, nonce: Self.nonce, into: $0.baseAddress!)
        }
        #expect(sealed && box == Self.ciphertextAndTag)
        #expect(opened && plain == Self.plaintext)
    }

    @Test("a changed ciphertext or tag byte is refused and leaves zeros, never decrypted bytes", arguments: [true, false])
    func refusesChanges(callsBoringSSL: Bool) {
        let cipher = Self.cipher(callsBoringSSL: callsBoringSSL)
        for position in [0, 40, 63, 64, 79] {
            var changed = Self.ciphertextAndTag
            changed[position] ^= 0x80
            var plain = [UInt8](repeating: 0xEE, count: Self.plaintext.count)
            let opened = plain.withUnsafeMutableBytes { plain in
                cipher.open(changed, count: Self.plaintext.count, nonce: Self.nonce, into: plain.baseAddress!)
            }
            #expect(!opened, "byte \(position)")
            #expect(plain.allSatisfy { $0 == 0 }, "byte \(position)")
        }
    }
}
