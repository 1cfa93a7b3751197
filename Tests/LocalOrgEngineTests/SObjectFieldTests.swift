import LocalOrgEngine
import SalesforceCore
import Testing

/// `SObjectField` shares its properties between copies until one changes: a change to a copy
/// must never show in the field it was copied from.
@Suite("SObjectField copies")
struct SObjectFieldTests {
    @Test("changing a copy leaves the original as it was, and equality compares what the fields say")
    func copiesAreIndependent() {
        let original = SObjectField(
            name: "Region__c", type: .picklist, picklistValues: ["East", "West"], picklistLabels: ["East": "Eastern"])
        var copy = original
        #expect(copy == original)
        copy.label = "Sales Region"
        copy.picklistValues.append("North")
        copy.describeKeys["sortable"] = false
        #expect(original.label == "Region")
        #expect(original.picklistValues == ["East", "West"])
        #expect(original.describeKeys.isEmpty)
        #expect(copy.label == "Sales Region" && copy.picklistValues == ["East", "West", "North"])
        #expect(copy != original)

        // Two fields built apart but alike are equal; changing one back makes them equal again.
        var twin = SObjectField(
            name: "Region__c", type: .picklist, picklistValues: ["East", "West"], picklistLabels: ["East": "Eastern"])
        #expect(twin == original)
        twin.nillable.toggle()
        #expect(twin != original)
        twin.nillable.toggle()
        #expect(twin == original)
    }
}
