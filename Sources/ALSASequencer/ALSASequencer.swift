import CAlsa
