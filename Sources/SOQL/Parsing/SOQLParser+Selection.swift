extension SOQLParser {
    mutating func parseSelectItem(allowsSubquery: Bool) throws(SOQLSyntaxError) -> SelectItem {
        if current.isSymbol("(") {
            guard allowsSubquery else { throw unexpected() }
            _ = advance()
            let subquery = try nested { parser throws(SOQLSyntaxError) in try parser.parseQuery(nested: .child) }
            try expectSymbol(")")
            return .subquery(subquery)
        }
        if current.isKeyword("TYPEOF"), case .identifier = peek(1).kind, !peek(1).isKeyword("FROM"), let typeOf = try parseTypeOf() {
            return .typeOf(typeOf)
        }
        if current.isKeyword("FIELDS"), peek(1).isSymbol("("), case .identifier(let name) = peek(2).kind,
            let group = FieldGroup(rawValue: name.uppercased()), peek(3).isSymbol(")")
        {
            index += 4
            return .fields(group)
        }
        let expression = try parseValueExpression()
        return .expression(expression, alias: acceptAlias())
    }

    /// `TYPEOF field WHEN Type THEN fields … [ELSE fields] END`, or nil (with nothing read) when
    /// `TYPEOF` is a field's name.
    private mutating func parseTypeOf() throws(SOQLSyntaxError) -> TypeOf? {
        let start = index
        _ = advance()
        let field = try parseFieldPath()
        guard current.isKeyword("WHEN") || current.isKeyword("ELSE") else {
            index = start
            return nil
        }
        var typeOf = TypeOf(field: field, branches: [])
        while acceptKeyword("WHEN") {
            let (objectType, _) = try identifier()
            try expectKeyword("THEN")
            typeOf.branches.append(TypeOf.Branch(objectType: objectType, fields: try parseFieldList()))
        }
        if acceptKeyword("ELSE") { typeOf.elseFields = try parseFieldList() }
        try expectKeyword("END")
        return typeOf
    }

    private mutating func parseFieldList() throws(SOQLSyntaxError) -> [FieldPath] {
        var fields: [FieldPath] = []
        repeat { fields.append(try parseFieldPath()) } while acceptSymbol(",")
        return fields
    }

    mutating func parseFieldPath() throws(SOQLSyntaxError) -> FieldPath {
        if case .identifier(let name) = current.kind, Self.reservedWords.contains(name.uppercased()) { throw unexpected() }
        let (first, position) = try identifier()
        var components = [first]
        while acceptSymbol(".") { components.append(try identifier().0) }
        return FieldPath(components, position: position)
    }

    /// A field path, or a function call (`name(` …): `CALENDAR_YEAR(CreatedDate)`, `COUNT()`,
    /// `FORMAT(MIN(CloseDate))`, `DISTANCE(BillingAddress, GEOLOCATION(1, 2), 'mi')`.
    mutating func parseValueExpression() throws(SOQLSyntaxError) -> ValueExpression {
        guard case .identifier(let name) = current.kind, peek(1).isSymbol("(") else { return .field(try parseFieldPath()) }
        let position = current.position
        index += 2
        let arguments = try nested { parser throws(SOQLSyntaxError) -> [ValueExpression] in
            var arguments: [ValueExpression] = []
            guard !parser.current.isSymbol(")") else { return arguments }
            repeat { arguments.append(try parser.parseArgument()) } while parser.acceptSymbol(",")
            return arguments
        }
        try expectSymbol(")")
        return .function(FunctionCall(name, arguments, position: position))
    }

    /// A function's argument: a field, a function, or a literal (`37.77`, `-122.4`, `'mi'`).
    private mutating func parseArgument() throws(SOQLSyntaxError) -> ValueExpression {
        switch current.kind {
        case .identifier(let name) where !["NULL", "TRUE", "FALSE"].contains(name.uppercased()):
            return try parseValueExpression()
        case .symbol(":"):
            throw bindVariable()
        case .symbol:
            throw unexpected()
        default:
            return .literal(try parseLiteral())
        }
    }
}
