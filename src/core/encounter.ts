/**
 * Actors without tokens (a faction, an organization, a realm) join an encounter as combatants of
 * their own: a Combatant with the actor's id and no token or scene, which Foundry's token
 * controls cannot make. A GM adds them from the actor directory's context menu ("Add to
 * encounter"). Each ruleset names its actor types that take turns this way.
 */
import { ActionError, warn } from "./actions/errors";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** v13's actor directory asks for its entries' context menu options. */
      getActorContextOptions: (app: foundry.applications.api.ApplicationV2.Any, options: foundry.applications.ux.ContextMenu.Entry<HTMLElement>[]) => void;
    }
  }
}

const types = new Set<string>();

/** The initiative of the first actor added to an empty encounter (each next one a step lower). */
const JOINED_FIRST = 100;

/** A ruleset's actor types that join encounters without tokens. */
export function addEncounterTypes(...list: string[]): void {
  for (const type of list) types.add(type);
}

/** Is this actor one that joins encounters without a token? */
export function joinsWithoutToken(actor: Actor.Implementation | null | undefined): boolean {
  return !!actor && types.has(actor.type);
}

/**
 * Put the actor into the current encounter (a new one if there is none), after those already in it:
 * its initiative one below the lowest there, so the encounter's order is the order the GM added them
 * in (Foundry breaks a tie of initiative by combatant id, a random one). A GM's action; an actor
 * already there is not added twice.
 */
export function addToEncounter(actor: Actor.Implementation): Promise<Combatant.Implementation | null> {
  // One at a time, in the order asked: each joins after the one added before it (a GM adds several in a row).
  const added = adding.then(() => add(actor));
  adding = added.catch(() => null);
  return added;
}

let adding: Promise<unknown> = Promise.resolve();

async function add(actor: Actor.Implementation): Promise<Combatant.Implementation | null> {
  try {
    if (!game.user?.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    if (!joinsWithoutToken(actor)) throw new ActionError("FACTIONS.Encounter.NotTokenless", { actor: actor.name });
    const combat = game.combat ?? ((await Combat.implementation.create({ active: true } as Combat.CreateData)) as Combat.Implementation | undefined);
    if (!combat) return null;
    if (combat.combatants.some((c) => c.actorId === actor.id)) throw new ActionError("FACTIONS.Encounter.AlreadyIn", { actor: actor.name });
    const initiatives = combat.combatants.contents.map((c) => c.initiative).filter((i): i is number => typeof i === "number");
    const initiative = (initiatives.length ? Math.min(...initiatives) : JOINED_FIRST + 1) - 1;
    const created = await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, name: actor.name, img: actor.img, hidden: false, initiative }] as Combatant.CreateData[]);
    return (created?.[0] as Combatant.Implementation | undefined) ?? null;
  } catch (error) {
    warn(error);
    return null;
  }
}

/** The actor directory's "Add to encounter", for a GM, on the actors that join without tokens. */
export function registerEncounterControls(): void {
  Hooks.on("getActorContextOptions", (_app, options) => {
    const actorOf = (li: HTMLElement) => game.actors?.get(li.dataset.entryId ?? li.dataset.documentId ?? "");
    options.push({
      name: "FACTIONS.Encounter.Add",
      icon: '<i class="fa-solid fa-swords"></i>',
      condition: (li: HTMLElement) => !!game.user?.isGM && joinsWithoutToken(actorOf(li)),
      callback: (li: HTMLElement) => {
        const actor = actorOf(li);
        if (actor) void addToEncounter(actor);
      },
    });
  });
}
