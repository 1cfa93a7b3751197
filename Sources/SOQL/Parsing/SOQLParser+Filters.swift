extension SOQLParser {
    /// The WITH clause's filter: SECURITY_ENFORCED, USER_MODE, SYSTEM_MODE, DATA CATEGORY,
    /// RecordVisibilityContext (…), or a condition on related criteria (`UserId = '005…'`).
    mutating func parseFilter() throws(SOQLSyntaxError) -> QueryFilter {
        if acceptKeyword("SECURITY_ENFORCED") { return .securityEnforced }
        if acceptKeyword("USER_MODE") { return .userMode }
        if acceptKeyword("SYSTEM_MODE") { return .systemMode }
        if current.isKeyword("DATA"), peek(1).isKeyword("CATEGORY") {
            index += 2
            return .dataCategory(try parseDataCategories())
        }
        if current.isKeyword("RECORDVISIBILITYCONTEXT"), peek(1).isSymbol("(") {
            index += 2
            return .recordVisibilityContext(try parseParameters())
        }
        return .condition(try parseCondition(allowsAggregates: false))
    }

    /// `Group__c AT cat__c AND Other__c BELOW (a__c, b__c)`.
    mutating func parseDataCategories() throws(SOQLSyntaxError) -> [DataCategoryFilter] {
        var filters: [DataCategoryFilter] = []
        repeat {
            let (group, _) = try identifier()
            let (word, position) = try identifier()
            guard let selector = DataCategoryFilter.Selector(rawValue: word.uppercased()) else {
                throw error("unexpected token: \(word); a data category is selected with AT, ABOVE, BELOW or ABOVE_OR_BELOW", at: position)
            }
            var categories: [String] = []
            if acceptSymbol("(") {
                repeat { categories.append(try identifier().0) } while acceptSymbol(",")
                try expectSymbol(")")
            } else {
                categories.append(try identifier().0)
            }
            filters.append(DataCategoryFilter(group: group, selector: selector, categories: categories))
        } while acceptKeyword("AND")
        return filters
    }

    /// `name=value, …)`, the opening parenthesis already read.
    mutating func parseParameters() throws(SOQLSyntaxError) -> [QueryFilter.Parameter] {
        var parameters: [QueryFilter.Parameter] = []
        repeat {
            let (name, _) = try identifier()
            try expectSymbol("=")
            parameters.append(QueryFilter.Parameter(name: name, value: try parseLiteral()))
        } while acceptSymbol(",")
        try expectSymbol(")")
        return parameters
    }
}
