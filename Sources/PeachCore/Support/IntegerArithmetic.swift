extension BinaryInteger {
    /// Floor division: -1 / 12 is -1, not 0, so that octave numbers below C-1 (and days
    /// before 1970) stay right.
    func floorDivided(by divisor: Self) -> Self {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Remainder in 0..<divisor for a positive divisor.
    func euclideanRemainder(_ divisor: Self) -> Self {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

extension StringProtocol {
    /// Settings text without the blanks around it; public so that every parser of settings text
    /// (the rig's, the settings files') trims the same way.
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
