/// Presents reports one after the other, in the order they were posted, from any thread:
/// `post` returns at once, one task writes. Notices from outside the trainer (port waiting,
/// hot-plug) and the trainer's own reports so keep one order on the screen; so do actions on
/// the screen itself (`perform`, e.g. a fresh line before the process stops on Ctrl-Z).
public final class OrderedPresenter: TrainingPresenter {
    private enum Item: Sendable {
        case report(TrainingReport)
        case action(@Sendable () async -> Void)
    }

    private let continuation: AsyncStream<Item>.Continuation
    private let writer: Task<Void, Never>

    public init(_ presenter: any TrainingPresenter) {
        let (items, continuation) = AsyncStream.makeStream(of: Item.self)
        self.continuation = continuation
        writer = Task {
            for await item in items {
                switch item {
                case .report(let report): await presenter.present(report)
                case .action(let action): await action()
                }
            }
        }
    }

    public func post(_ report: TrainingReport) {
        continuation.yield(.report(report))
    }

    /// Runs `action` behind every report posted so far, before any posted later.
    public func perform(_ action: @escaping @Sendable () async -> Void) {
        continuation.yield(.action(action))
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
