import ArgumentParser
import Foundation
import SalesforceCore

/// What one contender's run measured: named figures (seconds, the client's and the server's CPU
/// seconds, MiB, counts), in the order they were set. A worker process prints them as its last
/// line.
struct RunFigures: Sendable {
    private(set) var figures: [(String, Double)] = []

    init() {}

    /// Reads the line a worker printed.
    init(line: String) throws {
        guard let members = try JSON(parsing: Array(line.utf8)).objectValue else {
            throw ValidationError("a worker printed \(line.prefix(200)) instead of its figures")
        }
        figures = members.compactMap { key, value in value.doubleValue.map { (key, $0) } }
    }

    subscript(name: String) -> Double? {
        get { figures.first { $0.0 == name }?.1 }
        set {
            figures.removeAll { $0.0 == name }
            if let newValue { figures.append((name, newValue)) }
        }
    }

    /// Records per second of wall time; nil without both figures.
    var rate: Double? {
        guard let records = self["records"], let seconds = self["seconds"], seconds > 0 else { return nil }
        return records / seconds
    }

    /// `cpu` seconds (a figure's name) per record, in microseconds.
    func microsecondsPerRecord(_ cpu: String) -> Double? {
        guard let value = self[cpu], let records = self["records"], records > 0 else { return nil }
        return value / records * 1e6
    }

    /// `cpu` seconds per request, in microseconds.
    func microsecondsPerRequest(_ cpu: String) -> Double? {
        guard let value = self[cpu], let requests = self["requests"], requests > 0 else { return nil }
        return value / requests * 1e6
    }

    /// The one-line JSON object.
    var line: String {
        var writer = JSONStreamWriter(reservingCapacity: 256)
        writer.beginObject()
        for (key, value) in figures {
            writer.key(key)
            writer.double(value)
        }
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// The CPU both processes used and the wall time during one timed piece of work, with the
/// worker's memory peak over it.
struct TimedWork {
    private let serverPID: Int32
    private let clientCPU = ProcessCPU.seconds()
    private let serverCPU: Double?
    private let started = ContinuousClock.now
    private let resident: Double?

    /// Starts timing; the memory peak starts again from here.
    init(serverPID: Int32) {
        self.serverPID = serverPID
        serverCPU = ProcessCPU.seconds(ofProcess: serverPID)
        ProcessMemory.resetPeak()
        resident = ProcessMemory.residentMiB()
    }

    /// Adds the figures since the start to `result`, each name prefixed with `stage` (none for
    /// the whole run): `seconds`, `clientCPU`, `serverCPU` and `peakGrowthMiB`.
    func end(into result: inout RunFigures, stage: String = "") {
        let elapsed = ContinuousClock.now - started
        func name(_ figure: String) -> String { stage.isEmpty ? figure : stage + figure.prefix(1).uppercased() + figure.dropFirst() }
        result[name("seconds")] = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        result[name("clientCPU")] = ProcessCPU.seconds() - clientCPU
        if let before = serverCPU, let after = ProcessCPU.seconds(ofProcess: serverPID) { result[name("serverCPU")] = after - before }
        if let resident, let peak = ProcessMemory.peakResidentMiB() { result[name("peakGrowthMiB")] = max(0, peak - resident) }
    }
}
