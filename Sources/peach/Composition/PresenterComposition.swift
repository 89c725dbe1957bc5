import Foundation
import PeachTrainer

/// How training shows itself: JSON lines for scripts; otherwise (for now) the same.
enum PresenterComposition {
    static func make(json: Bool) -> any TrainingPresenter {
        JSONLinePresenter { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }
}
