/// A field made of other fields, read as one object: an address (`BillingAddress`) or a
/// geolocation (`Location__c`). It has no column of its own; queries and reads build it from
/// its components, and DISTANCE measures from its latitude and longitude.
package struct CompoundField: Sendable, Equatable {
    /// What the compound holds.
    package enum Kind: String, Sendable {
        /// street, city, state, postalCode, country, latitude, longitude, geocodeAccuracy.
        case address
        /// latitude and longitude.
        case location
    }

    /// One member of the compound and the field that holds it.
    package struct Component: Sendable, Equatable {
        /// The key in the compound's JSON: `city`.
        package var key: String
        /// The field: `BillingCity`.
        package var field: String
    }

    /// The API name: `BillingAddress`.
    package var name: String
    /// The label: `Billing Address`.
    package var label: String
    /// Address or location.
    package var kind: Kind
    /// The members, in the order Salesforce writes them.
    package var components: [Component]

    /// The field holding the latitude.
    var latitudeField: String? { components.first { $0.key == "latitude" }?.field }
    /// The field holding the longitude.
    var longitudeField: String? { components.first { $0.key == "longitude" }?.field }

    /// An address whose components are `<prefix>Street`, `<prefix>City` and so on.
    static func address(_ name: String, prefix: String) -> CompoundField {
        let keys = [
            ("city", "City"), ("country", "Country"), ("geocodeAccuracy", "GeocodeAccuracy"), ("latitude", "Latitude"),
            ("longitude", "Longitude"), ("postalCode", "PostalCode"), ("state", "State"), ("street", "Street"),
        ]
        return CompoundField(
            name: name, label: SObjectField.label(from: name), kind: .address,
            components: keys.map { Component(key: $0.0, field: prefix + $0.1) })
    }

    /// A geolocation custom field `Name__c` with `Name__Latitude__s` and `Name__Longitude__s`.
    static func location(_ name: String, label: String) -> CompoundField {
        let stem = name.hasSuffix("__c") ? String(name.dropLast(3)) : name
        return CompoundField(
            name: name, label: label, kind: .location,
            components: [
                Component(key: "latitude", field: stem + "__Latitude__s"), Component(key: "longitude", field: stem + "__Longitude__s"),
            ])
    }

    /// The component fields of an address with `prefix`, as an object declares them.
    static func addressFields(prefix: String) -> [SObjectField] {
        [
            SObjectField(name: prefix + "Street", type: .textarea, length: 255),
            SObjectField(name: prefix + "City", type: .string, length: 40),
            SObjectField(name: prefix + "State", type: .string, length: 80),
            SObjectField(name: prefix + "PostalCode", type: .string, length: 20),
            SObjectField(name: prefix + "Country", type: .string, length: 80),
            SObjectField(name: prefix + "Latitude", type: .double),
            SObjectField(name: prefix + "Longitude", type: .double),
            SObjectField(
                name: prefix + "GeocodeAccuracy", type: .picklist,
                picklistValues: [
                    "Address", "NearAddress", "Block", "Street", "ExtendedZip", "Zip", "Neighborhood", "City", "County", "State", "Unknown",
                ]),
        ]
    }
}
