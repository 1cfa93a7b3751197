import SOQL
import Testing

/// Every form of the SOQL and SOSL Reference's grammar, written as the reference writes it: each
/// parses, and prints back to text that parses to the same tree.
@Suite("The documented grammar")
struct SOQLGrammarTests {
    /// Statements from the SOQL reference (SELECT syntax, functions, WITH, GROUP BY, FOR, UPDATE),
    /// among them every form ForceKit refused before (the first block).
    static let documentedStatements = [
        // Refused by ForceKit and LocalOrg before.
        "SELECT Id, Name FROM Account WITH SECURITY_ENFORCED",
        "SELECT Name FROM Account USING SCOPE mine",
        "SELECT FIELDS(STANDARD) FROM Contact",
        "SELECT toLabel(Industry) FROM Account",
        "SELECT FORMAT(AnnualRevenue) FROM Account",
        "SELECT TYPEOF Owner WHEN User THEN Name END FROM Account",
        "SELECT Id FROM Opportunity WHERE CALENDAR_YEAR(CreatedDate) >= 2000",
        "SELECT Id FROM Opportunity WHERE DAY_ONLY(CreatedDate) <= TODAY",
        "SELECT Id FROM Account FOR VIEW",
        "SELECT Id FROM Account FOR REFERENCE",
        "SELECT Name, DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'mi') dist FROM Account",
        "SELECT LeadSource, COUNT(Name) cnt FROM Lead GROUP BY ROLLUP(LeadSource)",
        "SELECT Type, BillingCountry, GROUPING(Type) grpType, GROUPING(BillingCountry) grpCty, COUNT(Id) accts FROM Account GROUP BY CUBE(Type, BillingCountry) ORDER BY GROUPING(Type), GROUPING(BillingCountry)",
        "SELECT CALENDAR_YEAR(CreatedDate), SUM(Amount) FROM Opportunity GROUP BY CALENDAR_YEAR(CreatedDate)",
        "SELECT FORMAT(COUNT_DISTINCT(Company)) companies FROM Lead",
        "SELECT FIELDS(ALL) FROM Account LIMIT 200",
        // SELECT
        "SELECT Id, Name, BillingCity FROM Account",
        "SELECT count() FROM Contact",
        "SELECT Contact.Firstname, Contact.Account.Name FROM Contact",
        "SELECT Name, Id, FIELDS(CUSTOM) FROM Account LIMIT 200",
        "SELECT Account.Name, (SELECT FIELDS(ALL) FROM Account.Contacts LIMIT 200) FROM Account",
        "SELECT Account.Name, (SELECT Contact.LastName FROM Account.Contacts) FROM Account",
        "SELECT Name, (SELECT LastName FROM Contacts WHERE LastName LIKE 'S%' ORDER BY LastName LIMIT 5 OFFSET 1) FROM Account",
        "SELECT TYPEOF What WHEN Account THEN Phone, NumberOfEmployees WHEN Opportunity THEN Amount, CloseDate ELSE Name, Email END FROM Event",
        "SELECT Id, TYPEOF What WHEN Account THEN Name ELSE Name END, Subject FROM Task",
        "SELECT Company, toLabel(Recordtype.Name) FROM Lead",
        "SELECT Company, toLabel(Status) FROM Lead WHERE toLabel(Status) = 'le Draft'",
        "SELECT Id, LastModifiedDate, FORMAT(LastModifiedDate) formattedDate FROM Account",
        "SELECT amount, FORMAT(amount) Amt, convertCurrency(amount) editDate, FORMAT(convertCurrency(amount)) convertedCurrency FROM Opportunity where id = '12345'",
        "SELECT FORMAT(MIN(closedate)) Amt FROM opportunity",
        "SELECT Id, convertCurrency(AnnualRevenue) FROM Account",
        "SELECT HOUR_IN_DAY(convertTimezone(CreatedDate)), SUM(Amount) FROM Opportunity GROUP BY HOUR_IN_DAY(convertTimezone(CreatedDate))",
        "SELECT CALENDAR_MONTH(CloseDate), CALENDAR_QUARTER(CloseDate), DAY_IN_MONTH(CloseDate), DAY_IN_WEEK(CloseDate), DAY_IN_YEAR(CloseDate), COUNT(Id) FROM Opportunity GROUP BY CALENDAR_MONTH(CloseDate), CALENDAR_QUARTER(CloseDate), DAY_IN_MONTH(CloseDate), DAY_IN_WEEK(CloseDate), DAY_IN_YEAR(CloseDate)",
        "SELECT FISCAL_MONTH(CloseDate), FISCAL_QUARTER(CloseDate), FISCAL_YEAR(CloseDate), WEEK_IN_MONTH(CloseDate), WEEK_IN_YEAR(CloseDate), COUNT(Id) FROM Opportunity GROUP BY FISCAL_MONTH(CloseDate), FISCAL_QUARTER(CloseDate), FISCAL_YEAR(CloseDate), WEEK_IN_MONTH(CloseDate), WEEK_IN_YEAR(CloseDate)",
        "SELECT COUNT(Id), COUNT_DISTINCT(Industry), AVG(AnnualRevenue), MIN(AnnualRevenue), MAX(CreatedDate), SUM(AnnualRevenue) FROM Account",
        "SELECT Name, MAX(Amount), MIN(Amount) min, SUM(Amount) FROM Opportunity GROUP BY Name HAVING COUNT(Id) > 1",
        "SELECT Status, LeadSource, COUNT(Name) cnt FROM Lead GROUP BY ROLLUP(Status, LeadSource)",
        "SELECT Name FROM Account WHERE DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'km') < 20 ORDER BY DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'km') LIMIT 10",
        "SELECT count() FROM Contact c, c.Account a WHERE a.name = 'MyriadPubs'",
        "SELECT Id FROM Order",
        "SELECT Id, Name FROM Group",
        // WHERE
        "SELECT Id, MSP1__c FROM CustObj__c WHERE MSP1__c INCLUDES ('AAA;BBB', 'CCC')",
        "SELECT Id FROM CustObj__c WHERE MSP1__c EXCLUDES ('AAA')",
        "SELECT Id FROM Opportunity WHERE Amount > USD5000",
        "SELECT Id FROM Opportunity WHERE Amount < EUR1200.50 OR Amount = JPY100000",
        "SELECT Id FROM Account WHERE Id IN (SELECT AccountId FROM Opportunity WHERE StageName = 'Closed Lost')",
        "SELECT Id FROM Account WHERE Id NOT IN (SELECT AccountId FROM Opportunity WHERE IsClosed = false)",
        "SELECT Id FROM Account WHERE BillingState IN ('California', 'New York') AND NOT Name LIKE '%test%'",
        "SELECT Id FROM Account WHERE (Name = 'a' OR Name = 'b') AND (Industry = 'x' OR NOT Industry = 'y')",
        "SELECT Name FROM Account WHERE Name LIKE 'appl\\_%' ORDER BY Name ASC NULLS LAST",
        "SELECT Name FROM Account WHERE CreatedDate > 2005-10-08T01:02:03Z",
        "SELECT Name FROM Account WHERE CreatedDate > 2005-10-08T01:02:03+01:00 AND CreatedDate < 2005-10-08T01:02:03-08:00",
        "SELECT Name FROM Account WHERE CreatedDate = LAST_N_DAYS:365 AND LastModifiedDate = N_DAYS_AGO:3",
        "SELECT Id FROM Opportunity WHERE CloseDate = NEXT_N_FISCAL_QUARTERS:2 OR CloseDate = THIS_FISCAL_YEAR",
        "SELECT Id FROM Contact WHERE Birthdate = 2000-02-29 AND Name != null AND Name <> 'x'",
        "SELECT Id FROM Case WHERE Contact.LastName = null",
        "SELECT Id, What.Name, What.Type FROM Event WHERE What.Type IN ('Account', 'Opportunity')",
        "SELECT Name FROM Account WHERE Name = 'It\\'s a \\\"test\\\"\\n\\\\'",
        // WITH
        "SELECT Id FROM Account WITH USER_MODE",
        "SELECT Id FROM Account WITH SYSTEM_MODE",
        "SELECT Title FROM KnowledgeArticleVersion WHERE PublishStatus = 'online' WITH DATA CATEGORY Geography__c ABOVE usa__c",
        "SELECT Title FROM Question WHERE LastReplyDate > 2005-10-08T01:02:03Z WITH DATA CATEGORY Geography__c AT (usa__c, uk__c) AND Product__c BELOW mobile_phones__c",
        "SELECT Title FROM KnowledgeArticleVersion WITH DATA CATEGORY Product__c ABOVE_OR_BELOW mobile_phones__c",
        "SELECT Id FROM UserProfileFeed WITH UserId = '005D0000001AamR' ORDER BY CreatedDate DESC, Id DESC LIMIT 20",
        "SELECT Id, RecordVisibility.VisibilityAttribute FROM Account WHERE Id = 'xxx' WITH RecordVisibilityContext (maxDescriptorPerRecord=100, supportsDomains=true, supportsDelegates=true)",
        // ORDER BY, LIMIT, OFFSET, FOR, UPDATE
        "SELECT Name FROM Account ORDER BY Name DESC NULLS LAST, CreatedDate NULLS FIRST LIMIT 10 OFFSET 5",
        "SELECT Name FROM Account ORDER BY CALENDAR_YEAR(CreatedDate), toLabel(Industry)",
        "SELECT Id FROM Account LIMIT 1 FOR UPDATE",
        "SELECT Id FROM Account FOR VIEW, REFERENCE",
        "SELECT Title FROM FAQ__kav WHERE PublishStatus = 'online' AND Language = 'en_US' UPDATE VIEWSTAT",
        "SELECT Title FROM FAQ__kav WHERE Keyword = 'Apex' UPDATE TRACKING, VIEWSTAT",
        "SELECT Name FROM Account WHERE Name = 'a' WITH SECURITY_ENFORCED ORDER BY Name LIMIT 5 OFFSET 1 FOR VIEW",
    ]

