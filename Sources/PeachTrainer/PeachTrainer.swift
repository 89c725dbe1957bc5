import PeachCore
