import BenchHarness
import Foundation
import MobileSync

/// The sync suite's figures, ratios and goals, from every counted run of its contenders.
struct SyncFigures {
    let down: [SyncWorkerCommand.Contender: [RunFigures]]
    let up: [UpRun: [RunFigures]]
    let upRuns: [UpRun]
    let say: (String) -> Void

    func add(to record: inout BenchRecord) {
        func runs(_ contender: SyncWorkerCommand.Contender) -> [RunFigures] { down[contender] ?? [] }
        func sample(_ results: [RunFigures], _ value: (RunFigures) -> Double?) -> Sample { Sample(results.compactMap(value)) }
        let sync = sample(runs(.sync), \.rate)
        let limit = sample(runs(.limit), \.rate)
        let stream = sample(runs(.stream), \.rate)
        let storeStages = runs(.store)
        let prepare = sample(storeStages) { rate($0, "prepareSeconds") }
        let write = sample(storeStages) { rate($0, "writeSeconds") }
        let peak = sample(runs(.sync)) { $0["peakGrowthMiB"] }
        let syncOverLimit = sync.ratio(to: limit)
        let syncOverStream = sync.ratio(to: stream)
        record.figures += [
            ("downSync", sync), ("downLimit", limit), ("downSerialStream", stream), ("downPrepareAlone", prepare),
            ("downWriteAlone", write), ("downPeakGrowthMiB", peak),
            ("downSyncClientCores", sample(runs(.sync)) { cores($0) }),
            ("downLimitClientCores", sample(runs(.limit)) { cores($0) }),
        ]
        // Core-microseconds per record, stage by stage: fetch and parse (the limit), prepare and
        // write (the store's stages), against the sync's whole; the server's for each.
        let perRecord: [(String, Sample)] = [
            ("clientSync", sample(runs(.sync)) { $0.microsecondsPerRecord("clientCPU") }),
            ("clientFetchParse", sample(runs(.limit)) { $0.microsecondsPerRecord("clientCPU") }),
            ("clientSerialStream", sample(runs(.stream)) { $0.microsecondsPerRecord("clientCPU") }),
            ("clientPrepare", sample(storeStages) { $0.microsecondsPerRecord("prepareClientCPU") }),
            ("clientWrite", sample(storeStages) { $0.microsecondsPerRecord("writeClientCPU") }),
            ("serverSync", sample(runs(.sync)) { $0.microsecondsPerRecord("serverCPU") }),
            ("serverFetch", sample(runs(.limit)) { $0.microsecondsPerRecord("serverCPU") }),
        ]
        record.figures += perRecord.map { ("downCoreMicrosPerRecord." + $0.0, $0.1) }
        record.ratios += [("downSyncOverLimit", syncOverLimit), ("downSyncOverSerialStream", syncOverStream)]
        record.bars += [
            .atLeast("downAtLeast0.6OfLimit", syncOverLimit.median, 0.6), .atMost("downPeakGrowthAtMost100MiB", peak.median, 100),
        ]
        say(
            "sync down: \(text(sync.median, "%.0f")) records/s; limit (the sync's fetch and parse, nothing written) \(text(limit.median, "%.0f")); serial stream \(text(stream.median, "%.0f"))"
        )
        say(
            "  sync over limit \(text(syncOverLimit.median)), over the serial stream \(text(syncOverStream.median)); peak memory growth \(text(peak.median, "%.1f")) MiB"
        )
        say("  core-µs a record: " + perRecord.map { "\($0.0) \(text($0.1.median, "%.1f"))" }.joined(separator: ", "))

        let upLoop = upRuns.filter { $0.latency == 0 }
        guard let collection = upLoop.first(where: { $0.kind == .collection && $0.mode == .overwrite }),
            let leave = upLoop.first(where: { $0.mode == .leaveIfChanged }),
            let single = upLoop.first(where: { $0.kind == .singleRecord })
        else { return }
        func upRate(_ run: UpRun) -> Sample { sample(up[run] ?? [], \.rate) }
        let upRatio = upRate(collection).ratio(to: upRate(single))
        let leaveRatio = upRate(leave).ratio(to: upRate(collection))
        record.figures += [("upCollection", upRate(collection)), ("upLeaveIfChanged", upRate(leave)), ("upSingleRecord", upRate(single))]
        // What a request and a record cost: a single-record sync up is one request a record, sent
        // one after another; a collection's requests carry 200 records each.
        let costs: [(String, Sample)] = [
            ("singleRecordMillisPerRequest", sample(up[single] ?? []) { $0.microsecondsPerRequest("seconds").map { $0 / 1000 } }),
            ("singleRecordServerCoreMicrosPerRequest", sample(up[single] ?? []) { $0.microsecondsPerRequest("serverCPU") }),
            ("singleRecordClientCoreMicrosPerRequest", sample(up[single] ?? []) { $0.microsecondsPerRequest("clientCPU") }),
            ("collectionRequests", sample(up[collection] ?? []) { $0["requests"] }),
            ("collectionServerCoreMicrosPerRecord", sample(up[collection] ?? []) { $0.microsecondsPerRecord("serverCPU") }),
            ("collectionClientCoreMicrosPerRecord", sample(up[collection] ?? []) { $0.microsecondsPerRecord("clientCPU") }),
        ]
        record.figures += costs.map { ("up." + $0.0, $0.1) }
        record.ratios += [("upCollectionOverSingleRecord", upRatio), ("upLeaveIfChangedOverOverwrite", leaveRatio)]
        record.bars += [.atLeast("upAtLeast10", upRatio.median, 10), .atLeast("leaveIfChangedAtLeast0.5", leaveRatio.median, 0.5)]
        say(
            "sync up of \(collection.changes) changes: collection \(text(upRate(collection).median, "%.0f")) records/s, single record \(text(upRate(single).median, "%.0f")), ratio \(text(upRatio.median, "%.1f")); LEAVE_IF_CHANGED \(text(leaveRatio.median)) of OVERWRITE"
        )
        say("  " + costs.map { "\($0.0) \(text($0.1.median, "%.1f"))" }.joined(separator: ", "))
        for latency in Set(upRuns.map(\.latency)).filter({ $0 > 0 }).sorted() {
            guard let distantCollection = upRuns.first(where: { $0.latency == latency && $0.kind == .collection }),
                let distantSingle = upRuns.first(where: { $0.latency == latency && $0.kind == .singleRecord })
            else { continue }
            let ratio = upRate(distantCollection).ratio(to: upRate(distantSingle))
            record.figures += [
                ("upCollectionAt\(latency)ms", upRate(distantCollection)), ("upSingleRecordAt\(latency)ms", upRate(distantSingle)),
            ]
            record.ratios.append(("upCollectionOverSingleRecordAt\(latency)ms", ratio))
            record.bars.append(.atLeast("upAtLeast10At\(latency)ms", ratio.median, 10))
            say(
                "sync up of \(distantCollection.changes) changes at \(latency) ms a request: collection \(text(upRate(distantCollection).median, "%.0f")) records/s, single record \(text(upRate(distantSingle).median, "%.0f")), ratio \(text(ratio.median, "%.1f"))"
            )
        }
    }

    private func rate(_ result: RunFigures, _ seconds: String) -> Double? {
        guard let records = result["records"], let time = result[seconds], time > 0 else { return nil }
        return records / time
    }

    private func cores(_ result: RunFigures) -> Double? {
        guard let cpu = result["clientCPU"], let seconds = result["seconds"], seconds > 0 else { return nil }
        return cpu / seconds
    }

    private func text(_ value: Double?, _ format: String = "%.3f") -> String { value.map { String(format: format, $0) } ?? "-" }
}
