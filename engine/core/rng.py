"""A seeded, serializable random number generator whose whole state is one integer.

The state lives in the game state; rules code draws from it and records every random outcome as
an event carrying the outcome *and* the new RNG state. Replays apply the recorded outcome, so old
games stay valid even if this algorithm changes, and redoing an action after an undo gives the
same outcome (undo restores the RNG state with the rest of the game).

Algorithm: SplitMix64 (Steele, Lea, Flood 2014) — tiny, fast in Python, good statistical quality.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """Return (random 64-bit value, new state)."""
    state = (state + _GAMMA) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Uniform integer in [0, n) without modulo bias; returns (value, new state)."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffled(state: int, items: list[int]) -> tuple[list[int], int]:
    """Fisher–Yates shuffle (K 2.3.3: shuffling must produce a random order)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


def seed_state(seed: int) -> int:
    """Turn any integer seed into an initial RNG state."""
    value, _ = next_u64(seed & _MASK)
    return value
