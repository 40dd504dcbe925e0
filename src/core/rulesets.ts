import { restoring } from "./actions/documents";
import { rulesetEnabled, type RulesetId } from "./settings";

/** What a ruleset brings to `init`. Rulesets hand themselves to the entry point; the core never imports them. */
export interface Ruleset {
  id: RulesetId;
  actorTypes: Record<string, unknown>;
  itemTypes: Record<string, unknown>;
  templates: string[];
  init(): void;
}

/** The ruleset a document type belongs to, if any. */
export function rulesetOfType(rulesets: readonly Ruleset[], kind: "Actor" | "Item", type: string): Ruleset | undefined {
  return rulesets.find((r) => type in (kind === "Actor" ? r.actorTypes : r.itemTypes));
}

/** The document types of the rulesets that are off in this world. */
export function typesOff(rulesets: readonly Ruleset[]): Set<string> {
  return new Set(rulesets.filter((r) => !rulesetEnabled(r.id)).flatMap((r) => [...Object.keys(r.actorTypes), ...Object.keys(r.itemTypes)]));
}

/**
 * RULES §1: a ruleset that is off in this world offers no documents. The create
 * dialogs leave its types out of their type list, and creating an actor or item
 * of its types is refused with a message all the same (existing ones stay usable, and a GM's
 * undo may restore the ones an action removed).
 */
export function guardRulesetTypes(rulesets: readonly Ruleset[]): void {
  const guard = (kind: "Actor" | "Item") => (document: { type: string; id: string | null }) => {
    const ruleset = rulesetOfType(rulesets, kind, document.type);
    if (!ruleset || rulesetEnabled(ruleset.id)) return true;
    // An undo (or a rollback) on the GM's client puts back what an action removed: not a new document.
    if (game.user?.isGM && document.id && restoring.has(document.id)) return true;
    const i18n = game.i18n!;
    ui.notifications?.warn(i18n.format("FACTIONS.Settings.ruleset.off", { ruleset: i18n.localize(`FACTIONS.Ruleset.${ruleset.id}`) }));
    return false;
  };
  Hooks.on("preCreateActor", guard("Actor"));
  Hooks.on("preCreateItem", guard("Item"));
  Hooks.on("renderDialogV2", (_app, element) => {
    const select = element.querySelector<HTMLSelectElement>('select[name="type"]');
    if (!select) return;
    const off = typesOff(rulesets);
    for (const option of [...select.options]) if (off.has(option.value)) option.remove();
  });
}
