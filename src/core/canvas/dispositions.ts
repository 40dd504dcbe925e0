/**
 * Friend and foe on the map, as Foundry's token dispositions say (CONST.TOKEN_DISPOSITIONS:
 * FRIENDLY 1, NEUTRAL 0, HOSTILE −1, SECRET −2). A target list puts enemies first, then the
 * others, then allies, each marked: a secret disposition tells nothing.
 */
export type Side = "enemy" | "other" | "ally";

export const SIDE_ORDER: readonly Side[] = ["enemy", "other", "ally"];

const FRIENDLY = 1;
const HOSTILE = -1;

/** Which side a token of `disposition` stands on, seen from one of `from`. */
export function sideOf(from: number, disposition: number): Side {
  const known = (d: number) => d === FRIENDLY || d === HOSTILE;
  if (!known(from) || !known(disposition)) return "other";
  return from === disposition ? "ally" : "enemy";
}
