"""Bad input: each kind is one clear error on the right line (parse errors and engine errors alike),
and a bad rule file is a RulesError that names the key."""

from __future__ import annotations

import tomllib

import pytest
from helpers import assert_error_at, errors_of, first_hand, hand_text, line_of, record, run

from referee.ruleset import RulesError, from_dict, load, resolve

KITTY_25 = "5C 10C KC 7C 8C JH"  # K = 25, not a dry pot with trump H


def test_unknown_card():
    assert_error_at(record(first_hand(kitty="4C 6C 7C 8C XY JH  # !", points=80)), "not a card")


def test_unknown_card_in_tribute():
    text = record(first_hand(points=75), hand_text(trump="H", tribute="S 1Z  # !", points=80))
    assert_error_at(text, "not a card")


def test_fourth_copy_in_the_bury():
    # the kitty holds three 6H; burying four means a fourth 6H exists.
    text = record(first_hand(kitty="6H 6H 6H 7C 8C 9C", bury="6H 6H 6H 6H 8C 9C  # !", points=80))
    assert_error_at(text, "three copies")


def test_fourth_big_joker_counting_the_grab():
    # E grabbed with a BJ (shown); a kitty of three more BJ makes four.
    text = record(first_hand(kitty="BJ BJ BJ 7C 8C JH  # !", points=80))
    assert_error_at(text, "three copies")


def test_fourth_copy_across_tribute_and_kitty():
    # S gives AC AC (blood 2: H1 S = 65 → ceil(15/10) = 2); the kitty shows AC AC: four aces of clubs.
    text = record(first_hand(points=65),
                  hand_text(trump="H", tribute="S AC AC", kitty="AC AC 7C 8C 9C JH  # !", points=80))
    assert_error_at(text, "three copies")


@pytest.mark.parametrize("kitty", ["4C 6C 7C 8C JH", "4C 6C 7C 8C 9C JH 9D"])
def test_kitty_needs_six_cards(kitty):
    assert_error_at(record(first_hand(kitty=f"{kitty}  # !", points=80)), "6 cards")


def test_points_not_a_multiple_of_5():
    assert_error_at(record(first_hand(points=["40", "23  # !"])), "multiple")


def test_more_points_than_exist():
    # K = 25 in the kitty: the defenders can take at most 300 − 25 = 275.
    assert_error_at(record(first_hand(kitty=KITTY_25, points="280  # !")), "more points")


def test_more_points_than_exist_summed():
    # 200 + 105 = 305 > 300 − 0: the second line is the one that goes over.
    assert_error_at(record(first_hand(points=["200", "105  # !"])), "more points")


def test_points_at_the_limit_are_fine():
    # 275 = 300 − 25 is allowed (kept: S = 275 → stage kept).
    rec, result = run(record(first_hand(kitty=KITTY_25, points=275)))
    assert not rec.errors and not result.errors
    assert result.hands[0].score == 275


def test_dry_pot_physical_points_bound_the_trick_points():
    # dalian-club dry pot: K counts 0 for the score, but the 25 points are still in the kitty:
    # P ≤ 300 − 25 = 275, so 280 is too many.
    assert_error_at(record(first_hand(kitty="KC 10C 5C 7C 8C 9C", points="280  # !")), "more points")


def test_kitty_after_points_is_out_of_order():
    text = record("hand\ndeclare E BJ\ntrump H\npoints 50\nkitty 4C 6C 7C 8C 9C JH  # !\nlast decl\n")
    assert_error_at(text, "out of order")


def test_bury_before_kitty_is_out_of_order():
    text = record("hand\ndeclare E BJ\ntrump H\nbury 4C 6C 7C 8C 9C JH  # !\nkitty 4C 6C 7C 8C 9C JH\n"
                  "points 50\nlast decl\n")
    assert_error_at(text, "out of order")


def test_tribute_after_kitty_is_out_of_order():
    text = record(first_hand(points=75),
                  "hand\ntrump H\nkitty 4C 6C 7C 8C 9C JH\ntribute S AC  # !\npoints 80\nlast decl\n")
    assert_error_at(text, "out of order")