    /// Statements from the SOSL reference.
    static let documentedSearches = [
        "FIND {MyProspect}",
        "FIND {mylead@email.com} IN EMAIL FIELDS RETURNING Contact",
        "FIND {Joe Smith} IN NAME FIELDS RETURNING lead(name, phone Where createddate = THIS_FISCAL_QUARTER)",
        "FIND {\"Joe Smith\" OR \"Joe Smythe\"} IN NAME FIELDS RETURNING lead(name, phone), contact(name, phone)",
        "FIND {test} RETURNING Account (Id, Name, Rating, Type ORDER BY Id DESC LIMIT 10 OFFSET 10)",
        "FIND {test} RETURNING Account (Id), Contact, Opportunity LIMIT 60",
        "FIND {Acme} RETURNING Account(Name USING ListView = Recent)",
        "FIND {Acme} RETURNING Account(Id, LastModifiedDate, FORMAT(LastModifiedDate) FormattedDate)",
        "FIND {Acme} RETURNING Account(AnnualRevenue, FORMAT(convertCurrency(AnnualRevenue)) convertedCurrency, toLabel(Industry))",
        "FIND {Acme} IN SIDEBAR FIELDS WITH DIVISION = 'Global'",
        "FIND {tourism} RETURNING KnowledgeArticleVersion (Id, Title WHERE PublishStatus = 'online' AND Language = 'en_US') WITH DATA CATEGORY Location__c AT America__c",
        "FIND {first} RETURNING KnowledgeArticleVersion(Id, Title WHERE PublishStatus = 'online') WITH SNIPPET (target_length=120)",
        "FIND {first} WITH SNIPPET",
        "FIND {Acme} WITH NETWORK = '0DBxx0000000003'",
        "FIND {Acme} WITH NETWORK IN ('0DBxx0000000003', '0DBxx0000000004')",
        "FIND {Cloud Kicks} RETURNING Account (Name, Industry) WITH HIGHLIGHT",
        "FIND {Acme} RETURNING Account WITH SPELL_CORRECTION = false",
        "FIND {Acme} RETURNING Account WITH METADATA = 'LABELS'",
        "FIND {shoe} RETURNING Product2 WITH PricebookId = '01sxx0000002MffAAE'",
        "FIND {Acme} RETURNING Account WITH SECURITY_ENFORCED",
        "FIND {Salesforce} RETURNING KnowledgeArticleVersion (Title WHERE PublishStatus = 'Online') UPDATE TRACKING",
        "FIND {Salesforce} RETURNING FAQ__kav (Title) UPDATE VIEWSTAT, TRACKING",
        "FIND {acme* AND NOT \"grand hotel\"} IN PHONE FIELDS RETURNING Account(Name ORDER BY Name), Contact(Email WHERE Email != null LIMIT 5) LIMIT 20",
    ]

