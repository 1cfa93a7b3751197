/// The picklist values the sample data picks from: values the standard objects' picklists offer.
enum SeedValues {
    /// Account and Lead `Industry`.
    static let industries = [
        "Agriculture", "Apparel", "Banking", "Biotechnology", "Chemicals", "Communications", "Construction",
        "Consulting", "Education", "Electronics", "Energy", "Engineering", "Entertainment", "Environmental",
        "Finance", "Food & Beverage", "Government", "Healthcare", "Hospitality", "Insurance", "Machinery",
        "Manufacturing", "Media", "Not For Profit", "Recreation", "Retail", "Shipping", "Technology",
        "Telecommunications", "Transportation", "Utilities", "Other",
    ]
    /// `LeadSource` of Contacts, Leads and Opportunities.
    static let leadSources = ["Web", "Phone Inquiry", "Partner Referral", "Purchased List", "Other"]
    /// Opportunity `StageName`.
    static let stages = [
        "Prospecting", "Qualification", "Needs Analysis", "Value Proposition", "Id. Decision Makers",
        "Perception Analysis", "Proposal/Price Quote", "Negotiation/Review", "Closed Won", "Closed Lost",
    ]
}
