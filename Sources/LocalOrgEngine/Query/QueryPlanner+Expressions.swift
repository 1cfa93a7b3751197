import SOQL

extension QueryPlanner {
    /// An expression compiled to SQL, with what a record or a condition needs to know of it.
    struct CompiledExpression {
        var sql: String
        /// The type of its values; nil when only SQLite knows.
        var type: FieldType?
        /// The field it reads, for a field, `toLabel(field)`, `convertCurrency(field)` or `FORMAT(field)`.
        var field: SObjectField?
        /// The parent records a field-like expression is nested in.
        var steps: [RecordShape.ParentStep] = []
        /// The key it gets in a record when it has no alias; nil for `expr0`, `expr1`, ….
        var naturalName: String?
        /// How its values are shown, for `FORMAT()` and `toLabel()` of a multi-select picklist.
        var presentation: Presentation?
        /// Set for a compound field (an address) and the table its components are on.
        var compound: (field: CompoundField, tableAlias: String)?
        /// Whether it aggregates rows.
        var isAggregate = false
    }

    /// Where an expression is used: what it may contain depends on it.
    enum ExpressionUse {
        case select, condition, grouping, ordering
    }

    /// The GROUP BY items of an aggregate query, which other expressions refer to by equality.
    struct GroupingScope {
        var kind: Grouping.Kind
        /// Each item's text, lower-cased, to find an expression among them.
        var keys: [String]
        var compiled: [CompiledExpression]

        func index(of expression: ValueExpression) -> Int? { keys.firstIndex(of: expression.description.lowercased()) }
    }

    /// Marks an item's SQL in an aggregate query's columns; each grouping set renders it as the
    /// item (grouped) or NULL (subtotalled).
    static func groupedMarker(_ index: Int) -> String { "\u{1}G\(index)\u{2}" }
    /// Marks `GROUPING(item)`: 0 where the item is grouped, 1 on its subtotal rows.
    static func groupingFlagMarker(_ index: Int) -> String { "\u{1}F\(index)\u{2}" }

    func compileExpression(
        _ expression: ValueExpression, in level: QueryLevel, use: ExpressionUse, grouping: GroupingScope? = nil
    ) throws(APIError) -> CompiledExpression {
        if let grouping, let index = grouping.index(of: expression) {
            var grouped = grouping.compiled[index]
            grouped.sql = Self.groupedMarker(index)
            return grouped
        }
        switch expression {
        case .field(let path):
            if grouping != nil { throw errors.malformed("Field must be grouped or aggregated: \(path)", at: path.position) }
            let resolved = try resolve(path, in: level)
            if let compound = resolved.compound {
                guard use == .select else {
                    throw errors.error(
                        "INVALID_FIELD", "field '\(compound.name)' can not be filtered, grouped or sorted in query call", at: path.position)
                }
                return CompiledExpression(
                    sql: "NULL", type: nil, field: resolved.field, steps: resolved.steps, naturalName: compound.name,
                    compound: (compound, resolved.tableAlias))
            }
            return CompiledExpression(
                sql: resolved.sql, type: resolved.field.type, field: resolved.field, steps: resolved.steps, naturalName: resolved.field.name
            )
        case .literal:
            throw errors.malformed("unexpected literal: \(expression)", at: expression.position)
        case .function(let call):
            return try compileFunction(call, in: level, use: use, grouping: grouping)
        }
    }

