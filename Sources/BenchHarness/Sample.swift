/// One figure's values, a value per counted round, with its median and spread. An empty sample
/// has no median: a missing measurement is reported as `null`, never as 0.
package struct Sample: Sendable, Equatable {
    /// The values, in round order.
    package var values: [Double]

    /// A sample of `values`; values that are not finite are dropped (a division by a zero time).
    package init(_ values: [Double]) {
        self.values = values.filter(\.isFinite)
    }

    /// The median; nil for an empty sample.
    package var median: Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The smallest value; nil for an empty sample.
    package var minimum: Double? { values.min() }

    /// The largest value; nil for an empty sample.
    package var maximum: Double? { values.max() }

    /// The range relative to the median ((max − min) / median): 0.1 means the rounds lay within
    /// 10% of the median's size. Nil for an empty sample or a zero median.
    package var spread: Double? {
        guard let median, median != 0, let minimum, let maximum else { return nil }
        return (maximum - minimum) / abs(median)
    }

    /// Round by round, this sample's value over `other`'s: a ratio per round, so a round that was
    /// slow for both moves the ratio less than the medians' ratio would. Rounds are paired by
    /// index; a round either lacks, or whose denominator is 0, is left out.
    package func ratio(to other: Sample) -> Sample {
        Sample(zip(values, other.values).compactMap { $1 == 0 ? nil : $0 / $1 })
    }
}
