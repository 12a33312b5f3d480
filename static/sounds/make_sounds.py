"""Makes the table's sounds (static/sounds/*.wav): short tones and noise bursts synthesised with the standard
library alone (wave, math, random with a fixed seed), so the files are ours and rebuilt byte for byte.

Run: python static/sounds/make_sounds.py  (writes turn.wav, card.wav, trick.wav and chat.wav beside this file)
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050  # samples per second, mono 16-bit
HERE = Path(__file__).resolve().parent


def tone(freq: float, start: float, length: float, decay: float) -> Callable[[float], float]:
    """A sine of `freq` Hz from `start` s for `length` s, fading exponentially (`decay` per second)."""

    def at(t: float) -> float:
        if not start <= t < start + length:
            return 0.0
        u = t - start
        attack = min(1.0, u / 0.004)  # 4 ms attack: no click at the onset
        return attack * math.exp(-decay * u) * math.sin(2 * math.pi * freq * u)

    return at


def noise(start: float, length: float, decay: float, smooth: float, seed: int) -> Callable[[float], float]:
    """Low-passed white noise (one-pole filter, `smooth` in 0..1) from `start` s, fading by `decay` per second."""
    rng = random.Random(seed)
    state = {"y": 0.0}

    def at(t: float) -> float:
        if not start <= t < start + length:
            return 0.0
        state["y"] += smooth * (rng.uniform(-1, 1) - state["y"])
        return math.exp(-decay * (t - start)) * state["y"] * 3

    return at


def write(name: str, length: float, parts: list[Callable[[float], float]], volume: float) -> None:
    frames = bytearray()
    for i in range(int(RATE * length)):
        t = i / RATE
        value = max(-1.0, min(1.0, volume * sum(part(t) for part in parts)))
        frames += struct.pack("<h", int(value * 32767))
    with wave.open(str(HERE / name), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))


def main() -> None:
    # Your turn: a rising two-note chime.
    write("turn.wav", 0.45, [tone(660, 0, 0.45, 9), tone(880, 0.12, 0.33, 8)], 0.35)
    # A card played: a short papery snap.
    write("card.wav", 0.08, [noise(0, 0.08, 60, 0.35, 1), tone(180, 0, 0.05, 80)], 0.45)
    # A trick won: the cards swept together, a soft low knock.
    write("trick.wav", 0.3, [noise(0, 0.3, 12, 0.12, 2), tone(220, 0.02, 0.2, 25)], 0.4)
    # A chat line: one quiet high blip.
    write("chat.wav", 0.12, [tone(1320, 0, 0.12, 30)], 0.25)


if __name__ == "__main__":
    main()
