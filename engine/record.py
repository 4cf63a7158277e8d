"""Game records: variant, options, first player, moves and result, as JSON or one line of text.

The text form reads ``kalah pits=6 seeds=4 capture=true empty_capture=false first=0: C4+ F5 ...
25-23``; the result is left out while the game is in play, and so is any option marked
``quiet_default`` while it has its default value (``end=mover_cannot_move`` shows, the default
does not).  Loading replays every move through
the rules, so a record that is corrupt or illegal fails with a message that says where and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core import Ending, IllegalMove, MoveRecord, Outcome, Player, Rules, State
from engine.notation import move_text, parse_move


class RecordError(ValueError):
    """A game record that cannot be read or replayed."""


@dataclass
class GameRecord:
    """A game from its start: the rules, who moved first, and every move played."""

    rules: Rules
    first_player: Player = 0
    moves: list[int] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    records: list[MoveRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [self.rules.initial_state(self.first_player)]
            moves, self.moves = self.moves, []
            for n, pit in enumerate(moves, 1):
                try:
                    self.push(pit)
                except IllegalMove as exc:
                    raise RecordError(f"move {n} ({pit!r}): {exc}") from None

    @property
    def state(self) -> State:
        """The position after the last move."""
        return self.states[-1]

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, who won and the final stores; None while it goes on."""
        state = self.state
        if not state.is_over:
            return None
        last = self.records[-1] if self.records else None
        ending = None
        if last is not None and last.end_kind is not None:
            ending = Ending(last.end_kind, last.end_reason, last.end_said)
        return Outcome(ending, state.winner, state.scores)

    def push(self, pit: int) -> MoveRecord:
        """Play ``pit`` from the current position and remember it."""
        after, rec = self.state.play_record(pit)
        self.states.append(after)
        self.moves.append(pit)
        self.records.append(rec)
        return rec

    def pop(self) -> int:
        """Take back the last move; returns its pit."""
        if not self.moves:
            raise IndexError("no move to take back")
        self.states.pop()
        self.records.pop()
        return self.moves.pop()

    def notation(self) -> list[str]:
        return [move_text(r) for r in self.records]

    def result(self) -> dict[str, Any] | None:
        s = self.state
        if not s.is_over:
            return None
        return {"scores": list(s.scores), "winner": s.winner}

    # -- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.rules.name,
            "options": dict(self.rules.options),
            "first_player": self.first_player,
            "moves": list(self.moves),
            "notation": self.notation(),
            "result": self.result(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """Rebuild and replay a record; RecordError says which field or move is wrong."""
        from engine import get_variant

        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        variant = data.get("variant")
        options = data.get("options", {})
        first = data.get("first_player", 0)
        moves = data.get("moves")
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        if first not in (0, 1) or isinstance(first, bool):
            raise RecordError(f"'first_player' must be 0 or 1, not {first!r}")
        if not isinstance(moves, list):
            raise RecordError("'moves' must be a list of pit numbers")
        try:
            rules = get_variant(variant, **options)  # type: ignore[arg-type]
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        game = cls(rules, first, moves)
        result = data.get("result")
        if result is not None and result != game.result():
            raise RecordError(f"the recorded result {result} is not the replayed {game.result()}")
        return game

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_dict(data)

    # -- one line of text ---------------------------------------------------------------------

    def to_text(self) -> str:
        specs = self.rules.options_spec
        opts = " ".join(
            f"{k}={_option_text(v)}"
            for k, v in self.rules.options.items()
            if not (specs[k].quiet_default and v == specs[k].default)
        )
        header = " ".join(x for x in (self.rules.name, opts, f"first={self.first_player}") if x)
        parts = [header + ":", *self.notation()]
        result = self.result()
        if result:
            parts.append("{}-{}".format(*result["scores"]))
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read the one-line form; every move's counts are checked against the replay."""
        from engine import get_variant

        header, sep, body = text.strip().partition(":")
        if not sep:
            raise RecordError("expected 'variant options first=N: moves', found no ':'")
        if not header.split():
            raise RecordError("expected a variant name before ':'")
        name, *pairs = header.split()
        options: dict[str, Any] = {}
        first = 0
        for pair in pairs:
            key, eq, value = pair.partition("=")
            if not eq:
                raise RecordError(f"header item {pair!r} is not key=value")
            if key == "first":
                if value not in ("0", "1"):
                    raise RecordError(f"first={value!r}: must be 0 or 1")
                first = int(value)
            else:
                options[key] = _parse_option(value)
        try:
            rules = get_variant(name, **options)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        game = cls(rules, first)
        tokens = body.split()
        result_text = tokens.pop() if tokens and "-" in tokens[-1] else None
        for n, token in enumerate(tokens, 1):
            try:
                parsed = parse_move(token, rules.pits)
            except ValueError as exc:
                raise RecordError(f"move {n}: {exc}") from None
            if parsed.player is not None and parsed.player != game.state.to_move:
                raise RecordError(
                    f"move {n} {token!r}: it is player {game.state.to_move}'s turn, "
                    f"not player {parsed.player}'s"
                )
            try:
                rec = game.push(parsed.pit)
            except IllegalMove as exc:
                raise RecordError(f"move {n} {token!r}: {exc}") from None
            actual = move_text(rec)
            if parsed.sown is not None and actual != token:
                raise RecordError(f"move {n} {token!r}: the rules give {actual!r}")
        if result_text is not None:
            expected = game.result()
            shown = "{}-{}".format(*expected["scores"]) if expected else "no result"
            if result_text != shown:
                raise RecordError(f"result {result_text!r} does not match the replay ({shown})")
        return game


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _parse_option(value: str) -> Any:
    """An option's text as a bool, a whole number (at most 18 digits) or a string."""
    if value in ("true", "false"):
        return value == "true"
    if value.lstrip("-").isdigit():
        if len(value.lstrip("-")) > 18:
            raise RecordError(f"option value {value[:20]}...: too large a number")
        return int(value)
    return value
