import SalesforceCore

/// An object's tab, as `tabs`, `theme` and the app menus describe it: its name, URL, colours and
/// icons.
///
/// Account's colours and icons are the REST API guide's example; the other standard objects'
/// colours are LocalOrg's own choice, as no recorded answer gives them. A custom object's tab is custom,
/// named by the object, with the custom icon Setup gives one by default.
struct ObjectTab: Sendable {
    let type: SObjectType
    /// The Lightning theme's colour and icon name, and the Classic theme's colour.
    let color: String
    let icon: String
    let classicColor: String
    /// The Classic icon's file stem, `accounts` for `accounts32.png`.
    let classicIcon: String

    /// The objects with a tab, in the order an app's navigation lists them.
    private static let standard: [(name: String, color: String, icon: String, classicColor: String, classicIcon: String)] = [
        ("Account", "6f7ccb", "account", "236FBD", "accounts"),
        ("Contact", "A094ED", "contact", "56458C", "contacts"),
        ("Lead", "F88962", "lead", "E39321", "leads"),
        ("Opportunity", "FCB95B", "opportunity", "FCB95B", "opportunities"),
        ("Case", "F2CF5B", "case", "B7A752", "cases"),
        ("Campaign", "F49756", "campaign", "E0A734", "campaigns"),
        ("Contract", "6EC06E", "contract", "E9B62B", "contracts"),
        ("Order", "769ED9", "orders", "2D9CDE", "orders"),
        ("Product2", "B781D3", "product", "A45EB7", "products"),
        ("Asset", "317A92", "asset_object", "40699C", "assets"),
    ]

    /// The org's tabs: the standard objects it has, then its custom objects.
    static func tabs(of schema: OrgSchema) -> [ObjectTab] {
        let standard = standard.compactMap { entry in
            schema.type(named: entry.name).map {
                ObjectTab(type: $0, color: entry.color, icon: entry.icon, classicColor: entry.classicColor, classicIcon: entry.classicIcon)
            }
        }
        let custom = schema.types.filter(\.custom).map {
            ObjectTab(type: $0, color: "e3d076", icon: "custom", classicColor: "FF9900", classicIcon: "custom")
        }
        return standard + custom
    }

    var colors: JSON {
        [
            ["color": .string(color), "context": "primary", "theme": "theme4"],
            ["color": .string(classicColor), "context": "primary", "theme": "theme3"],
        ]
    }

    func icons(instanceURL: String) -> JSON {
        let t4 = type.custom ? "custom" : "standard"
        let name = icon
        func image(_ path: String, _ contentType: String, _ size: Int, _ theme: String) -> JSON {
            [
                "contentType": .string(contentType), "height": .integer(Int64(size)), "theme": .string(theme),
                "url": .string("\(instanceURL)/img/icon/\(path)"), "width": .integer(Int64(size)),
            ]
        }
        return [
            image("\(classicIcon)32.png", "image/png", 32, "theme3"), image("\(classicIcon)16.png", "image/png", 16, "theme3"),
            image("t4/\(t4)/\(name).svg", "image/svg+xml", 0, "theme4"), image("t4/\(t4)/\(name)_60.png", "image/png", 60, "theme4"),
            image("t4/\(t4)/\(name)_120.png", "image/png", 120, "theme4"),
        ]
    }

    /// An entry of `tabs`.
    func describe(instanceURL: String) -> JSON {
        [
            "colors": colors, "custom": .bool(type.custom), "iconUrl": .string("\(instanceURL)/img/icon/\(classicIcon)32.png"),
            "icons": icons(instanceURL: instanceURL), "label": .string(type.labelPlural),
            "miniIconUrl": .string("\(instanceURL)/img/icon/\(classicIcon)16.png"),
            "name": .string(type.custom ? type.name : "standard-\(type.name)"), "sobjectName": .string(type.name),
            "url": .string("\(instanceURL)/\(type.keyPrefix)/o"),
        ]
    }
}
