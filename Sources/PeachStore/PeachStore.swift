import GRDB
import PeachCore
