"""Replay tool: `python -m game.replay FILE [--verify]`.

Without --verify it prints a summary of the saved game, from its stored snapshot: the snapshot
must match the file's state hash, but nothing is replayed, so the summary says the hash is
unverified. Text from the file is printed with control characters escaped (a file cannot send
escape sequences to the terminal). With --verify it replays the commands from scenario + seed
and compares every command's events and the final state hash.
Exit codes: 0 ok, 1 the replay diverged, 2 the file is unreadable, corrupt or hostile (or the
game's content is broken).
The tool only reads: it never writes or moves a file.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pydantic import TypeAdapter, ValidationError

from game.content import ContentError
from game.persist.saves import load_save
from game.persist.schema import SaveError, SaveFile
from game.persist.verify import ReplayDivergence, replay_save
from game.rules.state import SIDES, GameState, digest_of

EXIT_OK, EXIT_DIVERGED, EXIT_BAD_FILE = 0, 1, 2
STATE_ADAPTER: TypeAdapter[GameState] = TypeAdapter(GameState)


def verify(save: SaveFile) -> tuple[int, str]:
    """Replay a save and compare it: (exit code, message)."""
    try:
        match = replay_save(save, check_events=True)
    except ReplayDivergence as exc:
        return EXIT_DIVERGED, exc.divergence.describe()
    except SaveError as exc:
        return EXIT_BAD_FILE, f"error: {exc}"
    return EXIT_OK, f"OK: {len(match.steps)} commands, hash {match.engine.state.digest()}"


def printable(text: str) -> str:
    """Text with every control or format character (escape sequences, bidi overrides) escaped."""
    return "".join(ch if ch.isprintable() or ch == "\n" else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def summary(save: SaveFile) -> str:
    """A readable account of the saved game, from its stored snapshot (not replayed).

    The snapshot must match the stored state hash (SaveError if not); the hash itself is not
    checked by a replay here, so the summary calls it unverified. Control characters from the
    file are escaped.
    """
    if digest_of(save.snapshot) != save.state_hash:
        raise SaveError("the stored snapshot does not match its state hash (the file was altered)")
    try:
        state = STATE_ADAPTER.validate_python(save.snapshot)
    except ValidationError as exc:
        raise SaveError(f"the snapshot is not a game state: {exc.errors()[0]['msg']}") from None
    lines = [
        f"Scenario {save.scenario}, seed {save.seed}, saved {save.created.isoformat()}",
        f"{len(save.commands)} commands, turn {state.turn} of {state.max_turns}",
        f"Played {save.mode}: " + ", ".join(f"{side} {save.players[side]}" for side in SIDES),
        written_with(save),
    ]
    if state.over:
        winner = "a draw" if state.winner == "draw" else f"{state.winner} won"
        lines.append(f"Result: {winner} ({state.result})")
    else:
        lines.append(f"In progress: {state.active_side or 'nobody'} to act")
    for side in SIDES:
        ss = state.sides.get(side)
        if ss is None:
            continue
        living = len(state.living(side))
        quit_note = "   quit the field" if ss.quit else ""
        lines.append(f"  {side:<5} {ss.retinue:<16} valour {ss.valour:>3}   "
                     f"models {living}/{ss.start_models}{quit_note}")
    rams = sum(1 for events in save.events for e in events if e.type == "ram_resolved")
    for v in state.vehicles:  # the stored outcome: nothing is simulated again
        status = v.removed or ("disabled" if v.disabled else f"{v.speed:g}\" a turn")
        burning = f", burning ({', '.join(v.burning)})" if v.burning else ""
        lines.append(f"  the {v.name} ({v.side}): Health {v.health}, {status}{burning}")
    if state.vehicles:
        lines.append(f"  {rams} rams and crashes in the record")
    lines.append(f"State hash {save.state_hash} (unverified: not replayed; use --verify to check it)")
    return printable("\n".join(lines))


def written_with(save: SaveFile) -> str:
    """The versions the file was written with, as a line of the summary."""
    v = save.versions
    if v is None:
        return "Written before saves recorded their versions"
    return f"Written with Destrier {v.destrier}, Python {v.python}, pymunk {v.pymunk}, pydantic {v.pydantic}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the replay tool; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m game.replay",
                                     description="Summarise or verify a Destrier save.")
    parser.add_argument("file", help="a save or replay file (JSON)")
    parser.add_argument("--verify", action="store_true",
                        help="replay from scenario + seed and compare events and the final hash")
    args = parser.parse_args(argv)
    try:
        save = load_save(args.file)
        if not args.verify:
            print(summary(save))
            return EXIT_OK
        code, message = verify(save)
    except SaveError as exc:
        print(printable(f"error: {args.file}: {exc}"), file=sys.stderr)
        return EXIT_BAD_FILE
    except ContentError as exc:
        print(printable(f"error: broken game content: {exc}"), file=sys.stderr)
        return EXIT_BAD_FILE
    print(printable(message), file=sys.stdout if code == EXIT_OK else sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
