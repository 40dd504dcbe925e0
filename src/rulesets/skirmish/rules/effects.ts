import type { Modifier } from "../../../core/rules/check";
import type { Line } from "../../../core/rules/outcome";
import { LOG, MODIFIER } from "./context";
import type { EffectKind, EffectRecord } from "./state";

/** The two ratings an infantry rolls. */
export const STATS = ["body", "nerves"] as const;
export type Stat = (typeof STATS)[number];

/**
 * How long an effect lasts: a number of rounds, the rest of the fight, or
 * until the GM removes it.
 */
export type Lasts = "rounds" | "fight" | "gm";

/** What each kind of effect does (RULES §5). */
export interface EffectRule {
  /** The rolls it changes: every roll, Body rolls, Nerves rolls, or none. */
  rolls: "all" | Stat | null;
  /** Per point of stack: +1 (a bonus), −1 (a penalty), or 0. */
  sign: 1 | -1 | 0;
  /** A new one merges into the one already there: adds its number and resets its counts. Otherwise each one counts on its own. */
  merges: boolean;
  lasts: Lasts;
  /** For `rounds`: how many, the round it is taken in counting as the first. */
  rounds: number | null;
  /** Ends after this many rounds in a row without moving. */
  stillRounds: number | null;
  /** Halves the speed on foot (once, however many there are). */
  halvesSpeed: boolean;
  /** No move action while it lasts. */
  immobile: boolean;
  /** Gives Light Cover. */
  lightCover: boolean;
}

const status = (lasts: Lasts, rounds: number | null = null): EffectRule => ({
  rolls: null,
  sign: 0,
  merges: false,
  lasts,
  rounds,
  stillRounds: null,
  halvesSpeed: false,
  immobile: false,
  lightCover: false,
});

export const EFFECT_RULES: Record<EffectKind, EffectRule> = {
  exhausted: { ...status("rounds", 10), rolls: "all", sign: -1, merges: true, stillRounds: 5 },
  hyped: { ...status("rounds", 3), rolls: "all", sign: 1, merges: true },
  morale: { ...status("rounds", 3), rolls: "all", sign: 1, merges: true },
  muscleTremors: { ...status("fight"), rolls: "nerves", sign: -1 },
  boneFracture: { ...status("fight"), rolls: "body", sign: -1 },
  ankleSprain: { ...status("gm"), halvesSpeed: true },
  memberSlowed: { ...status("gm"), halvesSpeed: true },
  goneProne: { ...status("gm"), immobile: true, lightCover: true },
  disoriented: status("rounds", 1),
  // The seed names these and says no more: statuses for the GM to rule on.
  concussion: status("gm"),
  dazed: status("gm"),
  panic: status("gm"),
  commsBreakdown: status("gm"),
};

/** A penalty that Worsened Condition makes worse. */
export function isPenalty(kind: EffectKind): boolean {
  return EFFECT_RULES[kind].sign < 0;
}

/** A new effect of a kind with its full duration. */
export function newEffect(id: string, kind: EffectKind, stack = 1, member = ""): EffectRecord {
  return { id, kind, stack, roundsLeft: EFFECT_RULES[kind].rounds, roundsStill: 0, member };
}

/** The check modifiers the effects give to a Body or Nerves roll, one per effect, in the order the effects are listed. */
export function effectModifiers(effects: readonly EffectRecord[], stat: Stat): Modifier[] {
  const mods: Modifier[] = [];
  for (const e of effects) {
    const rule = EFFECT_RULES[e.kind];
    if (rule.sign === 0 || (rule.rolls !== "all" && rule.rolls !== stat)) continue;
    mods.push({ label: MODIFIER + e.kind, value: rule.sign * e.stack });
  }
  return mods;
}

// ---------------------------------------------------------------------------
// Plans: what the Foundry layer creates, updates and deletes as ActiveEffects.

/** The effect documents of one actor to create, update and delete. */
export interface EffectPlan {
  actor: string;
  create: EffectRecord[];
  update: { before: EffectRecord; after: EffectRecord }[];
  delete: EffectRecord[];
}

export function emptyPlan(actor: string): EffectPlan {
  return { actor, create: [], update: [], delete: [] };
}

export function isEmptyPlan(plan: EffectPlan): boolean {
  return plan.create.length === 0 && plan.update.length === 0 && plan.delete.length === 0;
}

/** The effects after the plan: updates in place, deletions removed, creations appended. */
export function applyEffectPlan(effects: readonly EffectRecord[], plan: EffectPlan): EffectRecord[] {
  const gone = new Set(plan.delete.map((e) => e.id));
  const after = new Map(plan.update.map((u) => [u.after.id, u.after]));
  const out = effects.filter((e) => !gone.has(e.id)).map((e) => ({ ...(after.get(e.id) ?? e) }));
  for (const e of plan.create) out.push({ ...e });
  return out;
}

/** The plan that undoes a plan: its creations deleted, its updates reversed, its deletions restored. */
export function invertEffectPlan(plan: EffectPlan): EffectPlan {
  return {
    actor: plan.actor,
    create: plan.delete.map((e) => ({ ...e })),
    update: plan.update.map((u) => ({ before: { ...u.after }, after: { ...u.before } })),
    delete: plan.create.map((e) => ({ ...e })),
  };
}

