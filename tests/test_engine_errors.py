"""Bad input: each kind is one clear error on the right line (parse errors and engine errors alike),
and a bad rule file is a RulesError that names the key."""

from __future__ import annotations

import tomllib

import pytest
from helpers import PLAIN_KITTY, assert_error_at, errors_of, first_hand, hand_text, line_of, record, run

from referee.games.gunzi.ruleset import RulesError, from_dict, load, resolve

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


def test_a_second_match_header_is_an_error():
    # One record, one match: the header is the first directive and comes once.
    text = record(first_hand(points=80), "match id=T-2  # !\n", hand_text(trump="H", points=80))
    (hit,) = assert_error_at(text, "second 'match' header")
    assert "line 1" in hit.message
    _, result = run(text)
    assert result.header.id == "T-1"
    assert len(result.hands) == 2  # reading goes on: hand 2 (W, level 4) still settles


@pytest.mark.parametrize("line", ["team EW 海之韵  # !", "seat N 赵六  # !"])
def test_names_after_the_first_hand_are_an_error(line):
    text = record(first_hand(points=80), line + "\n")
    assert_error_at(text, "belongs before the first hand")
    _, result = run(text)
    assert result.teams == {} and result.seats == {}


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
    # `hand` with no declarer, kitty or trump is never settled; each bad line after it is reported.
    assert result.hands == ()
    errs = list(rec.errors) + list(result.errors)
    bad_lines = {e.line for e in errs}
    assert 3 in bad_lines  # `last def` of a hand with no kitty: it cannot be settled
    assert len(bad_lines) >= 5


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


def test_declarer_points_must_add_up_to_300():
    # Record format: `declarer-points N` cross-checks the total of 300 = defenders + declarers + kitty.
    # Defenders 80 + declarers 200 + kitty 0 = 280 ≠ 300: an error on that line; the hand still settles
    # on the defenders' 80 (keep, §7.1).
    bad = record(first_hand(points=80).replace("last decl", "declarer-points 200  # !\nlast decl"))
    (hit,) = assert_error_at(bad, "do not add up")
    assert "280" in hit.message
    _, result = run(bad)
    assert (result.hands[0].score, result.hands[0].outcome) == (80, "keep")
    # 80 + 220 + 0 = 300, and with K = 25 in the kitty 80 + 195 + 25 = 300: no error.
    assert errors_of(record(first_hand(points=80).replace("last decl", "declarer-points 220\nlast decl"))) == []
    ok = record(first_hand(kitty=KITTY_25, points=80).replace("last decl", "declarer-points 195\nlast decl"))
    assert errors_of(ok) == []


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


def test_a_second_last_in_one_hand_is_an_error():
    # One hand has one last trick (record-format: `last def|decl`). Here H1 is kept with S = 80
    # (keep, EW 3 → 4, §7.1); a second `last def` must be refused, not settled as a foul dig.
    text = record(first_hand(points=80) + "last def  # !\n")
    _, result = run(text)
    assert [(h.hand, h.outcome) for h in result.hands] == [(1, "keep")]
    assert result.hands[0].levels_after == {"EW": 4, "NS": 3}
    assert_error_at(text, "hand 1 is over")


# --- match-level directives in the wrong place: each refused on its own line -----------------------------
# gunzi-001 plays one game (match.games_to_win = 1); S = 0 (P = 0, kept) wins it for the declarers
# (§7.3.1), so after that hand the match is over.

def test_a_hand_after_the_match_is_over():
    game2 = first_hand(grab="S", trump="D", points=80).replace("hand\n", "hand  # !\n", 1)
    text = record(first_hand(points=0), game2, rules="gunzi-001")
    assert_error_at(text, "the match is over", rules="gunzi-001")
    _, result = run(text, "gunzi-001")
    assert [h.hand for h in result.hands] == [1]
    assert len(errors_of(text, "gunzi-001")) == 1  # the refused hand's own lines are not judged again


def test_a_warning_after_the_match_is_over():
    text = record(first_hand(points=0, after="warn N talking  # !"), rules="gunzi-001")
    assert_error_at(text, "the match is over", rules="gunzi-001")
    _, result = run(text, "gunzi-001")
    assert result.notes == () and result.state.warnings == {"EW": 0, "NS": 0}


def test_time_without_a_time_limit():
    # gunzi-001 has match.time_limit_minutes = 0: `time` means nothing there. S = 80 kept → EW 4:3.
    text = record(first_hand(points=80, after="time  # !"), rules="gunzi-001")
    assert_error_at(text, "no time limit", rules="gunzi-001")
    _, result = run(text, "gunzi-001")
    assert result.games == ()  # EW at the higher level do not win on a time call that does not exist


