import ALSASequencer
import PeachCore