def test_unknown_directive():
    text = record("hand\ndeclare E BJ\nshuffle twice  # !\ntrump H\nkitty 4C 6C 7C 8C 9C JH\n"
                  "points 80\nlast decl\n")
    assert_error_at(text, "unknown directive")


def test_errors_keep_their_lines_and_reading_goes_on():
    # Two bad lines in one record: both reported, each with its own line; the good hand still settles.
    text = record(first_hand(kitty="4C 6C 7C 8C XY JH  # first", points=80),
                  hand_text(trump="H", points="23  # second"))
    errs = errors_of(text)
    lines = {e.line for e in errs}
    assert line_of(text, "# first") in lines
    assert line_of(text, "# second") in lines


def test_engine_never_raises_on_nonsense():
    text = "hand\nlast def\nlast decl\npoints 5\nkitty BJ\nbury\nking N\ntribute E\ntime\nruling winner=EW x\n"
    rec, result = run(record(text))
    assert rec.errors or result.errors


# --- rule files -----------------------------------------------------------------------------------------

def _club() -> dict:
    return tomllib.loads(resolve("dalian-club").read_text(encoding="utf-8"))


def _toml(d: dict) -> str:
    out = [f'{k} = "{v}"' for k, v in d.items() if not isinstance(v, dict)]
    for section, body in d.items():
        if isinstance(body, dict):
            out.append(f"[{section}]")
            for k, v in body.items():
                if isinstance(v, bool):
                    out.append(f"{k} = {'true' if v else 'false'}")
                elif isinstance(v, str):
                    out.append(f'{k} = "{v}"')
                else:
                    out.append(f"{k} = {v}")
    return "\n".join(out) + "\n"


def test_bad_value_in_a_rule_file(tmp_path):
    d = _club()
    d["scoring"]["stage_threshold"] = "high"
    path = tmp_path / "club-copy.toml"
    path.write_text(_toml(d), encoding="utf-8")
    with pytest.raises(RulesError, match="scoring.stage_threshold"):
        load(str(path))


def test_good_copy_of_a_rule_file_loads(tmp_path):
    path = tmp_path / "club-copy.toml"
    path.write_text(_toml(_club()), encoding="utf-8")
    assert load(str(path)).stage_threshold == 120


@pytest.mark.parametrize(("change", "key"), [
    (lambda d: d["scoring"].__setitem__("stage_treshold", 120), "scoring.stage_treshold"),  # unknown key
    (lambda d: d["kitty"].pop("dig_multiplier"), "kitty.dig_multiplier"),                  # missing key
    (lambda d: d["tribute"].__setitem__("riot", "yes"), "tribute.riot"),                   # not a bool
    (lambda d: d["declaring"].__setitem__("flip_winner", "middle"), "declaring.flip_winner"),
    (lambda d: d["jokers"].__setitem__("level_big_joker", -1), "jokers.level_big_joker"),
    (lambda d: d["match"].__setitem__("games_to_win", 0), "match.games_to_win"),
])
def test_rule_file_errors_name_the_key(change, key):
    d = _club()
    change(d)
    with pytest.raises(RulesError, match=key.replace(".", r"\.")):
        from_dict(d, "test")


def test_points_bound_uses_the_final_kitty():
    # Dealt K = 25, but the declarer buries no points: the final kitty holds 0, so P = 300 is possible.
    rec, result = run(record(first_hand(declarer="E", kitty=KITTY_25, bury="7C 8C JH 9C 9D 4D",
                                        points=290, last="decl")))
    assert not rec.errors and not result.errors
    # Buried points: K = 10 + 10 + 10 + 5 = 35 → P ≤ 265; 270 is too many.
    text = record(first_hand(declarer="E", bury="KS KD 10S 5D 4C JH", points="270  # !"))
    assert_error_at(text, "more points")


def test_fourth_small_joker_counting_a_riot():
    # H1 E keep S = 75 → blood 1 (S pays W). N riots with three SJ; a kitty with a fourth SJ.
    text = record(first_hand(points=75),
                  hand_text(trump="H", riot="N SJ SJ SJ", kitty="SJ 6C 7C 8C 9C JH  # !", points=80))
    assert_error_at(text, "three copies")