def test_time_in_the_middle_of_a_hand():
    # dalian-club: time comes between hands; here it comes before the last trick.
    text = record(first_hand(points=80).replace("last decl", "time  # !\nlast decl"))
    assert_error_at(text, "between hands")
    _, result = run(text)
    assert result.games == () and result.hands[0].levels_after == {"EW": 4, "NS": 3}


def test_time_called_twice():
    # S = 120 kept → stage kept, 3:3 and nobody reached 3 first: the first call waits for a ruling;
    # calling time again is refused.
    text = record(first_hand(points=120, after=["time", "time  # !"]))
    assert_error_at(text, "already called")


def test_redeal_outside_a_hand():
    text = record("redeal  # !\n", first_hand(points=80))
    assert_error_at(text, "inside a hand")


def test_redeal_of_a_settled_hand():
    text = record(first_hand(points=80, after="redeal  # !"))
    assert_error_at(text, "already settled")
    _, result = run(text)
    assert [h.hand for h in result.hands] == [1]


# --- every refusal of the engine, each on its own line ---------------------------------------------------
# H1_80: E grabs, S = 80 kept → keep, EW 3 → 4, blood 0, next W (E's partner) at level 4 (§7.1, §7.2, §7.4).
# H1_75: the same with S = 75 → blood ceil(5/10) = 1, owed to W by W's 上家 S.
# Each case: (hands after the header, keyword of the error on the line marked `# !`).
H1_80 = first_hand(points=80)
H1_75 = first_hand(points=75)
K_D = "9D 6C 7C 8C JD 3C"  # holds 9D; JD is a plain trump when trump is D (level 4)

