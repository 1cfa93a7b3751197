import Crypto
import Foundation

#if canImport(CCryptoBoringSSL)
    // swift-crypto's own BoringSSL, which its AES.GCM calls on Linux. Used directly so the key
    // schedule is built once per key and a page is sealed into its place with no allocation:
    // through `AES.GCM`, each 4 KiB page paid a context set-up, three buffers and two copies,
    // 3.8 times the cost of the cipher itself (`forcekit-bench smartstore --encrypted`,
    // `pageSealVsBulk`). Where the module is absent (Apple platforms, where swift-crypto is
    // CryptoKit), the same pages go through `AES.GCM`: the format is AES-256-GCM either way.
    internal import CCryptoBoringSSL
#endif

/// AES-GCM under one key, set up once and shared by every connection of a store.
///
/// `seal` and `open` write straight into the caller's buffers: the ciphertext and tag in a row,
/// as ``PageFormat`` lays them out after the nonce.
final class PageAEAD: @unchecked Sendable {
    // @unchecked: after `init` the context is only read. BoringSSL takes it as `const` in seal
    // and open and documents an initialised `EVP_AEAD_CTX` as safe to use from several threads.

    /// The key, for the path through swift-crypto's API.
    let key: SymmetricKey
    #if canImport(CCryptoBoringSSL)
        /// BoringSSL's context with the key schedule; nil for a key size it is not set up for.
        private let context: UnsafeMutablePointer<EVP_AEAD_CTX>?
    #endif

    /// Sets up the cipher for `key`. With `callsBoringSSL` false it goes through `AES.GCM` as on
    /// Apple platforms, so tests on Linux run that path too.
    init(key: SymmetricKey, callsBoringSSL: Bool = true) {
        self.key = key
        #if canImport(CCryptoBoringSSL)
            context = key.withUnsafeBytes { bytes -> UnsafeMutablePointer<EVP_AEAD_CTX>? in
                guard callsBoringSSL, bytes.count == 32, let base = bytes.baseAddress else { return nil }
                let context = UnsafeMutablePointer<EVP_AEAD_CTX>.allocate(capacity: 1)
                CCryptoBoringSSL_EVP_AEAD_CTX_zero(context)
                let made = CCryptoBoringSSL_EVP_AEAD_CTX_init(
                    context, CCryptoBoringSSL_EVP_aead_aes_256_gcm(), base.assumingMemoryBound(to: UInt8.self), 32,
                    PageFormat.tagSize, nil)
                guard made == 1 else {
                    context.deallocate()
                    return nil
                }
                return context
            }
        #endif
    }

    deinit {
        #if canImport(CCryptoBoringSSL)
            if let context {
                CCryptoBoringSSL_EVP_AEAD_CTX_cleanup(context)
                context.deallocate()
            }
        #endif
    }

    /// Encrypts `count` bytes of `plain` under the 12-byte `nonce` into `box`: the ciphertext, then
    /// the 16-byte tag (`count + 16` bytes). False when the cipher refused.
    func seal(_ plain: UnsafeRawPointer, count: Int, nonce: UnsafeRawPointer, into box: UnsafeMutableRawPointer) -> Bool {
        #if canImport(CCryptoBoringSSL)
            if let context {
                var written = 0
                let sealed = CCryptoBoringSSL_EVP_AEAD_CTX_seal(
                    context, box.assumingMemoryBound(to: UInt8.self), &written, count + PageFormat.tagSize,
                    nonce.assumingMemoryBound(to: UInt8.self), PageFormat.nonceSize, plain.assumingMemoryBound(to: UInt8.self), count,
                    nil, 0)
                return sealed == 1 && written == count + PageFormat.tagSize
            }
        #endif
        do {
            let nonce = try AES.GCM.Nonce(data: UnsafeRawBufferPointer(start: nonce, count: PageFormat.nonceSize))
            let sealed = try AES.GCM.seal(UnsafeRawBufferPointer(start: plain, count: count), using: key, nonce: nonce)
            guard sealed.ciphertext.count == count, sealed.tag.count == PageFormat.tagSize else { return false }
            let target = UnsafeMutableRawBufferPointer(start: box, count: count + PageFormat.tagSize)
            target.copyBytes(from: sealed.ciphertext)
            UnsafeMutableRawBufferPointer(rebasing: target[count...]).copyBytes(from: sealed.tag)
            return true
        } catch {
            return false
        }
    }

    /// Decrypts `box` (`count` bytes of ciphertext, then the tag) under `nonce` into `plain`
    /// (`count` bytes). False when the tag does not match: then `plain` holds zeros, never
    /// unauthenticated bytes.
    func open(_ box: UnsafeRawPointer, count: Int, nonce: UnsafeRawPointer, into plain: UnsafeMutableRawPointer) -> Bool {
        #if canImport(CCryptoBoringSSL)
            if let context {
                var written = 0
                let opened = CCryptoBoringSSL_EVP_AEAD_CTX_open(
                    context, plain.assumingMemoryBound(to: UInt8.self), &written, count, nonce.assumingMemoryBound(to: UInt8.self),
                    PageFormat.nonceSize, box.assumingMemoryBound(to: UInt8.self), count + PageFormat.tagSize, nil, 0)
                guard opened == 1, written == count else {
                    plain.initializeMemory(as: UInt8.self, repeating: 0, count: count)
                    return false
                }
                return true
            }
        #endif
        do {
            let sealed = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: UnsafeRawBufferPointer(start: nonce, count: PageFormat.nonceSize)),
                ciphertext: UnsafeRawBufferPointer(start: box, count: count),
                tag: UnsafeRawBufferPointer(start: box + count, count: PageFormat.tagSize))
            let opened = try AES.GCM.open(sealed, using: key)
            guard opened.count == count else { throw CryptoKitError.incorrectParameterSize }
            UnsafeMutableRawBufferPointer(start: plain, count: count).copyBytes(from: opened)
            return true
        } catch {
            plain.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            return false
        }
    }
}
