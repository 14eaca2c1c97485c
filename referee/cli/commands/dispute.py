"""``referee dispute`` and ``referee confirm``: a dispute raised, weighed, ruled, appealed, decided, and its
ruling sheet; a side's confirmation of a settled hand (use cases: ``referee.app.disputes``).

``referee dispute ID --hand N --by NS --claim TEXT`` raises one; then ``referee dispute ID ACTION D``:
``show`` (with ``--alt 'SEQ DIRECTIVE'`` to weigh alternatives), ``rule`` (``--keep`` or ``--alt K``, with
``--reason``; ``--appeal --by TEAM`` appeals instead), ``appeal``, ``decide`` (the director: ``--uphold``,
``--keep`` or ``--alt K``, with ``--reason``) and ``sheet -o ruling.pdf``.

Imported when the command line starts: only typer and the standard library at the top.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.commands.boundary import language
from referee.cli.commands.options import MatchId, PdfFont, Signing, grouped
from referee.cli.commands.tableactions import echo_lines, echo_notes, open_store
from referee.core.i18n import N_

if TYPE_CHECKING:
    from referee.app.disputes import Ruled
    from referee.store.api import MatchStore

ACTIONS = ("show", "rule", "appeal", "decide", "sheet")
Team = Annotated[str | None, typer.Option("--by", metavar="SIDE", help=N_(
    "The side that disputes, appeals or confirms: a partnership (EW, NS) at a game of partnerships, else a seat."))]


def _alternatives(values: list[str]) -> list[tuple[int, str]]:
    """``--alt 'SEQ DIRECTIVE'`` values of `show`: the seq and the directive that would replace it (read by the
    match's game when it is weighed)."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    out = []
    for value in values:
        seq, _, directive = value.strip().partition(" ")
        if not seq.isdigit() or not directive.strip():
            raise UsageError(M("--alt '{value}': give the seq and the directive that would replace it, e.g. --alt "
                               "'14 points 40'; nothing stored", value=value))
        out.append((int(seq), directive.strip()))
    return out


def _chosen(values: list[str]) -> int | None:
    """``--alt K`` of `rule` and `decide`: the number of an alternative weighed."""
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    if not values:
        return None
    if len(values) > 1 or not values[0].strip().isdigit():
        raise UsageError(M("--alt K: the number of one alternative weighed (see `referee dispute ID show D`); "
                           "nothing stored"))
    return int(values[0])


def _need(number: int | None, action: str) -> int:
    from referee.core.errors import UsageError
    from referee.core.i18n import M

    if number is None:
        raise UsageError(M("`referee dispute MATCH_ID {action} D` needs the dispute's number D", action=action))
    return number


@grouped
def dispute(
    match_id: MatchId,
    action: Annotated[str | None, typer.Argument(metavar="[show|rule|appeal|decide|sheet]", help=N_(
        "What to do with dispute D; none: raise a dispute (--hand or --seq, --by, --claim)."), show_default=False)]
    = None,
    number: Annotated[int | None, typer.Argument(metavar="[D]", help=N_("The dispute's number in the match."),
                                                 show_default=False)] = None,
    hand: Annotated[int | None, typer.Option("--hand", metavar="N", help=N_("The hand disputed."))] = None,
    seq: Annotated[int | None, typer.Option("--seq", metavar="SEQ", help=N_(
        "An event of the hand disputed (instead of --hand)."))] = None,
    by: Team = None,
    claim: Annotated[str, typer.Option("--claim", metavar="TEXT", help=N_("What the side claims."))] = "",
    alt: Annotated[list[str] | None, typer.Option("--alt", metavar="'SEQ DIRECTIVE'|K", help=N_(
        "show: an alternative to weigh, the seq and the directive that would replace it (repeat for more); "
        "rule, decide: the number K of the alternative chosen."))] = None,
    keep: Annotated[bool, typer.Option("--keep", help=N_("rule, decide: the record stands as stored."))] = False,
    uphold: Annotated[bool, typer.Option("--uphold", help=N_("decide: the director upholds the ruling."))] = False,
    appeal: Annotated[bool, typer.Option("--appeal", help=N_(
        "rule: appeal the ruling to the director (with --by), as `appeal D` does."))] = False,
    reason: Annotated[str, typer.Option("--reason", metavar="TEXT", help=N_("Why (kept in the chain)."))] = "",
    output: Annotated[Path | None, typer.Option("--output", "-o", metavar="PATH", help=N_(
        "sheet: the PDF to write (default reports/<match-id>-dispute-<D>.pdf)."))] = None,
    font: PdfFont = None,
    json_: Annotated[bool, typer.Option("--json", help=N_("show: print JSON instead of the text."))] = False,
    at: Signing = Signing(),
) -> None:
    """Raise a dispute of a hand, weigh alternatives, rule, appeal, decide; print the ruling sheet."""
    say = language(at.lang)
    from referee.app import disputes
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr
    from referee.views import disputetext as views

    store = open_store(at.db)
    alts = alt or []
    if action is None:
        if number is not None or alts or keep or uphold or appeal:
            raise UsageError(M("to raise a dispute give --hand N (or --seq SEQ), --by SIDE and --claim TEXT; to act "
                               "on one: referee dispute {match} show|rule|appeal|decide|sheet D", match=match_id))
        if by is None:
            raise UsageError(M("--by SIDE is needed: the side that disputes; nothing stored"))
        d = disputes.raise_dispute(store, match_id, by=by, claim=claim, hand=hand, seq=seq, referee=at.referee)
        typer.echo(tr(say, "stored #{seq} in {match}: {line}", seq=d.seq,
                      match=match_id, line=views.summary_line(match_id, d, say, disputes.sides(store, match_id))))
        typer.echo(tr(say, "next: referee dispute {match} show {number} [--alt 'SEQ DIRECTIVE' …]",
                      match=match_id, number=d.number))
        echo_notes(store, say)
        return
    if action not in ACTIONS:
        raise UsageError(M("unknown action '{action}': show, rule, appeal, decide or sheet", action=action))
    n = _need(number, action)
    if action == "show":
        _show(store, match_id, n, alts, json_, at.referee, say)
    elif action == "rule" and appeal or action == "appeal":
        _appeal(store, match_id, n, by, reason, at.referee, say)
    elif action == "rule":
        ruled = disputes.rule(store, match_id, n, keep=keep, alternative=_chosen(alts), reason=reason,
                              referee=at.referee)
        _report_ruled(ruled, match_id, say, director=False)
    elif action == "decide":
        ruled = disputes.decide(store, match_id, n, uphold=uphold, keep=keep, alternative=_chosen(alts),
                                reason=reason, referee=at.referee)
        _report_ruled(ruled, match_id, say, director=True)
    else:
        _sheet(store, match_id, n, output, font, at.lang, say)
    echo_notes(store, say)


def _show(store: MatchStore, match_id: str, number: int, alts: list[str], as_json: bool, referee: str | None,
          say: str) -> None:
    from referee.app import disputes
    from referee.core.i18n import tr
    from referee.views import disputetext as views

    if alts:
        before = disputes.weighed(store, match_id, number).dispute
        after = disputes.weigh(store, match_id, number, _alternatives(alts), referee)
        for a in after.alternatives[len(before.alternatives):]:
            typer.echo(tr(say, "stored #{seq} in {match}: alternative {k} of dispute {number}: #{target} `{directive}`",
                          seq=a.seq, match=match_id, k=a.number, number=number, target=a.target,
                          directive=a.directive), err=as_json)
    w = disputes.weighed(store, match_id, number)
    if as_json:
        import json

        typer.echo(json.dumps(views.dispute_data(match_id, w.dispute), ensure_ascii=False, indent=2))
        return
    echo_lines(views.weighed_lines(w, say))


def _appeal(store: MatchStore, match_id: str, number: int, by: str | None, reason: str, referee: str | None,
            say: str) -> None:
    from referee.app import disputes
    from referee.core.errors import UsageError
    from referee.core.i18n import M, tr

    if by is None:
        raise UsageError(M("--by SIDE is needed: the side that appeals; nothing stored"))
    d = disputes.appeal(store, match_id, number, by=by, reason=reason, referee=referee)
    assert d.appeal is not None
    typer.echo(tr(say, "stored #{seq} in {match}: {team} appeals the ruling of dispute {number} to the director",
                  seq=d.appeal.seq, match=match_id, team=disputes.sides(store, match_id).side(d.appeal.by),
                  number=number))
    typer.echo(tr(say, "next: referee dispute {match} decide {number} --uphold | --keep | --alt K --reason TEXT",
                  match=match_id, number=number))


def _report_ruled(ruled: Ruled, match_id: str, say: str, *, director: bool) -> None:
    from referee.core.i18n import tr
    from referee.views import disputetext as views
    from referee.views import storedtext

    d = ruled.dispute
    final = d.decision if director else d.ruling
    assert final is not None
    typer.echo(tr(say, "stored #{seq} in {match}: {what}", seq=final.seq,
                  match=match_id, what=views.ruling_msg(final, director)))
    if ruled.before is not None and ruled.after is not None:
        game = ruled.game
        echo_lines(storedtext.resettled_lines(game, ruled.before, ruled.after, say))  # as an amend says it
        for fact in game.match_facts(ruled.after, say):
            typer.echo(f"{fact.label.text(say)}: {fact.cell}")
    typer.echo(tr(say, "next: referee dispute {match} sheet {number} -o ruling.pdf", match=match_id, number=d.number))


def _sheet(store: MatchStore, match_id: str, number: int, output: Path | None, font: str | None, lang: str | None,
           say: str) -> None:
    from referee.app import disputes
    from referee.cli.commands.scorecard import scorecard_language
    from referee.core.i18n import tr
    from referee.core.names import file_stem
    from referee.views.rulingsheet import ruling_sheet

    w = disputes.weighed(store, match_id, number)
    if output is None:
        from referee.core.safefile import output_folder

        output = output_folder("reports") / f"{file_stem(match_id)}-dispute-{number}.pdf"
    path = output
    ruling_sheet(path, w, scorecard_language(lang), font=font)
    typer.echo(tr(say, "wrote {path}", path=str(path)))


@grouped
def confirm(
    match_id: MatchId,
    hand: Annotated[int, typer.Option("--hand", metavar="N", help=N_("The settled hand confirmed."),
                                      show_default=False)],
    by: Annotated[str, typer.Option("--by", metavar="SIDE", help=N_(
        "The side that confirms it: a partnership (EW, NS) at a game of partnerships, else a seat."),
        show_default=False)],
    captain: Annotated[str, typer.Option("--captain", metavar="NAME", help=N_(
        "Who confirmed for the side (its captain)."))] = "",
    at: Signing = Signing(),
) -> None:
    """A side confirms a settled hand (a chained entry naming who confirmed)."""
    say = language(at.lang)
    from referee.app import disputes
    from referee.core.i18n import tr

    store = open_store(at.db)
    done = disputes.confirm(store, match_id, hand=hand, by=by, captain=captain, referee=at.referee)
    sides = disputes.sides(store, match_id)
    deal, team = sides.deal(hand), sides.side(done.by)
    if done.captain:  # a message, not "name (captain)" joined in code: Chinese sets it in full-width parentheses
        typer.echo(tr(say, "stored #{seq} in {match}: {deal} confirmed by {team} ({captain})",
                      seq=done.entry["seq"], match=match_id, deal=deal, team=team, captain=done.captain))
    else:
        typer.echo(tr(say, "stored #{seq} in {match}: {deal} confirmed by {team}",
                      seq=done.entry["seq"], match=match_id, deal=deal, team=team))
    if done.disputed:
        typer.echo(tr(say, "warning: {deal} has an open dispute: it counts as not confirmed until it is ruled",
                      deal=deal), err=True)
    echo_notes(store, say)
