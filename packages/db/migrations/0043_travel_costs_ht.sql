-- Travel costs of a repair quote are typed HT and counted in the totals at the works' main rate
-- (issue 34, decision 1002). They were typed TTC and left out of the totals: each stored amount
-- becomes its HT at the quote's main rate (the rate with the largest counted base, the higher
-- rate on a tie, 20 % without lines), rounded half away from zero as the domain rounds.
UPDATE quotes q
SET travel_cost_cents = ROUND(
  q.travel_cost_cents * 10000.0 / (10000 + COALESCE((
    SELECT x.tva_rate_bp
    FROM (
      SELECT l.tva_rate_bp, SUM(l.net_ht_cents) AS base
      FROM quote_lines l
      WHERE l.quote_id = q.id AND (NOT l.optional OR l.chosen)
      GROUP BY l.tva_rate_bp
    ) x
    ORDER BY x.base DESC, x.tva_rate_bp DESC
    LIMIT 1
  ), 2000))
)
WHERE q.travel_cost_cents IS NOT NULL;
