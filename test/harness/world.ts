/**
 * Building test worlds on the in-memory Foundry: factions with their assets and owners, places,
 * snapshots of every document, and the chat card as a given user sees and clicks it.
 * (Helpers for tests; the Foundry imitation itself is in the other files of this folder.)
 */
import type { FactionsActor } from "../../src/core/documents/actor";
import type { FactionsItem } from "../../src/core/documents/item";
import type { ActionMessage } from "../../src/core/actions/pipeline";
import type { AssetSystem, FactionSystem } from "../../src/rulesets/faction-turn/rules/state";
import { harness, settle } from "./install";
import type { Scene as HarnessScene, TokenDocument, User } from "./documents";
import { TokenHUD } from "./hud";
import { deepClone, mergeObject, type AnyObject } from "./utils";

export type Faction = FactionsActor<"faction">;
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export interface AssetSpec {
  /** Fixed id (16 characters), else one is made. */
  _id?: string;
  name: string;
  img?: string;
  system?: DeepPartial<AssetSystem>;
}

export interface FactionSpec {
  name: string;
  /** The player owning it (none: only the GM owns it). */
  owner?: User;
  img?: string;
  system?: DeepPartial<FactionSystem>;
  assets?: AssetSpec[];
}

/** A named place reference, as `locations.ts` makes them. */
export const place = (name: string) => `name:${name}`;

/** Create a faction (as the GM) owned by `owner`, with its assets embedded. */
export async function createFaction(spec: FactionSpec): Promise<Faction> {
  return harness.as(harness.users.gm, async () => {
    const ownership: Record<string, number> = { default: 0 };
    if (spec.owner) ownership[spec.owner.id!] = 3;
    const data: AnyObject = {
      name: spec.name,
      type: "faction",
      ownership,
      system: deepClone(spec.system ?? {}),
      items: (spec.assets ?? []).map((a) => assetData(a)),
    };
    if (spec.img) data.img = spec.img;
    const actor = (await Actor.implementation.create(data as Actor.CreateData, { keepId: true })) as unknown as Faction;
    return actor;
  });
}

/** The source of an asset item from a spec. */
export function assetData(spec: AssetSpec): AnyObject {
  const data: AnyObject = { name: spec.name, type: "asset", system: deepClone(spec.system ?? {}) };
  if (spec._id) data._id = spec._id;
  if (spec.img) data.img = spec.img;
  return data;
}

/** An asset's system data merged over the defaults of an attacking Force asset at `location`. */
export function attacker(location: string, system: DeepPartial<AssetSystem> = {}): DeepPartial<AssetSystem> {
  return mergeObject(
    { attribute: "force", rating: 1, cost: 2, hp: { value: 4, max: 4 }, attack: { attribute: "force", defense: "force", damage: "1d6" }, location },
    system as AnyObject,
    { inplace: false },
  ) as DeepPartial<AssetSystem>;
}

/** The faction's asset by name (throws if absent). */
export function assetNamed(actor: Faction, name: string): FactionsItem<"asset"> {
  const item = actor.items.find((i) => i.name === name);
  if (!item?.isAsset()) throw new Error(`${actor.name} has no asset "${name}"`);
  return item;
}

