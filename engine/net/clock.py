"""A chess clock for a table: each person has a time budget that runs while the game waits for
their decision; whoever runs out loses on time (the server concedes for them)."""

from __future__ import annotations

#: bounds of a clock's budget per person, in seconds (0 = no clock)
MIN_CLOCK, MAX_CLOCK = 30, 4 * 3600


class Clock:
    def __init__(self, seconds: int, seats: int, left: list[float] | None = None) -> None:
        self.seconds = seconds
        self._left = list(left) if left and len(left) == seats else [float(seconds)] * seats
        self.running = -1
        self._since = 0.0

    def _charge(self, now: float) -> None:
        if self.running >= 0:
            self._left[self.running] = max(0.0, self._left[self.running] - (now - self._since))
        self._since = now

    def switch(self, seat: int, now: float) -> None:
        """The game now waits for ``seat`` (-1: for nobody who has a clock)."""
        self._charge(now)
        self.running = seat

    def left(self, now: float) -> list[float]:
        out = list(self._left)
        if self.running >= 0:
            out[self.running] = max(0.0, out[self.running] - (now - self._since))
        return out

    def deadline(self, now: float) -> float | None:
        """When (on the ``now`` clock) the running seat's time is up; None if none runs."""
        if self.running < 0:
            return None
        return now + self.left(now)[self.running]

    def flagged(self, now: float) -> int:
        """The seat whose time is up (-1: none)."""
        if self.running >= 0 and self.left(now)[self.running] <= 0.0:
            return self.running
        return -1
