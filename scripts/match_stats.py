"""Statistics of an engine match: Elo with a 95% interval, and the
generalized sequential probability ratio test (GSPRT) that fishtest and
cutechess use, on pentanomial (game pairs) or trinomial (single games)
counts.

Everything is in logistic Elo: a score s is worth -400 log10(1/s - 1).

The log-likelihood ratio is the exact generalized one: for each
hypothesis score s0 = L(elo0) and s1 = L(elo1) the distribution of
outcomes closest to the observed one (its maximum-likelihood estimate
under the constraint "the expected score is s") is found by solving the
secular equation sum p_i (a_i - s) / (1 + x (a_i - s)) = 0 for x, and the
LLR is N times the observed mean of log(p1_i / p0_i). Counts of zero get
a small prior (1e-3) so that every outcome has a probability. This is
the method of M. Van den Bergh's notes (support_MLE_multinomial.pdf) as
fishtest applies it; `llr_normal` is the familiar normal approximation
(s1 - s0)(2 s - s0 - s1) / (2 var / N), for comparison.

No dependency beyond the standard library; tests/python/test_match_stats.py
checks it against values worked out by hand.
"""

import math

PRIOR = 1e-3


def logistic(elo):
    """The expected score of a player `elo` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of(score):
    """The Elo difference that an expected score `score` (0 < score < 1) means."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def to_pdf(counts, prior=PRIOR):
    """(N, [(value, probability)]) of pentanomial (5) or trinomial (3)
    counts, losses first; zero counts get `prior`."""
    if len(counts) not in (3, 5):
        raise ValueError("counts are trinomial (L, D, W) or pentanomial (LL, LD, DD+WL, WD, WW)")
    counts = [c if c > 0 else prior for c in counts]
    n = float(sum(counts))
    last = len(counts) - 1
    return n, [(i / last, c / n) for i, c in enumerate(counts)]


def mean_var(pdf):
    """The mean and the variance of a distribution [(value, probability)]."""
    mean = sum(p * a for a, p in pdf)
    return mean, sum(p * (a - mean) ** 2 for a, p in pdf)


def _secular(shifted):
    """The root x of sum p_i a_i / (1 + x a_i) = 0 between -1/max(a) and
    -1/min(a) (min(a) < 0 < max(a)), by bisection: the function falls
    monotonically there."""
    low = -1.0 / max(a for a, _ in shifted)
    high = -1.0 / min(a for a, _ in shifted)
    eps = 1e-12
    low, high = low + eps * abs(low), high - eps * abs(high)

    def f(x):
        return sum(p * a / (1.0 + x * a) for a, p in shifted)

    for _ in range(200):
        mid = (low + high) / 2.0
        if f(mid) > 0.0:
            low = mid
        else:
            high = mid
        if high - low < 1e-15:
            break
    return (low + high) / 2.0


def mle_with_mean(pdf, s):
    """The distribution on the same outcomes, of mean `s`, that is most
    likely to have produced the observed `pdf`."""
    x = _secular([(a - s, p) for a, p in pdf])
    return [(a, p / (1.0 + x * (a - s))) for a, p in pdf]


def llr(counts, elo0, elo1):
    """The generalized log-likelihood ratio of H1 (Elo = elo1) against
    H0 (Elo = elo0) for the counts (pentanomial or trinomial)."""
    n, pdf = to_pdf(counts)
    s0, s1 = logistic(elo0), logistic(elo1)
    p0 = mle_with_mean(pdf, s0)
    p1 = mle_with_mean(pdf, s1)
    return n * sum(p * (math.log(q1) - math.log(q0)) for (_, p), (_, q0), (_, q1) in zip(pdf, p0, p1))


def llr_normal(counts, elo0, elo1):
    """The normal approximation of `llr`."""
    n, pdf = to_pdf(counts)
    s, var = mean_var(pdf)
    s0, s1 = logistic(elo0), logistic(elo1)
    return n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)


def sprt_bounds(alpha, beta):
    """(lower, upper): the test accepts H0 at LLR <= lower and H1 at
    LLR >= upper (Wald's bounds)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def sprt_verdict(value, alpha, beta):
    """"H1" (elo1 accepted), "H0" (elo0 accepted) or None (go on)."""
    lower, upper = sprt_bounds(alpha, beta)
    if value >= upper:
        return "H1"
    if value <= lower:
        return "H0"
    return None


def elo_interval(counts, z=1.959963984540054):
    """(elo, low, high, score) for the counts: the score's mean and its
    95% interval (normal, from the observed variance of a pair's or a
    game's score, no prior) turned into Elo. An end of the interval at
    or beyond a score of 0 or 1 is -inf or +inf."""
    total = sum(counts)
    if total == 0:
        return 0.0, -math.inf, math.inf, 0.5
    last = len(counts) - 1
    pdf = [(i / last, c / total) for i, c in enumerate(counts)]
    s, var = mean_var(pdf)
    half = z * math.sqrt(var / total)

    def elo_or_inf(x):
        if x <= 0.0:
            return -math.inf
        if x >= 1.0:
            return math.inf
        return elo_of(x)

    return elo_or_inf(s) + 0.0, elo_or_inf(s - half) + 0.0, elo_or_inf(s + half) + 0.0, s


def pentanomial(pairs):
    """Pentanomial counts [LL, LD, DD+WL, WD, WW] of pairs of game
    scores (each 0, 0.5 or 1, for the first engine)."""
    counts = [0, 0, 0, 0, 0]
    for a, b in pairs:
        counts[int(round(2 * (a + b)))] += 1
    return counts


def trinomial(scores):
    """Trinomial counts [L, D, W] of game scores (0, 0.5 or 1)."""
    counts = [0, 0, 0]
    for x in scores:
        counts[int(round(2 * x))] += 1
    return counts