    private func compileFunction(
        _ call: FunctionCall, in level: QueryLevel, use: ExpressionUse, grouping: GroupingScope?
    ) throws(APIError) -> CompiledExpression {
        guard let function = call.function else { throw errors.malformed("unknown function: \(call.name)", at: call.position) }
        if function.isAggregate { return try compileAggregate(call, function, in: level, use: use) }
        if function.isDateFunction { return try compileDateFunction(call, function, in: level, grouping: grouping) }
        switch function {
        case .toLabel:
            let argument = try onlyArgument(of: call)
            var inner = try compileExpression(argument, in: level, use: use, grouping: grouping)
            guard case .field = argument, let field = inner.field, field.type == .picklist || field.type == .multipicklist else {
                throw errors.error("INVALID_FIELD", "toLabel() applies to picklist fields only: \(argument)", at: call.position)
            }
            if field.type == .multipicklist {
                if use == .select { inner.presentation = .labels(field) }
            } else {
                let cases = field.picklistValues.filter { field.label(ofPicklistValue: $0) != $0 }
                    .map { "WHEN \(sqlLiteral($0)) THEN \(sqlLiteral(field.label(ofPicklistValue: $0)))" }
                if !cases.isEmpty { inner.sql = "(CASE \(inner.sql) \(cases.joined(separator: " ")) ELSE \(inner.sql) END)" }
            }
            inner.type = .string
            return inner
        case .format:
            guard use == .select else { throw errors.malformed("FORMAT() can be used only in SELECT", at: call.position) }
            var inner = try compileExpression(try onlyArgument(of: call), in: level, use: use, grouping: grouping)
            guard inner.compound == nil else { throw errors.malformed("FORMAT() does not apply to compound fields", at: call.position) }
            inner.presentation = .formatted(
                inner.type, ValueFormat(locale: context.locale, timeZone: context.timeZone, currencyCode: context.currencyCode))
            return inner
        case .convertCurrency:
            let argument = try onlyArgument(of: call)
            let inner = try compileExpression(argument, in: level, use: use, grouping: grouping)
            guard case .field = argument, inner.field?.type == .currency else {
                throw errors.error("INVALID_FIELD", "convertCurrency() applies to currency fields only: \(argument)", at: call.position)
            }
            // Every amount is in the org's one currency, which is every user's: converting keeps it.
            return inner
        case .convertTimezone:
            throw errors.malformed(
                "convertTimezone() can be used only inside a date function: HOUR_IN_DAY(convertTimezone(CreatedDate))", at: call.position)
        case .grouping:
            guard let grouping, grouping.kind != .plain else {
                throw errors.malformed("GROUPING() can be used only with GROUP BY ROLLUP or GROUP BY CUBE", at: call.position)
            }
            let argument = try onlyArgument(of: call)
            guard let index = grouping.index(of: argument) else {
                throw errors.malformed("GROUPING() takes a field of the GROUP BY clause: \(argument) is not one", at: call.position)
            }
            return CompiledExpression(sql: Self.groupingFlagMarker(index), type: .int)
        case .distance:
            return try compileDistance(call, in: level, use: use)
        case .geolocation:
            throw errors.malformed(
                "GEOLOCATION() is DISTANCE's second argument: DISTANCE(BillingAddress, GEOLOCATION(37.7, -122.4), 'mi')", at: call.position)
        default:
            throw errors.malformed("unknown function: \(call.name)", at: call.position)
        }
    }

    private func onlyArgument(of call: FunctionCall) throws(APIError) -> ValueExpression {
        guard call.arguments.count == 1 else {
            throw errors.malformed("\(call.name)() takes one argument, not \(call.arguments.count)", at: call.position)
        }
        return call.arguments[0]
    }

    private func compileAggregate(
        _ call: FunctionCall, _ function: SOQLFunction, in level: QueryLevel, use: ExpressionUse
    ) throws(APIError) -> CompiledExpression {
        guard use != .grouping else { throw errors.malformed("GROUP BY cannot use an aggregate: \(call)", at: call.position) }
        guard !call.arguments.isEmpty else { throw errors.malformed("COUNT() must be the only item selected", at: call.position) }
        let argument = try onlyArgument(of: call)
        // Aggregates read the rows themselves, not the groups.
        let inner = try compileExpression(argument, in: level, use: .condition)
        guard !inner.isAggregate else { throw errors.malformed("aggregates cannot nest: \(call)", at: call.position) }
        let type = inner.type
        let numeric: Set<FieldType> = [.int, .double, .currency, .percent]
        switch function {
        case .count: return CompiledExpression(sql: "COUNT(\(inner.sql))", type: .int, isAggregate: true)
        case .countDistinct: return CompiledExpression(sql: "COUNT(DISTINCT \(inner.sql))", type: .int, isAggregate: true)
        case .sum, .average:
            guard let type, numeric.contains(type) else {
                throw errors.malformed("field \(argument) does not support aggregate operator \(function.name)", at: call.position)
            }
            // A sum or average of amounts is an amount (FORMAT writes it as one); an average of whole numbers is not whole.
            if function == .average {
                return CompiledExpression(sql: "AVG(\(inner.sql))", type: type == .int ? .double : type, isAggregate: true)
            }
            return CompiledExpression(sql: "SUM(\(inner.sql))", type: type, isAggregate: true)
        case .minimum: return CompiledExpression(sql: "MIN(\(inner.sql))", type: type, isAggregate: true)
        default: return CompiledExpression(sql: "MAX(\(inner.sql))", type: type, isAggregate: true)
        }
    }

