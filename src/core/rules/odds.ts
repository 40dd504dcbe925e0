import { DEFAULT_CHECK_SETTINGS, type CheckKind, type CheckSettings, type TierOdds } from "./check";

/**
 * Exact odds of each tier for 1d10 + actorRating vs 1d10 + oppRating.
 *
 * The 100 die pairs are equally likely; the face difference d = x − y takes
 * the value k (−9..9) in 10 − |k| of them, so the margin is d + (a − b).
 * Two-tier under the `reroll` tie policy: the result is conditional on no tie
 * (tied pairs are rolled again).
 */
export function checkOdds(
  actorRating: number,
  oppRating: number,
  kind: CheckKind,
  settings: CheckSettings = DEFAULT_CHECK_SETTINGS,
): TierOdds {
  const shift = actorRating - oppRating;
  const c = Math.max(1, settings.completeMargin);
  let cs = 0; // complete success
  let s = 0; // success
  let f = 0; // failure
  let cf = 0; // complete failure
  let ties = 0;
  for (let k = -9; k <= 9; k++) {
    const n = 10 - Math.abs(k);
    const margin = k + shift;
    if (kind === "twoTier") {
      if (margin > 0) s += n;
      else if (margin === 0) ties += n;
      else f += n;
    } else if (margin >= c) cs += n;
    else if (margin > 0) s += n;
    else if (margin > -c) f += n;
    else cf += n;
  }
  if (kind === "twoTier") {
    const total = settings.tie === "reroll" ? 100 - ties : 100;
    if (settings.tie !== "reroll") f += ties;
    return { completeFailure: 0, failure: f / total, success: s / total, completeSuccess: 0 };
  }
  return { completeFailure: cf / 100, failure: f / 100, success: s / 100, completeSuccess: cs / 100 };
}