    @Test("each documented SOQL form parses, and prints back to text that parses to the same tree", arguments: documentedStatements)
    func statement(_ text: String) throws {
        let query = try SOQLQuery(parsing: text)
        let printed = query.description
        #expect(try SOQLQuery(parsing: printed) == query, "printed as: \(printed)")
        #expect(try SOQLQuery(parsing: printed).description == printed)
    }

    @Test("each documented SOSL form parses, and prints back to text that parses to the same statement", arguments: documentedSearches)
    func search(_ text: String) throws {
        let search = try SOSLQuery(parsing: text)
        let printed = search.description
        #expect(try SOSLQuery(parsing: printed) == search, "printed as: \(printed)")
    }

    @Test("the forms read into the tree the reference describes")
    func shapes() throws {
        let secured = try SOQLQuery(parsing: "SELECT Id, Name FROM Account WITH SECURITY_ENFORCED")
        #expect(secured.filter == .securityEnforced)
        #expect(try SOQLQuery(parsing: "SELECT Name FROM Account USING SCOPE mine").scope == "mine")
        #expect(try SOQLQuery(parsing: "SELECT FIELDS(STANDARD) FROM Contact").selection == [.fields(.standard)])
        let typeOf = try SOQLQuery(
            parsing: "SELECT TYPEOF What WHEN Account THEN Phone, NumberOfEmployees WHEN Opportunity THEN Amount ELSE Name END FROM Event")
        #expect(
            typeOf.selection == [
                .typeOf(
                    TypeOf(
                        field: FieldPath(["What"]),
                        branches: [
                            .init(objectType: "Account", fields: [FieldPath(["Phone"]), FieldPath(["NumberOfEmployees"])]),
                            .init(objectType: "Opportunity", fields: [FieldPath(["Amount"])]),
                        ], elseFields: [FieldPath(["Name"])]))
            ])
        let year = try SOQLQuery(parsing: "SELECT Id FROM Opportunity WHERE CALENDAR_YEAR(CreatedDate) >= 2000")
        #expect(
            year.condition
                == .comparison(
                    .function(FunctionCall(.calendarYear, [.field(FieldPath(["CreatedDate"]))])), .greaterOrEqual, .integer(2000)))
        let rollup = try SOQLQuery(parsing: "SELECT LeadSource, COUNT(Name) cnt FROM Lead GROUP BY ROLLUP(LeadSource)")
        #expect(rollup.grouping == Grouping(.rollup, [.field(FieldPath(["LeadSource"]))]))
        #expect(rollup.isAggregate)
        let distance = try SOQLQuery(
            parsing: "SELECT Name FROM Account WHERE DISTANCE(BillingAddress, GEOLOCATION(37.775, -122.418), 'mi') < 20")
        #expect(
            distance.condition
                == .comparison(
                    .function(
                        FunctionCall(
                            .distance,
                            [
                                .field(FieldPath(["BillingAddress"])),
                                .function(FunctionCall(.geolocation, [.literal(.decimal("37.775")), .literal(.decimal("-122.418"))])),
                                .literal(.string("mi")),
                            ])), .less, .integer(20)))
        let marks = try SOQLQuery(parsing: "SELECT Id FROM Account LIMIT 3 FOR VIEW UPDATE VIEWSTAT")
        #expect(marks.marks == [.view] && marks.updates == [.viewStat] && marks.limit == 3)
        let includes = try SOQLQuery(parsing: "SELECT Id FROM Account WHERE Markets__c INCLUDES ('AMER;EMEA', 'APAC')")
        #expect(includes.condition == .includes(.field(FieldPath(["Markets__c"])), ["AMER;EMEA", "APAC"], excludes: false))
        let currency = try SOQLQuery(parsing: "SELECT Id FROM Opportunity WHERE Amount > EUR1200.50")
        #expect(currency.condition == .comparison(.field(FieldPath(["Amount"])), .greater, .currency(code: "EUR", amount: "1200.50")))
        let aliases = try SOQLQuery(parsing: "SELECT count() FROM Contact c, c.Account a WHERE a.name = 'MyriadPubs'")
        #expect(
            aliases.from
                == FromClause(
                    object: "Contact", alias: "c", relationshipAliases: [RelationshipAlias(path: FieldPath(["c", "Account"]), alias: "a")]))
        #expect(aliases.isCountOnly)
        let category = try SOQLQuery(
            parsing: "SELECT Title FROM Question WITH DATA CATEGORY Geography__c AT (usa__c, uk__c) AND Product__c BELOW phones__c")
        #expect(
            category.filter
                == .dataCategory([
                    DataCategoryFilter(group: "Geography__c", selector: .at, categories: ["usa__c", "uk__c"]),
                    DataCategoryFilter(group: "Product__c", selector: .below, categories: ["phones__c"]),
                ]))
        let search = try SOSLQuery(
            parsing: "FIND {Acme} RETURNING Account(Name USING ListView = Recent) WITH SNIPPET (target_length=120) WITH HIGHLIGHT")
        #expect(search.returning[0].listView == "Recent")
        #expect(search.options == [.snippet(targetLength: 120), .highlight])
    }

    @Test("a string prints escaped, so no value can end its literal early")
    func escaping() throws {
        let values = ["O'Brien", "back\\slash", "quote\"d", "line\nbreak\ttab\r", "' OR Name != '", "\u{8}\u{c}", "日本語 ✓"]
        for value in values {
            let query = SOQLQuery(
                selection: [.field(FieldPath(["Id"]))], object: "Account",
                condition: .comparison(.field(FieldPath(["Name"])), .equal, .string(value)))
            #expect(try SOQLQuery(parsing: query.description).condition == query.condition, "\(value)")
        }
        #expect(SOQLString.quoted("O'Brien\\") == "'O\\'Brien\\\\'")
        #expect(SOQLString.escapedSearchTerm("FIND {x}") == "FIND \\{x\\}")
    }
}
