import SalesforceCore

extension SalesforceLink {
    /// Parses a Salesforce app link.
    ///
    /// Accepts the 2014 guide's form, with parameters joined to the action by `&`
    /// (`…/view&s1oid=…`), and a normal `?` query; the `s1oid`, `s1nid`, `s1uid` names and the
    /// guide's `sloid`, `slnid`, `sluid` spellings; whitespace inside the link (the guide wraps
    /// one example across lines); and any letter case in the scheme, `sObject` and the action.
    /// - Parameters:
    ///   - text: the link.
    ///   - scheme: the scheme to accept, `salesforce1` unless the app registered another.
    /// - Throws: ``SalesforceLinkError`` saying what is wrong.
    public init(parsing text: String, scheme: String = SalesforceLink.defaultScheme) throws(SalesforceLinkError) {
        let compact = String(text.unicodeScalars.filter { !($0.isASCII && $0.properties.isWhitespace) })
        guard let separator = compact.firstRange(of: "://") else { throw .missingScheme }
        let foundScheme = String(compact[..<separator.lowerBound])
        guard foundScheme.lowercased() == scheme.lowercased() else {
            throw .unsupportedScheme(found: foundScheme, expected: scheme)
        }
        let rest = compact[separator.upperBound...]
        let split = rest.firstIndex { $0 == "&" || $0 == "?" } ?? rest.endIndex
        let route = rest[..<split]
        let query = split < rest.endIndex ? rest[rest.index(after: split)...] : ""

        var segments = route.split(atScalars: ["/"], omittingEmptyParts: false)
        if segments.last?.isEmpty == true, segments.count > 1 { segments.removeLast() }
        guard let kind = segments.first, !kind.isEmpty else { throw .malformedRoute(String(route)) }
        guard kind.lowercased() == "sobject" else { throw .unsupportedObjectKind(String(kind)) }
        guard segments.count >= 2, !segments[1].isEmpty else { throw .missingId }
        guard segments.count >= 3, !segments[2].isEmpty else { throw .missingAction }
        guard segments.count == 3 else { throw .malformedRoute(String(route)) }
        guard let action = SalesforceLinkAction(rawValue: segments[2].lowercased()) else {
            throw .unknownAction(String(segments[2]))
        }
        let target = try Self.target(forIdOrName: String(segments[1]), action: action)
        self.init(scheme: foundScheme, target: target, action: action, parameters: LinkParameters(parsing: query))
    }
}