/**
 * Edits one actor's effects step by step and records the plan. An update of
 * an effect created here folds into its creation; deleting it drops the
 * creation; several updates of one effect keep the first `before`.
 */
export class EffectEditor {
  private list: EffectRecord[];
  private readonly plan: EffectPlan;

  constructor(actor: string, effects: readonly EffectRecord[]) {
    this.list = effects.map((e) => ({ ...e }));
    this.plan = emptyPlan(actor);
  }

  /** The effects as they are now. */
  get effects(): readonly EffectRecord[] {
    return this.list;
  }

  create(effect: EffectRecord): void {
    this.list.push({ ...effect });
    this.plan.create.push({ ...effect });
  }

  update(id: string, after: EffectRecord): void {
    const i = this.list.findIndex((e) => e.id === id);
    if (i < 0) throw new Error(`No effect "${id}"`);
    const before = this.list[i]!;
    this.list[i] = { ...after };
    const created = this.plan.create.findIndex((e) => e.id === id);
    if (created >= 0) {
      this.plan.create[created] = { ...after };
      return;
    }
    const known = this.plan.update.find((u) => u.after.id === id);
    if (known) known.after = { ...after };
    else this.plan.update.push({ before: { ...before }, after: { ...after } });
  }

  delete(id: string): void {
    const i = this.list.findIndex((e) => e.id === id);
    if (i < 0) throw new Error(`No effect "${id}"`);
    const current = this.list.splice(i, 1)[0]!;
    const created = this.plan.create.findIndex((e) => e.id === id);
    if (created >= 0) {
      this.plan.create.splice(created, 1);
      return;
    }
    // The deletion keeps the effect as it was before this plan's updates.
    const u = this.plan.update.findIndex((x) => x.after.id === id);
    const original = u >= 0 ? this.plan.update.splice(u, 1)[0]!.before : current;
    this.plan.delete.push({ ...original });
  }

  /**
   * Take a result that becomes an effect: a kind that merges adds its number to
   * the one already there and resets its counts; any other kind is a new effect.
   * Returns the effect as it now is.
   */
  add(kind: EffectKind, n: number, newId: () => string, member = ""): EffectRecord {
    const rule = EFFECT_RULES[kind];
    const same = rule.merges ? this.list.find((e) => e.kind === kind) : undefined;
    if (same) {
      const merged = { ...newEffect(same.id, kind, same.stack + n, same.member) };
      this.update(same.id, merged);
      return merged;
    }
    const created = newEffect(newId(), kind, n, member);
    this.create(created);
    return created;
  }

  /** Worsened Condition: every penalty 1 worse, durations untouched. The penalties worsened, as they now are. */
  worsen(): EffectRecord[] {
    const worse: EffectRecord[] = [];
    for (const e of [...this.list]) {
      if (!isPenalty(e.kind)) continue;
      const after = { ...e, stack: e.stack + 1 };
      this.update(e.id, after);
      worse.push(after);
    }
    return worse;
  }

  /** The plan so far. */
  result(): EffectPlan {
    return {
      actor: this.plan.actor,
      create: this.plan.create.map((e) => ({ ...e })),
      update: this.plan.update.map((u) => ({ before: { ...u.before }, after: { ...u.after } })),
      delete: this.plan.delete.map((e) => ({ ...e })),
    };
  }
}

// ---------------------------------------------------------------------------
// The tick: one round forward.

/**
 * One effect one round on: rounds left go down by one; for a kind that counts
 * them, rounds without moving go up by one, or back to 0 after a round with
 * movement. Null when it ends.
 */
export function tickEffect(e: EffectRecord, moved: boolean): EffectRecord | null {
  const rule = EFFECT_RULES[e.kind];
  if (rule.lasts !== "rounds") return e;
  const roundsLeft = e.roundsLeft === null ? null : e.roundsLeft - 1;
  const roundsStill = rule.stillRounds === null ? e.roundsStill : moved ? 0 : e.roundsStill + 1;
  if (roundsLeft !== null && roundsLeft <= 0) return null;
  if (rule.stillRounds !== null && roundsStill >= rule.stillRounds) return null;
  if (roundsLeft === e.roundsLeft && roundsStill === e.roundsStill) return e;
  return { ...e, roundsLeft, roundsStill };
}

/** What one round forward does to an actor's effects. */
export interface EffectTick {
  /** Effects whose counts change (the ended ones are not here). */
  update: { before: EffectRecord; after: EffectRecord }[];
  /** Effects that end. */
  ended: EffectRecord[];
}

/** Tick every effect of one combatant for one round forward, given whether it moved that round. */
export function tickEffects(effects: readonly EffectRecord[], moved: boolean): EffectTick {
  const update: EffectTick["update"] = [];
  const ended: EffectRecord[] = [];
  for (const e of effects) {
    const next = tickEffect(e, moved);
    if (next === null) ended.push(e);
    else if (next !== e) update.push({ before: e, after: next });
  }
  return { update, ended };
}

/** The log line "X is no longer Exhausted" (and the like) for an effect that ended. */
export function endedLine(name: string, e: EffectRecord): Line {
  return { key: `${LOG}Ended.${e.kind}`, data: { name } };
}
