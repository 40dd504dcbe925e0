import { SYSTEM_ID } from "../../../core/constants";
import { heroesOf, isHero, isRoundsCombat } from "../encounter/state";
import { HERO_PARTS, HeroSheet, ITEM_PARTS, RoundsItemSheet } from "./sheets";

export { HeroSheet, RoundsItemSheet } from "./sheets";

export const ROUNDS_SHEET_TEMPLATES: string[] = [HERO_PARTS.sheet.template, ITEM_PARTS.sheet.template];

/** Register the hero sheet and the loot/ability sheet as the defaults of their types (on `init`). */
export function registerRoundsSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, HeroSheet, { types: ["hero"], makeDefault: true, label: "FACTIONS.Rounds.Sheet.Hero" });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, RoundsItemSheet, { types: ["loot", "ability"], makeDefault: true, label: "FACTIONS.Rounds.Sheet.Item" });
}

/** A hero's open sheet, drawn again: what it may do follows the encounter and its token. */
function redraw(actor: Actor.Implementation | null | undefined): void {
  if (!isHero(actor)) return;
  const sheet = actor.sheet as { rendered?: boolean; render(options?: object): unknown } | null;
  if (sheet?.rendered) void sheet.render();
}

/** The step moving on, or a hero's token moving (adjacency, adventure spaces), changes what its sheet offers. */
export function registerSheetRefresh(): void {
  Hooks.on("updateCombat", (combat) => {
    if (isRoundsCombat(combat as Combat.Implementation)) for (const hero of heroesOf(combat as Combat.Implementation)) redraw(hero);
  });
  Hooks.on("updateToken", (token) => redraw((token as TokenDocument.Implementation).actor as Actor.Implementation | null));
  Hooks.on("createToken", (token) => redraw((token as TokenDocument.Implementation).actor as Actor.Implementation | null));
}
