import BenchHarness
import Crypto
import Foundation
import SmartStore

/// What AES-GCM costs per store page: the store's own page cipher sealing and opening one page
/// per call, as the encrypting VFS does, and swift-crypto's `AES.GCM` called once per 4,032-byte
/// page, each against the same bytes in `AES.GCM` calls of 16 pages, where the cost of each call
/// (key setup, allocations) hardly counts. The ratios say how much of a page's price is the call
/// rather than the cipher: 1 would mean none.
struct PageCryptoCost {
    /// Per-page throughput over bulk throughput, for sealing and for opening.
    struct Ratios {
        /// Each round's ratio for the store's page cipher sealing, and opening.
        let seal: Sample
        let open: Sample
        /// Each round's ratio for `AES.GCM.seal` and `AES.GCM.open` called once per page.
        let apiSeal: Sample
        let apiOpen: Sample
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
        let cipher = PageCipher(key: key, salt: Array(repeating: 7, count: PageFormat.saltSize))
        let plain = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.pageSize, alignment: 16)
        let disk = UnsafeMutableRawPointer.allocate(byteCount: PageFormat.pageSize, alignment: 16)
        defer {
            plain.deallocate()
            disk.deallocate()
        }
        plain.initializeMemory(as: UInt8.self, repeating: 3, count: PageFormat.pageSize)
        try cipher.seal(plain, into: disk, pageNumber: 1)
        var seal: [Double] = []
        var open: [Double] = []
        var apiSeal: [Double] = []
        var apiOpen: [Double] = []
        for _ in 0..<rounds {
            let storeSeal = try time(pages) { call in
                try cipher.seal(plain, into: disk, pageNumber: 1)
                return call
            }
            try cipher.seal(plain, into: disk, pageNumber: 1)
            let storeOpen = try time(pages) { _ in cipher.open(disk, into: plain, pageNumber: 1) == .opened ? 1 : 0 }
            let pageSeal = try time(pages) { call in try AES.GCM.seal(page, using: key, nonce: Self.nonce(call)).tag.count }
            let bulkSeal = try time(bulkCalls) { call in try AES.GCM.seal(bulk, using: key, nonce: Self.nonce(pages + call)).tag.count }
            let pageOpen = try time(pages) { _ in try AES.GCM.open(sealedPage, using: key).count }
            let bulkOpen = try time(bulkCalls) { _ in try AES.GCM.open(sealedBulk, using: key).count }
            let bulkSealPerPage = bulkSeal / Double(Self.pagesPerBulkCall)
            let bulkOpenPerPage = bulkOpen / Double(Self.pagesPerBulkCall)
            seal.append(bulkSealPerPage / storeSeal)
            open.append(bulkOpenPerPage / storeOpen)
            apiSeal.append(bulkSealPerPage / pageSeal)
            apiOpen.append(bulkOpenPerPage / pageOpen)
        }
        return Ratios(seal: Sample(seal), open: Sample(open), apiSeal: Sample(apiSeal), apiOpen: Sample(apiOpen))
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
