#!/usr/bin/env python3
"""Measures the pitch of each note in a WAV file rendered by a synth.

Usage: measure-pitch.py FILE.wav
Finds the notes as stretches where the smoothed level exceeds 10% of the peak, and for each
note at least 0.6 s long measures the fundamental over its steady middle (0.25 s after the
onset to 0.1 s before the end): the strongest FFT peak between 100 and 2000 Hz of a
Hann-windowed, zero-padded segment, refined by parabolic interpolation of the log magnitude.
Prints one line per note ("onset end hz"), then a last line with just the frequencies.
"""
import os
import sys
import wave

import numpy as np

path = sys.argv[1]
with wave.open(path) as w:
    rate, channels = w.getframerate(), w.getnchannels()
    # A recording stopped before its header was rewritten claims the largest size: read what is there.
    frames = min(w.getnframes(), os.path.getsize(path) // (2 * channels))
    x = np.frombuffer(w.readframes(frames), dtype=np.int16).reshape(-1, channels).mean(axis=1) / 32768
if len(x) == 0 or np.abs(x).max() == 0:
    sys.exit(f"{path}: silent or empty")

envelope = np.convolve(np.abs(x), np.ones(rate // 100) / (rate // 100), mode="same")
loud = envelope > 0.1 * envelope.max()
edges = np.flatnonzero(np.diff(loud.astype(np.int8)))
starts = [0] if loud[0] else []
starts += [e + 1 for e in edges if not loud[e]]
ends = [e + 1 for e in edges if loud[e]] + ([len(x)] if loud[-1] else [])

frequencies = []
for start, end in zip(starts, ends):
    if (end - start) / rate < 0.6:
        continue
    a, b = start + int(0.25 * rate), end - int(0.1 * rate)
    segment = x[a:b] * np.hanning(b - a)
    n = 1 << 20
    spectrum = np.abs(np.fft.rfft(segment, n))
    bins = np.fft.rfftfreq(n, 1 / rate)
    k = int(np.argmax(spectrum * ((bins > 100) & (bins < 2000))))
    y0, y1, y2 = np.log(spectrum[k - 1:k + 2] + 1e-12)
    hz = (k + 0.5 * (y0 - y2) / (y0 - 2 * y1 + y2)) * rate / n
    frequencies.append(hz)
    print(f"{start / rate:.3f} {end / rate:.3f} {hz:.4f}")
print(" ".join(f"{hz:.6f}" for hz in frequencies))
