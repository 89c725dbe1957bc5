extension ThresholdProfile {
    /// A profile whose estimates were computed elsewhere: by a report that tallies the records
    /// as it reads them instead of holding them (`ThresholdProfile(comparisons:matchings:)`
    /// gives the same figures from records in memory).
    public init(disciplines: [TrainingDiscipline: DisciplineThreshold]) {
        self.disciplines = disciplines
    }
}
