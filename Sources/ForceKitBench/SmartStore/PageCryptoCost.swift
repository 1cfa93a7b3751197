import BenchHarness
import Crypto
import Foundation

/// What swift-crypto's AES-GCM costs per store page: sealing and opening one 4,032-byte page per
/// call, as the encrypting VFS must, against the same bytes in calls of 16 pages, where the cost
/// of each call (key setup, allocations) hardly counts. The ratios say how much of a page's
/// price is the call rather than the cipher.
struct PageCryptoCost {
    /// Per-page throughput over bulk throughput, for sealing and for opening.
    struct Ratios {
        /// Each round's ratio for sealing, and for opening.
        let seal: Sample
        let open: Sample
    }

    static let pageBytes = 4_032
    static let pagesPerBulkCall = 16

    let pages: Int
    let rounds: Int

    func measure() throws -> Ratios {
        let key = SymmetricKey(size: .bits256)
        let page = Data((0..<Self.pageBytes).map { UInt8(truncatingIfNeeded: $0) })
        let bulk = Data(repeating: 7, count: Self.pageBytes * Self.pagesPerBulkCall)
        let sealedPage = try AES.GCM.seal(page, using: key)
        let sealedBulk = try AES.GCM.seal(bulk, using: key)
        let bulkCalls = pages / Self.pagesPerBulkCall
        var seal: [Double] = []
        var open: [Double] = []
        for _ in 0..<rounds {
            let pageSeal = try time(pages) { call in try AES.GCM.seal(page, using: key, nonce: Self.nonce(call)).tag.count }
            let bulkSeal = try time(bulkCalls) { call in try AES.GCM.seal(bulk, using: key, nonce: Self.nonce(pages + call)).tag.count }
            let pageOpen = try time(pages) { _ in try AES.GCM.open(sealedPage, using: key).count }
            let bulkOpen = try time(bulkCalls) { _ in try AES.GCM.open(sealedBulk, using: key).count }
            seal.append((bulkSeal / Double(Self.pagesPerBulkCall)) / pageSeal)
            open.append((bulkOpen / Double(Self.pagesPerBulkCall)) / pageOpen)
        }
        return Ratios(seal: Sample(seal), open: Sample(open))
    }

    /// A distinct nonce for each call, as the VFS draws fresh ones without a system call each.
    private static func nonce(_ call: Int) throws -> AES.GCM.Nonce {
        var bytes = [UInt8](repeating: 0, count: 12)
        withUnsafeBytes(of: UInt64(call).bigEndian) { bytes.replaceSubrange(4..<12, with: $0) }
        return try AES.GCM.Nonce(data: bytes)
    }

    /// Seconds per call of `body`, run `calls` times.
    private func time(_ calls: Int, _ body: (Int) throws -> Int) throws -> Double {
        let clock = ContinuousClock()
        var sink = 0
        let elapsed = try clock.measure { for call in 0..<calls { sink &+= try body(call) } }
        Measurement.blackHole(sink)
        return elapsed.seconds / Double(max(calls, 1))
    }
}
