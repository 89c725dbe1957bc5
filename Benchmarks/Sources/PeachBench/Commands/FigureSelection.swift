import ArgumentParser

/// `--figures 1,3-5`: which figures to run, by number.
struct FigureSelection: ExpressibleByArgument, Sendable {
    let numbers: Set<Int>

    init?(argument: String) {
        var numbers: Set<Int> = []
        for part in argument.split(separator: ",") {
            let bounds = part.split(separator: "-", maxSplits: 1).map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard let low = bounds.first ?? nil, let high = bounds.last ?? nil, low <= high,
                  BenchmarkFigures.all.contains(where: { $0.number == low }),
                  BenchmarkFigures.all.contains(where: { $0.number == high }) else { return nil }
            numbers.formUnion(low...high)
        }
        guard !numbers.isEmpty else { return nil }
        self.numbers = numbers
    }

    static var allValueStrings: [String] { BenchmarkFigures.all.map { String($0.number) } }
}