REFUSALS = {
    "directive before any hand": ("points 5  # !\n" + H1_80, "outside a hand"),
    "points after the last trick": (first_hand(points=80, after="points 5  # !"), "hand 1 is over"),
    "declarer after a grab": (hand_text(grab="E", declarer="W  # !", trump="H"), "already fix this hand's declarer"),
    "level cards in a first hand": (hand_text(declare="E 3H 3H  # !", trump="H"),
                                    "only one big joker grabs"),
    "grab after 'declarer'": (hand_text(declarer="E", declare="S BJ  # !", trump="H"), "the grab comes before"),
    "declaration after a draw": (H1_80 + f"hand\ndraw 9D\ndeclare S 4S  # !\nkitty {K_D}\nlast decl\n",
                                 "declarations come before a draw"),
    "flip in a later hand": (H1_80 + hand_text(flip="S 9D  # !", trump="H"), "flips decide only"),
    "flip after a grab": (hand_text(grab="E", flip="S 9D  # !", trump="H"), "nobody flips"),
    "flip after 'declarer'": (hand_text(declarer="E", flip="S 9D  # !", trump="H"), "declarer is already stated"),
    "second flip by one seat": (hand_text(flip=["E 9C", "E 8C  # !", "S QD", "W 10H", "N KS"],
                                          kitty="9C 8C QD 10H KS JH"), "has already flipped"),
    "draw in a first hand": (hand_text(grab="E", draw="9D  # !", trump="H"), "only in later hands"),
    "draw after a declaration": (H1_80 + hand_text(declare="S 4S", draw="9D  # !", kitty=K_D), "somebody declared"),
    "draw past a suited card": (H1_80 + hand_text(draw=["9D", "8C  # !"], kitty=K_D), "stops at the first suited"),
    "six jokers drawn": (H1_80 + "hand\ndraw BJ BJ BJ SJ SJ SJ  # !\n", "six jokers"),
    "trump stated twice": (hand_text(grab="E", trump="H\ntrump S  # !"), "already stated"),
    "grab without trump": (hand_text(grab="E", kitty=PLAIN_KITTY + "  # !"), "record the trump suit drawn"),
    # flips E 9C S QD W 10H N KS: nobody flipped for N
    "a seat did not flip": (hand_text(flip=["E 9C", "S QD", "W 10H"], kitty="9C QD 10H KS JH 6D  # !"),
                            "no flip from N"),
    # highest flip 10H (W) makes hearts trump, not spades
    "trump against the flip": (hand_text(flip=["E 9C", "S QD", "W 10H", "N KS"], trump="S",
                                         kitty="9C QD 10H KS JH 6D  # !"), "the flip makes hearts trump, not spades"),
    "first hand without trump": (hand_text(declarer="E", kitty=PLAIN_KITTY + "  # !"),
                                 "record the trump suit of the first hand"),
    "trump against the declaration": (H1_80 + hand_text(declare="W 4H", trump="S", kitty=PLAIN_KITTY + "  # !"),
                                      "trump is hearts by the declaration"),
    "draw ending on a joker": (H1_80 + hand_text(draw="SJ", kitty="SJ 6C 7C 8C JH 3C  # !"), "ended on a joker"),
    "trump against the draw": (H1_80 + hand_text(draw="9D", trump="H", kitty=K_D + "  # !"),
                               "the draw makes diamonds trump, not hearts"),
    "later hand without trump": (H1_80 + hand_text(kitty=PLAIN_KITTY + "  # !"), "has no trump"),
    "riot after the tribute": (H1_75 + f"hand\ntrump H\ntribute S AC\nriot N SJ SJ SJ  # !\nkitty {PLAIN_KITTY}\n"
                               "last decl\n", "already given"),
    "riot with nothing owed": (H1_80 + hand_text(trump="H", riot="N SJ SJ SJ  # !"), "nothing to waive"),
    "waive after the tribute": (H1_75 + f"hand\ntrump H\ntribute S AC\nwaive  # !\nkitty {PLAIN_KITTY}\n"
                                "last decl\n", "already given"),
    "waive with nothing owed": (H1_80 + f"hand\ntrump H\nwaive  # !\nkitty {PLAIN_KITTY}\nlast decl\n",
                                "nothing to waive"),
    "tribute after a riot": (H1_75 + hand_text(trump="H", riot="N SJ SJ SJ", tribute="S AC  # !"),
                             "waived by the riot"),
    "tribute after 'waive'": (H1_75 + hand_text(trump="H", waive=True, tribute="S AC  # !"), "tribute is waived"),
    "tribute twice": (H1_75 + hand_text(trump="H", tribute=["S AC", "S AD  # !"]), "already given"),
    "tribute not in the shown hand": (H1_75 + "hand\nshow S KC AC 4D 2C\n"
                                      + hand_text(trump="H", tribute="S 9D  # !").removeprefix("hand\n"),
                                      "shown hand has no 9D"),
    "kitty twice": (first_hand(kitty=PLAIN_KITTY + f"\nkitty {PLAIN_KITTY}  # !"), "already recorded"),
    "flipped card not in the kitty": (hand_text(flip=["E 9C", "S QD", "W 10H", "N KS"],
                                                kitty="9C QD 10H 5S JH 6D  # !"), "flipped from the kitty"),
    "bury twice": (first_hand(bury="4C 6C 7C 8C 9C JH\nbury 4C 6C 7C 8C 9C JH  # !"), "already buried"),
    "king before the kitty": (f"hand\ndeclare E BJ\ntrump H\nking N SJ take 4C  # !\nkitty {PLAIN_KITTY}\n"
                              "last decl\n", "comes after the 'kitty'"),
    "king by the declarer": (first_hand(king="E SJ take 4C  # !"), "the declarer buries with 'bury'"),
    "king with a card that is no joker": (first_hand(king="N 5D take 4C  # !"), "jokers only"),
    # N's hand laid open holds a big joker: burying the small one first breaks §6.3.2
    "small joker before a held big one": (
        first_hand(king="N SJ take 4C  # !").replace("hand\n", "hand\nshow N BJ SJ 9D\n"), "holds a big joker"),
    "declarer-points not a multiple of 5": (
        first_hand(points=80).replace("last decl", "declarer-points 223  # !\nlast decl"), "not a multiple of 5"),
    "declarer-points twice": (first_hand(points=80).replace(
        "last decl", "declarer-points 220\ndeclarer-points 220  # !\nlast decl"), "already given"),
    # E's hand laid open is BJ SJ 9D: its bury can only hold those and the kitty's 4C 6C 7C 8C 9C JH
    "bury of a card the declarer does not hold": (
        first_hand(declarer="E", bury="8D 7C 8C 9C JH 6C  # !").replace("hand\n", "hand\nshow E BJ SJ 9D\n"),
        "shown hand has no 8D"),
    "last trick of a hand with no kitty": (hand_text(grab="E", trump="H", kitty=None, last="decl  # !"), "no 'kitty'"),
}


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_each_refusal_is_reported_on_its_line(case):
    hands, keyword = REFUSALS[case]
    assert_error_at(record(hands), keyword)


def test_a_flipped_card_missing_from_the_kitty_is_an_error_at_the_kitty():
    # First hand, no grab: every player flips a card of the kitty (§4.1), a joker is flipped again.
    # S flipped 8D, but the kitty recorded on line 8 holds no 8D: that is the one error, on line 8.
    from referee.games.gunzi.engine import replay
    from referee.games.gunzi.notation import parse
    from referee.games.gunzi.ruleset import load

    text = ("match id=F\nhand\nflip E BJ\nflip E 7H\nflip S 8D\nflip W 9C\nflip N 6S\n"
            "kitty BJ 7H 9C 6S 3C 4D\n")
    result = replay(parse(text).events, load("dalian-club"))
    assert [(e.line, e.message) for e in result.errors] == [(8, "8D was flipped from the kitty but is not in it")]
