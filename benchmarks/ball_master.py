"""The BALL master level against "schwer" (hard): score, error bar, SPRT and answer times.

The games come in pairs: both games of a pair share one seed (every choice of both players is
drawn from it), the master plays home in the first and away in the second; the pairs alternate
between the standard mode and the card mode, and every pair has a seed of its own. After each
pair a sequential probability ratio test (SPRT) looks at the score so far:

    H0: the master scores p0 = 60 % against "schwer"      H1: it scores p1 = 75 %
    alpha = beta = 0.05 (5 % risk to accept H1 though H0 holds, and the other way round)

a win counts 1, a draw 1/2, a loss 0. The run stops as soon as the test decides ("H1
angenommen" or "H0 angenommen"), else after ``--games`` games ("offen"). The results are read
in the order the games were started, not the order they finish, so stopping early picks no
games by their length. Printed at the end: wins/draws/losses, the score with its 95 % interval,
the Elo difference, the test's outcome, and the master's answer times (median, p95, slowest)
over every action for which it had more than one choice.

    .venv/bin/python -m benchmarks.ball_master [--games 200] [--jobs 2] [--budget 0.6]
        [--seed 1] [--p0 0.60] [--p1 0.75] [--alpha 0.05] [--beta 0.05] [--no-sprt]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from engines.ball import ai, choose_action, new_game

H1_ACCEPTED, H0_ACCEPTED, OPEN = "H1 angenommen", "H0 angenommen", "offen"


def sprt_llr(scores: list[float], p0: float, p1: float) -> float:
    """The log-likelihood ratio of H1 (score rate p1) over H0 (p0) for the scores so far.

    A score s in [0, 1] (a draw 1/2) counts as s of a win and 1 - s of a loss.
    """
    if not (0 < p0 < 1 and 0 < p1 < 1) or p0 == p1:
        raise ValueError("p0 and p1 must be different and strictly between 0 and 1")
    win = math.log(p1 / p0)
    loss = math.log((1 - p1) / (1 - p0))
    for s in scores:
        if not 0 <= s <= 1:
            raise ValueError(f"a score must lie between 0 and 1, not {s!r}")
    return sum(s * win + (1 - s) * loss for s in scores)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds (lower, upper): below lower H0 is accepted, above upper H1."""
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta must lie strictly between 0 and 1")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt(
    scores: list[float], p0: float = 0.60, p1: float = 0.75, alpha: float = 0.05, beta: float = 0.05
) -> tuple[str, float]:
    """The test's state after ``scores``: (H1_ACCEPTED, H0_ACCEPTED or OPEN, the LLR)."""
    llr = sprt_llr(scores, p0, p1)
    lower, upper = sprt_bounds(alpha, beta)
    if llr >= upper:
        return H1_ACCEPTED, llr
    if llr <= lower:
        return H0_ACCEPTED, llr
    return OPEN, llr


