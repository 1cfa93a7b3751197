/// The well-known key prefixes of standard objects: the first three characters of a record id.
///
/// Custom objects get org-specific prefixes (`a00`, `a01` …), so a missing entry means
/// "ask the org's describe", not "invalid".
public enum KeyPrefix {
    /// Standard object names by key prefix.
    public static let standardObjects: [String: String] = [
        "001": "Account", "002": "Note", "003": "Contact", "005": "User", "006": "Opportunity",
        "00D": "Organization", "00E": "UserRole", "00G": "Group", "00O": "Report", "00P": "Attachment",
        "00Q": "Lead", "00T": "Task", "00U": "Event", "00X": "EmailTemplate", "00e": "Profile",
        "015": "Document", "01Z": "Dashboard", "01s": "Pricebook2", "01t": "Product2",
        "01u": "PricebookEntry", "068": "ContentVersion", "069": "ContentDocument",
        "06A": "ContentDocumentLink", "0D5": "FeedItem", "0DB": "Network", "0F9": "CollaborationGroup",
        "500": "Case", "701": "Campaign", "800": "Contract", "801": "Order",
    ]

    /// The standard object a key prefix belongs to, if it is a well-known one.
    public static func objectType(for prefix: String) -> String? { standardObjects[prefix] }

    /// The key prefix of a well-known standard object (`"Account"` → `"001"`).
    public static func prefix(forObjectType name: String) -> String? {
        standardObjects.first { $0.value == name }?.key
    }
}
