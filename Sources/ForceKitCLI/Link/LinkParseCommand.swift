import ArgumentParser
import SalesforceCore
import SalesforceLinks

/// `forcekit link parse`: read Salesforce app links.
struct LinkParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse Salesforce app links (salesforce1://sObject/<id>/<action>) and show what they hold.",
        discussion: "Exit status: 0 when every link parsed, 1 when any did not."
    )

    @Option(name: .long, help: "The scheme the links use.")
    var scheme = SalesforceLink.defaultScheme

    @Flag(name: .long, help: "Print one JSON object per link.")
    var json = false

    @Argument(help: "The links to parse.")
    var urls: [String]

    func run() async throws {
        try await InputBatch.run(urls, json: json) { text in
            let link = try SalesforceLink(parsing: text, scheme: scheme)
            return json ? jsonLine(text, link) : describe(text, link)
        }
    }

    private func fields(_ link: SalesforceLink) -> [(String, String?)] {
        [
            ("scheme", link.scheme), ("action", link.action.rawValue), ("id", link.writtenID),
            ("id18", link.recordID?.id18), ("keyPrefix", link.recordID?.keyPrefix), ("objectType", link.objectType),
            ("orgId", link.orgID), ("networkId", link.networkID), ("userId", link.userID),
            ("redirectURL", link.redirectURL), ("followerId", link.followerID),
        ]
    }

    private func jsonLine(_ text: String, _ link: SalesforceLink) -> String {
        var line = JSONLine()
        line.add("url", text)
        for (key, value) in fields(link) { line.add(key, value) }
        return line.text
    }

    private func describe(_ text: String, _ link: SalesforceLink) -> String {
        let present = fields(link).compactMap { key, value in value.map { TextField.line(key, $0) } }
        let warnings = link.warnings.map { TextField.line("warning", $0) }
        return ([text] + present + warnings).joined(separator: "\n")
    }
}