def score_interval(scores: list[float]) -> tuple[float, float]:
    """The mean score and the half width of its 95 % interval (normal approximation)."""
    n = len(scores)
    if n == 0:
        raise ValueError("no games")
    mean = sum(scores) / n
    sd = statistics.stdev(scores) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` by the nearest-rank rule (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def play_game(args: tuple[int, int, bool, float]) -> tuple[float, list[float], int]:
    """One game: (the master's score 1/0.5/0, its answer times in s, actions played)."""
    seed, master_side, cards, budget = args
    ai.MASTER_BUDGET = budget
    master_team = ("home", "away")[master_side]
    state = new_game(card_mode=cards)
    times: list[float] = []
    n = 0
    while not state.is_over:
        mine = state.player == master_team
        several = len(state.legal_actions()) > 1
        start = time.perf_counter()
        action = choose_action(state, "master" if mine else "hard", seed=seed * 1_000 + n)
        if mine and several:
            times.append(time.perf_counter() - start)
        state = state.apply(action)
        n += 1
    if state.result == "draw":
        return 0.5, times, n
    return (1.0 if state.winner == master_team else 0.0), times, n


def _pct(x: float) -> str:
    return f"{100 * x:.1f}".replace(".", ",")


def summary(scores: list[float], times: list[float]) -> str:
    n = len(scores)
    mean, half = score_interval(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    clipped = min(max(mean, 1e-3), 1 - 1e-3)
    elo = -400 * math.log10(1 / clipped - 1)
    med = statistics.median(times) if times else 0.0
    return (
        f"{n} Partien: S {wins} R {draws} N {n - wins - draws}; "
        f"Punkte {_pct(mean)} % ± {_pct(half)} (95-%-Intervall "
        f"{_pct(max(0.0, mean - half))}–{_pct(min(1.0, mean + half))} %), Elo {elo:+.0f}; "
        f"Antwortzeit Median {med:.2f} s, p95 {percentile(times, 0.95):.2f} s, "
        f"langsamste {max(times, default=0.0):.2f} s".replace(".", ",")
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="höchstens so viele Partien")
    parser.add_argument("--jobs", type=int, default=2, help="Prozesse (Standard 2)")
    parser.add_argument("--budget", type=float, default=ai.MASTER_BUDGET, help="s je Aktion")
    parser.add_argument("--seed", type=int, default=1, help="Startwert des ersten Paares")
    parser.add_argument("--p0", type=float, default=0.60)
    parser.add_argument("--p1", type=float, default=0.75)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    parser.add_argument("--no-sprt", action="store_true", help="alle Partien spielen")
    parser.add_argument("--every", type=int, default=10, help="Zwischenstand alle N Partien")
    args = parser.parse_args(argv)
    lower, upper = sprt_bounds(args.alpha, args.beta)
    pairs = (args.games + 1) // 2
    # Pair k: seed args.seed + k, the master home then away, standard and card mode in turn.
    tasks = [
        (args.seed + k, side, k % 2 == 1, args.budget) for k in range(pairs) for side in (0, 1)
    ]
    print(
        f"BALL: Meister (Budget {args.budget:.2f} s je Aktion) gegen „schwer“, höchstens "
        f"{len(tasks)} Partien in Paaren (gleicher Startwert, der Meister einmal Heim, einmal "
        "Gast; abwechselnd ohne und mit Karten)".replace(".", ","),
        flush=True,
    )
    print(
        f"SPRT: H0 „Meister erzielt {_pct(args.p0)} %“ gegen H1 „Meister erzielt "
        f"{_pct(args.p1)} %“, alpha = beta = {args.alpha:g}/{args.beta:g}, Remis zählt halb; "
        f"Grenzen des LLR {lower:+.3f} (H0) und {upper:+.3f} (H1)".replace(".", ","),
        flush=True,
    )
    scores: list[float] = []
    times: list[float] = []
    by_mode: dict[bool, list[float]] = {False: [], True: []}
    verdict, llr = OPEN, 0.0
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs)
    try:
        futures = [pool.submit(play_game, task) for task in tasks]
        for future, task in zip(futures, tasks, strict=True):
            score, game_times, _n = future.result()
            scores.append(score)
            times.extend(game_times)
            by_mode[task[2]].append(score)
            if len(scores) % 2 == 0:
                verdict, llr = sprt(scores, args.p0, args.p1, args.alpha, args.beta)
            if len(scores) % args.every == 0 and len(scores) < len(tasks):
                print(f"  nach {summary(scores, times)}; LLR {llr:+.2f}".replace(".", ","))
                print("", end="", flush=True)
            if verdict != OPEN and not args.no_sprt:
                break
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    print(summary(scores, times))
    for cards, s in by_mode.items():
        if s:
            label = "mit Karten  " if cards else "ohne Karten "
            print(f"  {label}: {_pct(sum(s) / len(s))} % aus {len(s)} Partien")
    print(
        f"SPRT (H0 p = {_pct(args.p0)} % gegen H1 p = {_pct(args.p1)} %): {verdict}, "
        f"LLR {llr:+.2f} nach {len(scores)} Partien".replace(".", ",")
    )
    print(f"Dauer {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
