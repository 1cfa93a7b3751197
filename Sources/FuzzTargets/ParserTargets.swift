import DeepLinking
import Foundation
import LocalOrgEngine
import SOQL
import SalesforceCore
import SalesforceLinks
import SalesforceREST

extension FuzzTarget {
    /// SOQL statements into the parser; what it reads must print back to SOQL that reads the same.
    static let soql = FuzzTarget(
        name: "soql", summary: "SOQL statements into the SOQL parser; what it reads must print back to text that reads the same"
    ) { bytes in
        guard let query = try? SOQLQuery(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
        let printed = query.description
        guard let reread = try? SOQLQuery(parsing: printed) else {
            fatalError("SOQL printed from a parsed statement does not parse: \(printed)")
        }
        guard reread == query else { fatalError("SOQL does not print back to the same statement: \(printed)") }
    }

    /// SOSL statements and search terms into their parsers; a statement must print back to one that reads the same.
    static let sosl = FuzzTarget(
        name: "sosl", summary: "SOSL statements and search terms into their parsers; statements must print back to text that reads the same"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? SearchExpression(parsing: text)
        guard let search = try? SOSLQuery(parsing: text) else { return }
        let printed = search.description
        guard let reread = try? SOSLQuery(parsing: printed) else {
            fatalError("SOSL printed from a parsed statement does not parse: \(printed)")
        }
        guard reread == search else { fatalError("SOSL does not print back to the same statement: \(printed)") }
    }

    /// JSON documents into the reader; what it reads must read back the same once written, and
    /// read the same when the elements of its `records` are located, each element's text being that element.
    static let json = FuzzTarget(
        name: "json",
        summary: "JSON into the reader; what it reads must read back equal once written, and its records' located texts be them"
    ) { bytes in
        guard let value = try? JSON(parsing: bytes) else { return }
        let written = value.serializedBytes()
        guard let reread = try? JSON(parsing: written) else {
            fatalError("JSON written from a parsed document does not parse: \(String(decoding: written, as: UTF8.self))")
        }
        guard reread.serializedBytes() == written else {
            fatalError("JSON does not read back the same: \(String(decoding: written, as: UTF8.self))")
        }
        // Read again locating the elements of a query page's records (as Mobile Sync does to
        // store each record as sent): the same value, and each element's text is that element.
        guard let (located, ranges) = try? JSON.parsing(bytes, locatingElementsOf: "records"), located == value else {
            fatalError("JSON read while locating elements differs: \(String(decoding: written, as: UTF8.self))")
        }
        let elements = value["records"]?.arrayValue ?? []
        guard ranges.isEmpty || ranges.count == elements.count else { fatalError("\(ranges.count) ranges for \(elements.count) elements") }
        for (range, element) in zip(ranges, elements) where (try? JSON(parsing: bytes[range])) != element {
            fatalError("An element's located text is not the element: \(String(decoding: bytes[range], as: UTF8.self))")
        }
    }

    /// `MobileDeepLinkingConfig.json` files into the configuration reader, and every route of
    /// one that reads into the router, with links made from the configuration's own patterns.
    static let deepLinkConfig = FuzzTarget(
        name: "deeplink-config", summary: "MobileDeepLinkingConfig.json into the reader, then its routes into the router"
    ) { bytes in
        guard let configuration = try? DeepLinkConfiguration(data: Data(bytes)) else { return }
        var router = DeepLinkRouter(configuration: configuration)
        router.logHandler = nil
        for pattern in configuration.routes.prefix(16).compactMap(\.pattern) {
            let link = "app://" + pattern.text.replacingOccurrences(of: ":", with: "")
            _ = try? router.match(link)
            _ = try? router.candidates(for: link)
        }
    }

    /// Links into a router with a fixed configuration that has every kind of route.
    static let deepLinkRoute = FuzzTarget(name: "deeplink-route", summary: "links into a router with every kind of route") { bytes in
        let link = String(decoding: bytes, as: UTF8.self)
        _ = try? FuzzFixtures.router.match(link)
        _ = try? FuzzFixtures.router.candidates(for: link)
        if let url = URL(string: link) { _ = try? FuzzFixtures.router.match(url) }
    }

    /// Salesforce app links into the link parser, and what the signed-in user should do with them.
    static let salesforceLink = FuzzTarget(name: "salesforce-link", summary: "salesforce1:// links into the parser and the decision") {
        bytes in
        guard let link = try? SalesforceLink(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
        _ = SalesforceLinkDecision.decide(link, signedIn: FuzzFixtures.user)
        _ = try? link.url()
    }

    /// Bulk API 2.0 results into the CSV reader; what it reads must read back the same once
    /// written by LocalOrg's CSV writer (values quoted, quotes doubled, nulls empty).
    static let bulkCSV = FuzzTarget(name: "bulk-csv", summary: "Bulk API 2.0 CSV results into the reader; what it reads must read back") {
        bytes in
        guard let rows = try? BulkCSV.rows(bytes) else { return }
        var written: [UInt8] = []
        for row in rows { CSVFormat.append(row, delimiter: .comma, lineEnding: .lf, to: &written) }
        guard (try? BulkCSV.rows(written)) == rows else {
            fatalError("CSV does not read back the same: \(String(decoding: written, as: UTF8.self))")
        }
    }
}
