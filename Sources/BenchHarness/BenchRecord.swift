import Foundation
import SalesforceCore

/// A suite's result as one self-describing JSON object, the last line it prints and the line
/// `--record` keeps: the suite and its settings, the environment, the plan, every figure with
/// each round's value, its median and spread, ratios computed round by round, and each goal as a
/// boolean. A figure that is missing is `null`, and a goal decided from it is false; in a debug
/// build every goal is false.
package struct BenchRecord: Sendable {
    /// The suite's name (`router`, `smartstore`…).
    package var suite: String
    /// The unit of the figures (`ns/link`, `ms`…).
    package var unit: String
    /// The command that reproduces this run.
    package var command: String
    /// The plan the rounds followed.
    package var plan: RoundPlan
    /// The machine and build.
    package var environment: BenchEnvironment
    /// Sizes and settings (`links: 1000000`).
    package var settings: [(String, Double)] = []
    /// The figures, in the order they were added.
    package var figures: [(String, Sample)] = []
    /// Ratios, each a sample of per-round ratios.
    package var ratios: [(String, Sample)] = []
    /// The goals.
    package var bars: [Bar] = []
    /// What a reader must know (a contender skipped, a check that failed).
    package var notes: [String] = []

    /// A record for `suite`.
    package init(suite: String, unit: String, command: String, plan: RoundPlan, environment: BenchEnvironment) {
        self.suite = suite
        self.unit = unit
        self.command = command
        self.plan = plan
        self.environment = environment
    }

    /// Whether every goal is met (and the build can meet one).
    package var barsHold: Bool { environment.isRelease && bars.allSatisfy(\.isMet) }

    /// The JSON line.
    package var line: String {
        var writer = JSONStreamWriter(reservingCapacity: 2048)
        writer.beginObject()
        writer.key("suite")
        writer.string(suite)
        writer.key("unit")
        writer.string(unit)
        writer.key("command")
        writer.string(command)
        writer.key("environment")
        write(environment, to: &writer)
        writer.key("plan")
        writer.beginObject()
        writer.key("warmUp")
        writer.integer(Int64(plan.warmUp))
        writer.key("rounds")
        writer.integer(Int64(plan.rounds))
        writer.key("order")
        writer.string("alternating (ABBA)")
        writer.endObject()
        writer.key("settings")
        writer.beginObject()
        for (name, value) in settings {
            writer.key(name)
            Self.number(value, to: &writer)
        }
        writer.endObject()
        for (key, samples) in [("figures", figures), ("ratios", ratios)] {
            writer.key(key)
            writer.beginObject()
            for (name, sample) in samples {
                writer.key(name)
                write(sample, to: &writer)
            }
            writer.endObject()
        }
        writer.key("bars")
        writer.beginObject()
        for bar in bars {
            writer.key(bar.name)
            writer.bool(environment.isRelease && bar.isMet)
        }
        writer.endObject()
        writer.key("notes")
        writer.beginArray()
        for note in notes + (environment.isRelease ? [] : ["A debug build: its figures say nothing of the product, and no goal holds."]) {
            writer.string(note)
        }
        writer.endArray()
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func write(_ sample: Sample, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.key("median")
        Self.number(sample.median, to: &writer)
        writer.key("spread")
        Self.number(sample.spread, to: &writer)
        writer.key("rounds")
        writer.beginArray()
        for value in sample.values { Self.number(value, to: &writer) }
        writer.endArray()
        writer.endObject()
    }

    private func write(_ environment: BenchEnvironment, to writer: inout JSONStreamWriter) {
        writer.beginObject()
        writer.key("commit")
        if let commit = environment.commit { writer.string(commit) } else { writer.null() }
        writer.key("dirty")
        if let dirty = environment.isDirty { writer.bool(dirty) } else { writer.null() }
        writer.key("configuration")
        writer.string(environment.configuration)
        writer.key("swift")
        writer.string(environment.swiftVersion)
        writer.key("machine")
        writer.string(environment.machine)
        writer.key("cores")
        writer.integer(Int64(environment.cores))
        writer.key("cpuQuota")
        Self.number(environment.cpuQuota, to: &writer)
        for (key, loads) in [("loadBefore", environment.loadBefore), ("loadAfter", environment.loadAfter)] {
            writer.key(key)
            if let loads {
                writer.beginArray()
                for load in loads { Self.number(load, to: &writer) }
                writer.endArray()
            } else {
                writer.null()
            }
        }
        writer.key("scratchFileSystem")
        if let system = environment.scratchFileSystem { writer.string(system) } else { writer.null() }
        writer.key("date")
        writer.string(ISO8601DateFormatter().string(from: environment.date))
        writer.endObject()
    }

    /// A number rounded to four significant decimals past the point, or `null`.
    private static func number(_ value: Double?, to writer: inout JSONStreamWriter) {
        guard let value, value.isFinite else {
            writer.null()
            return
        }
        writer.double((value * 10_000).rounded() / 10_000)
    }
}
