/// One thing the fuzzer drives: a parser, a query engine or a server, fed one input at a time.
///
/// A target turns any bytes into a call and accepts any outcome but a crash: an error is the
/// right answer to most inputs. Where a property must hold for every input (a parsed JSON
/// document reads back the same after writing), the target checks it and traps when it does
/// not, so the fuzzer reports it like a crash.
package struct FuzzTarget: Sendable {
    /// The name the script and `forcekit-fuzz` use, also the folder of its corpus.
    package let name: String
    /// What it feeds and to what.
    package let summary: String
    /// Feeds one input.
    package let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order the script runs them.
    package static let all: [FuzzTarget] = [
        .soql, .sosl, .json, .deepLinkConfig, .deepLinkRoute, .salesforceLink, .smartSQL, .queryEngine, .localOrgHTTP, .syncInput,
        .idpMessage, .bulkCSV,
    ]

    /// The target named `name`, if there is one.
    package static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
