/// Presents reports one after the other, in the order they were posted, from any thread:
/// `post` returns at once, one task writes. Notices from outside the trainer (port waiting,
/// hot-plug) and the trainer's own reports so keep one order on the screen.
public final class OrderedPresenter: TrainingPresenter {
    private let continuation: AsyncStream<TrainingReport>.Continuation
    private let writer: Task<Void, Never>

    public init(_ presenter: any TrainingPresenter) {
        let (reports, continuation) = AsyncStream.makeStream(of: TrainingReport.self)
        self.continuation = continuation
        writer = Task { for await report in reports { await presenter.present(report) } }
    }

    public func post(_ report: TrainingReport) {
        continuation.yield(report)
    }

    public func present(_ report: TrainingReport) async {
        post(report)
    }

    /// Presents what was posted, then ends; later posts are dropped.
    public func close() async {
        continuation.finish()
        await writer.value
    }
}
