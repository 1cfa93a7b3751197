import Foundation
import SOQL

/// The WHERE condition that picks a tree's records at one level: those whose chain of parents
/// reaches a root the user's filter picks.
///
/// Each level is queried on its own, through child-to-parent paths (`Contact.Account.Name LIKE
/// 'A%'`), so children are paged like any query (the SDK nests them in the parents' query and
/// assumes they fit in one response) and a child changed on the server comes down even when
/// its parent did not change (the SDK looks only at parents).
enum RelationshipFilter {
    /// The condition for `level`'s records; nil for a root with no filter.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the root filter does not parse, or
    ///   uses a subquery (which a child-to-parent path cannot carry).
    static func condition(for level: TreeLevel, rootFilter: String?) throws(SyncError) -> String? {
        guard !level.ancestors.isEmpty else { return rootFilter }
        let chain = [level.object] + level.ancestors.dropFirst().reversed()
        let relationships = chain.map { $0.parentRelationshipName ?? "" }
        let reference = (relationships.dropLast() + [chain.last?.parentIdFieldName ?? ""]).joined(separator: ".")
        let linked = "\(reference) != null"
        guard let rootFilter, !rootFilter.trimmingCharacters(in: .whitespaces).isEmpty else { return linked }
        let root = level.ancestors[0].objectType
        let parsed: SOQLQuery
        do {
            parsed = try SOQLQuery(parsing: "SELECT Id FROM \(root) WHERE \(rootFilter)")
        } catch {
            throw .invalidConfiguration("the parent filter is not a valid SOQL condition: \(error)")
        }
        guard let condition = parsed.condition else { return linked }
        let prefix = relationships.joined(separator: ".")
        return "\(linked) AND (\(try text(of: condition, prefix: prefix)))"
    }

    /// `condition` in SOQL, every field path starting at `prefix`.
    private static func text(of condition: Condition, prefix: String) throws(SyncError) -> String {
        func field(_ expression: ValueExpression) throws(SyncError) -> String {
            guard case .field(let path) = expression else {
                throw .invalidConfiguration("the parent filter uses an aggregate, which a WHERE condition cannot")
            }
            return "\(prefix).\(path.description)"
        }
        switch condition {
        case .and(let parts), .or(let parts):
            var texts: [String] = []
            for part in parts { texts.append("(\(try text(of: part, prefix: prefix)))") }
            if case .and = condition { return texts.joined(separator: " AND ") }
            return texts.joined(separator: " OR ")
        case .not(let inner):
            return "NOT (\(try text(of: inner, prefix: prefix)))"
        case .comparison(let expression, let comparison, let literal):
            return "\(try field(expression)) \(comparison.rawValue) \(literalText(literal))"
        case .like(let expression, let pattern):
            return "\(try field(expression)) LIKE '\(pattern.replacingOccurrences(of: "'", with: "\\'"))'"
        case .isIn(let expression, let literals, let negated):
            let list = literals.map(literalText).joined(separator: ", ")
            return "\(try field(expression)) \(negated ? "NOT IN" : "IN") (\(list))"
        case .inSubquery:
            throw .invalidConfiguration(
                "the parent filter uses a subquery; children are picked through their path to the parent, which cannot carry one")
        }
    }

    private static func literalText(_ literal: SOQLLiteral) -> String {
        if case .string(let text) = literal { return "'\(text.soqlEscaped())'" }
        return literal.description
    }
}