    /// A date function over a date or date-time field, or over `convertTimezone(dateTime)` to
    /// read the parts in the user's time zone (LocalOrg's fiscal year starts in January).
    private func compileDateFunction(
        _ call: FunctionCall, _ function: SOQLFunction, in level: QueryLevel, grouping: GroupingScope?
    ) throws(APIError) -> CompiledExpression {
        var argument = try onlyArgument(of: call)
        var convertsTimezone = false
        if case .function(let inner) = argument, inner.function == .convertTimezone {
            argument = try onlyArgument(of: inner)
            convertsTimezone = true
        }
        let inner = try compileExpression(argument, in: level, use: .condition, grouping: grouping)
        guard let type = inner.type, type == .date || type == .datetime else {
            throw errors.malformed("\(function.name)() takes a date or dateTime field: \(argument) is not one", at: call.position)
        }
        if convertsTimezone, type != .datetime {
            throw errors.malformed("convertTimezone() takes a dateTime field: \(argument) is a date", at: call.position)
        }
        if function == .dayOnly || function == .hourInDay, type != .datetime {
            throw errors.malformed("\(function.name)() takes a dateTime field: \(argument) is a date", at: call.position)
        }
        let value = convertsTimezone ? "lo_local_time(\(inner.sql), \(sqlLiteral(context.timeZone)))" : inner.sql
        let month = "CAST(substr(\(value), 6, 2) AS INTEGER)"
        let dayOfYear = "CAST(strftime('%j', substr(\(value), 1, 10)) AS INTEGER)"
        let sql: String
        switch function {
        case .calendarYear, .fiscalYear: sql = "CAST(substr(\(value), 1, 4) AS INTEGER)"
        case .calendarMonth, .fiscalMonth: sql = month
        case .calendarQuarter, .fiscalQuarter: sql = "((\(month) + 2) / 3)"
        case .dayInMonth: sql = "CAST(substr(\(value), 9, 2) AS INTEGER)"
        case .dayInWeek: sql = "(CAST(strftime('%w', substr(\(value), 1, 10)) AS INTEGER) + 1)"
        case .dayInYear: sql = dayOfYear
        case .dayOnly: sql = "substr(\(value), 1, 10)"
        case .hourInDay: sql = "CAST(substr(\(value), 12, 2) AS INTEGER)"
        case .weekInMonth: sql = "((CAST(substr(\(value), 9, 2) AS INTEGER) - 1) / 7 + 1)"
        default: sql = "((\(dayOfYear) - 1) / 7 + 1)"
        }
        return CompiledExpression(
            sql: sql, type: function == .dayOnly ? .date : .int,
            field: SObjectField(name: call.description, type: function == .dayOnly ? .date : .int))
    }

    /// `DISTANCE(location, GEOLOCATION(latitude, longitude), 'mi' | 'km')`, from an address's or
    /// a geolocation field's coordinates.
    private func compileDistance(_ call: FunctionCall, in level: QueryLevel, use: ExpressionUse) throws(APIError) -> CompiledExpression {
        let usage = "DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'mi')"
        guard call.arguments.count == 3, case .field(let path) = call.arguments[0],
            case .function(let point) = call.arguments[1], point.function == .geolocation, point.arguments.count == 2,
            case .literal(.string(let unit)) = call.arguments[2], ["mi", "km"].contains(unit.lowercased())
        else {
            throw errors.malformed("DISTANCE takes a location, a GEOLOCATION and 'mi' or 'km': \(usage)", at: call.position)
        }
        func degrees(_ argument: ValueExpression, within limit: Double) throws(APIError) -> Double {
            let number: Double?
            switch argument {
            case .literal(.integer(let whole)): number = Double(whole)
            case .literal(.decimal(let text)): number = Double(text)
            default: number = nil
            }
            guard let number, number.isFinite, abs(number) <= limit else {
                throw errors.malformed("GEOLOCATION takes a latitude from -90 to 90 and a longitude from -180 to 180", at: point.position)
            }
            return number
        }
        let latitude = try degrees(point.arguments[0], within: 90)
        let longitude = try degrees(point.arguments[1], within: 180)
        let resolved = try resolve(path, in: level)
        guard let compound = resolved.compound, let latitudeField = compound.latitudeField, let longitudeField = compound.longitudeField
        else {
            throw errors.error("INVALID_FIELD", "DISTANCE needs a location or address field: \(path) is not one", at: path.position)
        }
        let alias = resolved.tableAlias
        let sql =
            "lo_distance(\(alias).\(OrgDatabase.quoted(latitudeField)), \(alias).\(OrgDatabase.quoted(longitudeField)), "
            + "\(latitude), \(longitude), \(sqlLiteral(unit.lowercased())))"
        return CompiledExpression(sql: sql, type: .double, field: SObjectField(name: call.description, type: .double))
    }
}
