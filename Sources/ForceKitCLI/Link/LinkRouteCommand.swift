import ArgumentParser
import DeepLinking
import Foundation
import SalesforceCore

/// `forcekit link route`: route links through a configuration and show where they go.
struct LinkRouteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Route links with a MobileDeepLinkingConfig.json and show the route, parameters, handlers and screen.",
        discussion: """
            Handlers are stand-ins that record that they ran. With --handler, only the named \
            handlers are registered (NAME:KEY=VALUE also sets a parameter, as a real handler \
            might); without it, every handler the configuration names is registered.

            Exit status: 0 when every link was read (routed or not), 1 when any link failed, \
            2 when the configuration or the links file cannot be used, 64 (a usage error) when one is not there.
            """
    )

    @Option(name: .long, help: ArgumentHelp("The MobileDeepLinkingConfig.json to route with.", valueName: "file"))
    var config: String

    @Option(
        name: .customLong("handler"),
        help: ArgumentHelp(
            "Register a recording handler, optionally setting a parameter (repeatable).", valueName: "name[:key=value]"))
    var handlers: [HandlerSpec] = []

    @Option(name: .long, help: ArgumentHelp("Also route the links in this file, one per line ('#' starts a comment).", valueName: "file"))
    var links: String?

    @Option(name: .long, help: "The device whose storyboard to show: phone or pad.")
    var idiom: IdiomOption = .phone

    @Flag(name: .long, help: "Print one JSON object per link.")
    var json = false

    @Argument(help: "The links to route.")
    var urls: [String] = []

    func validate() throws {
        if urls.isEmpty && links == nil { throw ValidationError("Give at least one link, or --links FILE.") }
        try InputPath.requireFile(config, given: "--config")
        try InputPath.requireFile(links, given: "--links")
    }

    func run() async throws {
        let configuration: DeepLinkConfiguration
        do {
            configuration = try DeepLinkConfiguration(contentsOf: URL(fileURLWithPath: config))
        } catch {
            Console.printFailure("\(config): \(error)")
            throw ExitCode(2)
        }
        // The format ignores unknown keys, so any JSON object reads as a configuration: one that
        // routes nothing is the wrong file.
        if configuration.routes.isEmpty && configuration.defaultRoute == nil {
            Console.printFailure(
                "\(config) has no \"routes\" and no \"defaultRoute\": it is not a MobileDeepLinkingConfig.json, or it routes nothing."
            )
            throw ExitCode(2)
        }
        var router = DeepLinkRouter(configuration: configuration)
        let specs = handlers.isEmpty ? configuration.handlerNames.map { HandlerSpec(name: $0) } : handlers
        for (name, assignments) in HandlerSpec.merged(specs) {
            router.register(name) { parameters in
                for (key, value) in assignments { parameters[key] = value }
            }
        }
        try await InputBatch.run(try allLinks(), json: json) { link in
            let outcome = try await router.route(link)
            return json ? jsonLine(link, outcome) : text(link, outcome)
        }
    }

    private func allLinks() throws -> [String] {
        guard let links else { return urls }
        let text: String
        do {
            text = String(decoding: try UserFiles.contents(of: links), as: UTF8.self)
        } catch {
            Console.printFailure("the links file \(error.description)")
            throw ExitCode(2)
        }
        let fromFile = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return urls + fromFile
    }

    private func jsonLine(_ link: String, _ outcome: DeepLinkOutcome) -> String {
        let routing = outcome.routing
        let screen = routing?.screen
        var line = JSONLine()
        line.add("url", link)
        line.add("route", routing?.match.route.name)
        line.add("parameters", routing?.parameters.dictionary ?? [:])
        line.add("handlers", outcome.handlersRun)
        line.add("class", screen?.className)
        line.add("identifier", screen?.identifier)
        line.add("storyboard", screen?.storyboardName(for: idiom.deviceIdiom))
        return line.text
    }

    private func text(_ link: String, _ outcome: DeepLinkOutcome) -> String {
        guard let routing = outcome.routing else {
            return link + "\n" + TextField.line("not routed", "no route matches and there is no default route")
        }
        var lines = [link]
        let fallback = routing.match.droppedSegments > 0 ? "  (fallback)" : ""
        lines.append(TextField.line("route", routing.match.route.name + fallback))
        if !routing.parameters.isEmpty { lines.append(TextField.line("parameters", "\(routing.parameters)")) }
        if !routing.handlersRun.isEmpty { lines.append(TextField.line("handlers", routing.handlersRun.joined(separator: " → "))) }
        if let screen = routing.screen {
            var details: [String] = []
            if let identifier = screen.identifier { details.append("identifier \(identifier)") }
            if let storyboard = screen.storyboardName(for: idiom.deviceIdiom) { details.append("storyboard \(storyboard)") }
            let name = screen.className ?? "(storyboard screen)"
            lines.append(TextField.line("screen", name + (details.isEmpty ? "" : " (\(details.joined(separator: ", ")))")))
        }
        return lines.joined(separator: "\n")
    }
}

/// `NAME` or `NAME:KEY=VALUE`.
struct HandlerSpec: ExpressibleByArgument, Equatable {
    var name: String
    var assignment: (key: String, value: String)?

    init(name: String, assignment: (key: String, value: String)? = nil) {
        self.name = name
        self.assignment = assignment
    }

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else {
            guard !argument.isEmpty else { return nil }
            self.init(name: argument)
            return
        }
        let name = String(argument[..<colon])
        let rest = argument[argument.index(after: colon)...]
        guard !name.isEmpty, let equals = rest.firstIndex(of: "="), equals > rest.startIndex else { return nil }
        self.init(name: name, assignment: (String(rest[..<equals]), String(rest[rest.index(after: equals)...])))
    }

    static func == (lhs: HandlerSpec, rhs: HandlerSpec) -> Bool {
        lhs.name == rhs.name && lhs.assignment?.key == rhs.assignment?.key && lhs.assignment?.value == rhs.assignment?.value
    }

    /// One entry per handler name, in first-mention order, with all of its assignments.
    static func merged(_ specs: [HandlerSpec]) -> [(String, [(String, String)])] {
        var order: [String] = []
        var assignments: [String: [(String, String)]] = [:]
        for spec in specs {
            if assignments[spec.name] == nil {
                order.append(spec.name)
                assignments[spec.name] = []
            }
            if let assignment = spec.assignment { assignments[spec.name, default: []].append(assignment) }
        }
        return order.map { ($0, assignments[$0] ?? []) }
    }
}

/// `--idiom phone|pad`.
enum IdiomOption: String, ExpressibleByArgument, CaseIterable {
    case phone, pad

    var deviceIdiom: DeviceIdiom { self == .phone ? .phone : .pad }
}
