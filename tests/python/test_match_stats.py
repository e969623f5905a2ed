"""scripts/match_stats.py against values worked out by hand
(run by tests/engine_match.rs; `python3 -m unittest` in this folder)."""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import match_stats as s  # noqa: E402


class EloTest(unittest.TestCase):
    def test_score_and_elo_are_inverse(self):
        self.assertAlmostEqual(s.logistic(0), 0.5)
        # 3 points out of 4: -400 log10(1/3) = 190.85.
        self.assertAlmostEqual(s.elo_of(0.75), 190.848501887865, places=9)
        for elo in (-600, -35.5, 0, 12, 400):
            self.assertAlmostEqual(s.elo_of(s.logistic(elo)), elo, places=9)

    def test_interval_of_pairs(self):
        # Pairs scoring 1/4, 1/2, 3/4 of the time 1/4, 1/2, 1/4: mean 1/2,
        # variance 1/32, 40 pairs, so the interval is 0.5 +/- 1.96 sqrt(1/1280)
        # = 0.5 +/- 0.054783, Elo +/- 38.22.
        elo, low, high, score = s.elo_interval([0, 10, 20, 10, 0])
        self.assertEqual(elo, 0.0)
        self.assertAlmostEqual(score, 0.5)
        half = 1.959963984540054 * math.sqrt(1 / 32 / 40)
        self.assertAlmostEqual(high, 400 * math.log10((0.5 + half) / (0.5 - half)), places=9)
        self.assertAlmostEqual(high, 38.22, places=2)
        self.assertAlmostEqual(low, -high, places=9)

    def test_interval_of_single_games(self):
        # 60 wins, 20 draws, 20 losses: score 0.7, variance
        # 0.6*0.09 + 0.2*0.04 + 0.2*0.49 = 0.16, interval 0.7 +/- 0.0784.
        elo, low, high, score = s.elo_interval([20, 20, 60])
        self.assertAlmostEqual(score, 0.7)
        self.assertAlmostEqual(elo, 147.19, places=2)
        self.assertAlmostEqual(low, s.elo_of(0.7 - 1.959963984540054 * 0.04), places=9)
        self.assertAlmostEqual(high, s.elo_of(0.7 + 1.959963984540054 * 0.04), places=9)

    def test_a_perfect_score_has_an_open_interval(self):
        elo, low, high, _ = s.elo_interval([0, 0, 0, 0, 5])
        self.assertEqual((elo, high), (math.inf, math.inf))
        self.assertEqual(low, math.inf)  # no variance: the whole interval is the point

    def test_counts(self):
        self.assertEqual(s.pentanomial([(1, 1), (0, 1), (0.5, 0.5), (0.5, 1), (0, 0.5), (0, 0)]), [1, 1, 2, 1, 1])
        self.assertEqual(s.trinomial([1, 0.5, 0.5, 0]), [1, 2, 1])


class SprtTest(unittest.TestCase):
    def test_wald_bounds(self):
        lower, upper = s.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(upper, math.log(19), places=12)  # 2.944
        self.assertAlmostEqual(lower, -math.log(19), places=12)
        self.assertEqual(s.sprt_verdict(2.95, 0.05, 0.05), "H1")
        self.assertEqual(s.sprt_verdict(-2.95, 0.05, 0.05), "H0")
        self.assertIsNone(s.sprt_verdict(2.9, 0.05, 0.05))

    def test_without_draws_the_llr_is_the_binomial_one(self):
        # With two outcomes the distribution of mean s is the binomial one:
        # LLR = W ln(s1/s0) + L ln((1-s1)/(1-s0)), here 0.26504 for
        # 120 wins, 100 losses, elo0 = 0, elo1 = 5. The empty draw count
        # gets the prior 1e-3, which moves it by less than 1e-3.
        s0, s1 = s.logistic(0), s.logistic(5)
        exact = 120 * math.log(s1 / s0) + 100 * math.log((1 - s1) / (1 - s0))
        self.assertAlmostEqual(exact, 0.26504, places=5)
        self.assertAlmostEqual(s.llr([100, 0, 120], 0, 5), exact, delta=1e-3)

    def test_mle_keeps_the_mean_asked_for(self):
        _, pdf = s.to_pdf([10, 20, 30, 25, 15])
        for target in (0.45, 0.5, 0.52, 0.6):
            mean, _ = s.mean_var(s.mle_with_mean(pdf, target))
            self.assertAlmostEqual(mean, target, places=9)
            self.assertAlmostEqual(sum(p for _, p in s.mle_with_mean(pdf, target)), 1.0, places=9)

    def test_llr_is_close_to_its_normal_approximation(self):
        for counts in ([10, 20, 30, 25, 15], [3, 40, 120, 45, 5], [300, 400, 320]):
            exact, approx = s.llr(counts, 0, 5), s.llr_normal(counts, 0, 5)
            self.assertAlmostEqual(exact, approx, delta=0.02 * max(abs(exact), 0.1))

    def test_llr_signs(self):
        self.assertEqual(s.llr([10, 20, 30, 25, 15], 3, 3), 0.0)
        self.assertGreater(s.llr([1, 10, 30, 20, 10], 0, 10), 0)   # scores above 5 Elo favour H1
        self.assertLess(s.llr([10, 20, 30, 10, 1], 0, 10), 0)
        # Symmetric counts: a score of 1/2 is below the middle of [0, 10] and at the middle of [-5, 5].
        self.assertLess(s.llr([5, 10, 20, 10, 5], 0, 10), 0)
        self.assertAlmostEqual(s.llr([5, 10, 20, 10, 5], -5, 5), 0.0, places=9)


if __name__ == "__main__":
    unittest.main()