function withoutStats(source: AnyObject): AnyObject {
  const copy = deepClone(source);
  delete copy._stats;
  for (const embedded of ["items", "effects"]) {
    if (!Array.isArray(copy[embedded])) continue;
    copy[embedded] = (copy[embedded] as AnyObject[]).map((i) => withoutStats(i)).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  return copy;
}

/** The actors of every unlinked token, by uuid (each its own actor, kept in its token's delta). */
export function tokenActors(): Record<string, AnyObject> {
  const out: Record<string, AnyObject> = {};
  for (const scene of game.scenes?.contents ?? []) {
    for (const token of scene.tokens) {
      const actor = token.actorLink ? null : token.actor;
      if (actor) out[actor.uuid] = withoutStats(actor.toObject() as unknown as AnyObject);
    }
  }
  return out;
}

/**
 * Every actor (the unlinked tokens' too) and world item as stored (sources; `_stats` timestamps
 * left out, embedded items and effects sorted by id) — to compare the world before and after.
 */
export function snapshot(): { actors: AnyObject[]; items: AnyObject[]; tokenActors: Record<string, AnyObject> } {
  const byId = (a: AnyObject, b: AnyObject) => String(a._id).localeCompare(String(b._id));
  return {
    actors: (game.actors?.contents ?? []).map((a) => withoutStats(a.toObject() as unknown as AnyObject)).sort(byId),
    items: (game.items?.contents ?? []).map((i) => withoutStats(i.toObject() as unknown as AnyObject)).sort(byId),
    tokenActors: tokenActors(),
  };
}

/** Action cards in the chat log, oldest first. */
export function actionCards(): ActionMessage[] {
  return (game.messages?.contents ?? []).filter((m) => m.type === "action") as ActionMessage[];
}

export function lastCard(): ActionMessage {
  const cards = actionCards();
  const card = cards[cards.length - 1];
  if (!card) throw new Error("no action card in the chat log");
  return card;
}

/**
 * The card as `user`'s chat log shows it once what its drawing asked for came back (an owner's
 * Stealth names, which the GM's client tells: the card is drawn again then, as the system does).
 */
export async function renderCardAs(user: User, message: ActionMessage): Promise<HTMLElement> {
  await harness.as(user, () => message.renderHTML());
  await settle();
  return harness.as(user, () => message.renderHTML());
}

/** The `data-action`s of the card's buttons. */
export function cardButtons(html: HTMLElement): string[] {
  return Array.from(html.querySelectorAll<HTMLButtonElement>(".message-content button[data-action]")).map((b) => b.dataset.action!);
}

/** Click a button of a rendered card as `user` and wait for what it started. */
export async function clickAs(user: User, html: HTMLElement, action: string): Promise<void> {
  const button = html.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
  if (!button) throw new Error(`no "${action}" button (has: ${cardButtons(html).join(", ") || "none"})`);
  // The click happens on the user's client: what it starts goes on there, however long it waits.
  await harness.as(user, async () => {
    button.click();
    await settle();
  });
}

/** Warnings and errors shown on `user`'s client (all clients if omitted). */
export function warnings(user?: User): string[] {
  return harness.notifications.list.filter((n) => n.type !== "info" && n.type !== "success" && (!user || n.user === user.name)).map((n) => n.message);
}

/** Localize as the system's `lang/en.json` does. */
export function t(key: string, data?: Record<string, string | number>): string {
  return data ? game.i18n!.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : game.i18n!.localize(key);
}

/** Linked tokens of these actors on the active scene (one is made if there is none), placed as the GM. */
export async function placeTokens(...actors: Actor.Implementation[]): Promise<TokenDocument[]> {
  return harness.as(harness.users.gm, async () => {
    const scenes = game.scenes!.contents as unknown as HarnessScene[];
    const scene = scenes.find((s) => s.active) ?? ((await Scene.implementation.create({ name: "Map", active: true } as Scene.CreateData)) as unknown as HarnessScene);
    const data = actors.map((actor, i) => ({ name: actor.name, actorId: actor.id, actorLink: true, x: 100 * (i + 1), y: 100 }));
    return (await scene.createEmbeddedDocuments("Token", data)) as TokenDocument[];
  });
}

/** `user` opens the token HUD on `token` (their right-click on it). */
export async function openTokenHUD(user: User, token: TokenDocument): Promise<TokenHUD> {
  return harness.as(user, () => new TokenHUD().bind(token));
}

/** The statuses the HUD shows as active. */
export function activeStatuses(hud: TokenHUD): string[] {
  return Array.from(hud.element.querySelectorAll<HTMLElement>(".effect-control.active")).map((el) => el.dataset.statusId!);
}

/** `user` clicks a status on their open HUD (right button: as an overlay) and waits for what it started. */
export async function clickStatus(user: User, hud: TokenHUD, status: string, button = 0): Promise<void> {
  const icon = hud.element.querySelector<HTMLElement>(`.effect-control[data-status-id="${status}"]`);
  if (!icon) throw new Error(`the HUD offers no "${status}" status`);
  await harness.as(user, async () => {
    icon.dispatchEvent(new MouseEvent("click", { bubbles: true, button }));
    await settle();
  });
}
