/**
 * Numbers as users read them: a negative number is written with the minus sign (U+2212 "−"),
 * never a hyphen, wherever the system shows one (sheets, dialogs, cards, logs).
 */

/** The minus sign of every negative number shown. */
export const MINUS = "\u2212";

/** A number as shown: "3", "0", "−2". */
export function shownNumber(n: number): string {
  return n < 0 ? `${MINUS}${Math.abs(n)}` : String(n);
}

/** A number shown with its sign: "+3", "+0", "−2" (a modifier, a rating, a margin). */
export function signed(n: number): string {
  return n < 0 ? `${MINUS}${Math.abs(n)}` : `+${n}`;
}
