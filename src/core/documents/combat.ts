/**
 * The system's Combat class. It stays thin: v13 runs an encounter's turn lifecycle
 * (`_onEndTurn` → `_onEndRound` → `_onStartRound` → `_onStartTurn`) on the active GM's client,
 * only when the encounter moves forward, and this class hands each step to the rulesets that
 * registered for it (the core never imports a ruleset).
 *
 * A GM may go back a turn and forward again. Each turn and round is handed out once all the
 * same: the furthest position the encounter reached (its frontier) is kept in its flags, and
 * moving forward through positions before it hands nothing out again.
 */
import { warn } from "../actions/errors";
import { SYSTEM_ID } from "../constants";
import type { TurnOrder } from "../rules/turn-order";

export type CombatEventName = "startTurn" | "endTurn" | "startRound" | "endRound";

/** What a ruleset is told: the encounter, whose turn it is (turn events), and the round. */
export interface CombatEvent {
  combat: FactionsCombat;
  /** The combatant whose turn starts or ends; null for round events. */
  combatant: Combatant.Implementation | null;
  round: number;
}

export type CombatEventHandler = (event: CombatEvent) => Promise<void> | void;

/** A position of the encounter: its round and turn, and whose turn that was. */
export interface CombatPosition {
  round: number;
  turn: number | null;
  combatantId: string | null;
}

const START: CombatPosition = { round: 0, turn: null, combatantId: null };

/** Is `b` further on than `a`: a later round, or a later turn of the same round? */
export function isFurther(a: Pick<CombatPosition, "round" | "turn">, b: Pick<CombatPosition, "round" | "turn">): boolean {
  return b.round > a.round || (b.round === a.round && (b.turn ?? -1) > (a.turn ?? -1));
}

const handlers = new Map<CombatEventName, CombatEventHandler[]>();
/** The rulesets' work for the turns and rounds handed out and not yet done. */
const handing = new Set<Promise<void>>();

/** Resolves once the rulesets have done with every turn and round handed out on this client so far (and what those hand out). */
export async function combatEventsDone(): Promise<void> {
  while (handing.size) await Promise.all([...handing]);
}

/** A ruleset asks to be told of an encounter's turn or round starting or ending (GM's client only). */
export function onCombatEvent(name: CombatEventName, handler: CombatEventHandler): void {
  handlers.set(name, [...(handlers.get(name) ?? []), handler]);
}

/**
 * The viewed encounter, once started, as the rules see it: the actors in it that `isMember`
 * accepts, and whose turn is open (none when the GM has gone back to a turn already had).
 */
export function turnOrder(isMember: (actor: Actor.Implementation) => boolean): TurnOrder | undefined {
  const combat = game.combat;
  if (!combat?.started) return undefined;
  const member = (actor: Actor.Implementation | null | undefined): actor is Actor.Implementation => !!actor && isMember(actor);
  const members = combat.combatants.contents.flatMap((c) => (member(c.actor) ? [c.actor.uuid] : []));
  const current = combat.combatant?.actor;
  return { members, open: combat.atFrontier && member(current) ? current.uuid : null };
}

export class FactionsCombat<out SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /** The frontier as it was before the move the lifecycle is running for. */
  #before: CombatPosition = START;

  /** The furthest position this encounter reached. */
  get frontier(): CombatPosition {
    const stored = this.getFlag(SYSTEM_ID, "frontier") as Partial<CombatPosition> | undefined;
    return { ...START, ...(stored ?? {}) };
  }

  /** Is the encounter at its furthest position, not back at a turn it has already been past? */
  get atFrontier(): boolean {
    return !isFurther(this.#position(), this.frontier);
  }

  #position(): CombatPosition {
    return { round: this.round ?? 0, turn: this.turn ?? null, combatantId: this.combatant?.id ?? null };
  }

  protected override _onUpdate(...args: Parameters<Combat["_onUpdate"]>): void {
    const [changed] = args;
    const moved = "round" in changed || "turn" in changed;
    if (moved) this.#before = this.frontier;
    super._onUpdate(...args);
    if (!moved || !game.users?.activeGM?.isSelf) return;
    const now = this.#position();
    if (isFurther(this.#before, now)) void this.setFlag(SYSTEM_ID, "frontier", now);
  }

  // Core calls each of these with its context: the round and turn it is for, and whether the move
  // passed over it (`skipped`: Next Round part-way through a round). Only what really ended or
  // started is handed out, and only past the frontier: going back and forward again hands out
  // nothing twice.

  protected override async _onEndTurn(...args: Parameters<Combat["_onEndTurn"]>): Promise<void> {
    await super._onEndTurn(...args);
    const [combatant, context] = args;
    if (context.skipped || !isFurther(this.#before, this.#position())) return;
    // The turn that ends is the frontier's, whichever earlier turn the GM moved on from.
    const before = this.#before;
    const ended = (before.combatantId ? this.combatants.get(before.combatantId) : combatant) as Combatant.Implementation | undefined;
    if (ended && before.round === context.round) await this.#hand("endTurn", ended, context.round);
  }

  protected override async _onEndRound(...args: Parameters<Combat["_onEndRound"]>): Promise<void> {
    await super._onEndRound(...args);
    const [context] = args;
    if (!context.skipped && context.round > 0 && context.round >= this.#before.round) await this.#hand("endRound", null, context.round);
  }

  protected override async _onStartRound(...args: Parameters<Combat["_onStartRound"]>): Promise<void> {
    await super._onStartRound(...args);
    const [context] = args;
    if (!context.skipped && context.round > this.#before.round) await this.#hand("startRound", null, context.round);
  }

  protected override async _onStartTurn(...args: Parameters<Combat["_onStartTurn"]>): Promise<void> {
    await super._onStartTurn(...args);
    const [combatant, context] = args;
    if (!context.skipped && isFurther(this.#before, { round: context.round, turn: context.turn })) {
      await this.#hand("startTurn", combatant as Combatant.Implementation, context.round);
    }
  }

  /** Each ruleset's handler in turn; one that fails is reported and does not stop the others. */
  async #hand(name: CombatEventName, combatant: Combatant.Implementation | null, round: number): Promise<void> {
    const work = (async () => {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await handler({ combat: this as FactionsCombat, combatant, round });
        } catch (error) {
          warn(error);
        }
      }
    })();
    handing.add(work);
    try {
      await work;
    } finally {
      handing.delete(work);
    }
  }
}
