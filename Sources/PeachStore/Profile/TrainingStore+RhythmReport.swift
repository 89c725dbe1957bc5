import PeachCore
import PeachReport

extension TrainingStore {
    /// The rhythm records as `peach profile` shows them.
    public func rhythmReport() throws(StoreError) -> RhythmReport {
        RhythmReport(detections: try rhythmDetections().map(\.record), matchings: try rhythmMatchings().map(\.record))
    }
}
