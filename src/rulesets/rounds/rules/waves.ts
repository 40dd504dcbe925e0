import type { HeroState, Team } from "./state";

/** A full wave: a third of the whole team, rounded up. */
export function waveSize(teamSize: number): number {
  return Math.ceil(Math.max(0, teamSize) / 3);
}

/**
 * How many heroes a team brings in at each of `rounds` rounds when every wave
 * is brought in whole: a full wave, or fewer when fewer remain off the map.
 */
export function waveSchedule(teamSize: number, rounds: number): number[] {
  const wave = waveSize(teamSize);
  let offMap = Math.max(0, teamSize);
  const out: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const n = Math.min(wave, offMap);
    out.push(n);
    offMap -= n;
  }
  return out;
}

export interface Wave {
  /** A full wave for this team. */
  size: number;
  /** Brought in at this round's Reinforce (and still on the map). */
  brought: number;
  /** Still to bring in this round. */
  owed: number;
}

/**
 * The wave of one round and team, from the heroes: a full wave, or fewer if
 * fewer were off the map, less those already brought in that round. It is
 * owed once: heroes brought in stay counted, so going back and forward again
 * never asks for it twice.
 */
export function waveOf(heroes: Iterable<HeroState>, team: Team, round: number): Wave {
  let total = 0;
  let offMap = 0;
  let brought = 0;
  for (const h of heroes) {
    if (h.system.team !== team) continue;
    total++;
    if (!h.system.onMap) offMap++;
    else if (h.system.entered === round) brought++;
  }
  const size = waveSize(total);
  const owed = Math.max(0, Math.min(size, offMap + brought) - brought);
  return { size, brought, owed };
}
