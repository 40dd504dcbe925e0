import { offerSquares, type GridSquare } from "../canvas/pick-square";
import { templatePath } from "../constants";
import type { OddsContext } from "../chat/card-context";
import { signed } from "../format";
import { escapeHtml } from "../html";
import { checkOdds } from "../rules/odds";
import type { CheckKind, CheckSettings, Modifier, Tier } from "../rules/check";

/** One field of an action dialog. Labels are i18n keys or already plain text. */
export type DialogField =
  | { kind: "select"; name: string; label: string; options: { value: string; label: string; group?: string }[]; value?: string }
  | { kind: "number"; name: string; label: string; value: number; min?: number; max?: number; hint?: string }
  | { kind: "text"; name: string; label: string; value: string; input?: "date" }
  | { kind: "checkboxes"; name: string; label: string; options: { value: string; label: string; checked?: boolean; hint?: string }[] }
  | { kind: "counts"; name: string; label: string; options: { value: string; label: string; max: number; hint?: string }[] }
  | { kind: "info"; text: string };

export type FormValues = Record<string, string | string[] | number | boolean>;

const TIERS: Tier[] = ["completeFailure", "failure", "success", "completeSuccess"];

/** The breakdown and exact odds the dialog shows; `two-tier` checks show only success and failure. */
export function oddsContext(actor: Modifier[], opposition: Modifier[], kind: CheckKind, settings: CheckSettings): OddsContext {
  const i18n = game.i18n!;
  const sum = (mods: Modifier[]) => mods.reduce((t, m) => t + m.value, 0);
  const odds = checkOdds(sum(actor), sum(opposition), kind, settings);
  const label = (m: Modifier) => ({ label: i18n.localize(m.label), value: m.value, text: signed(m.value) });
  return {
    actor: actor.map(label),
    opposition: opposition.map(label),
    actorTotal: sum(actor),
    oppositionTotal: sum(opposition),
    actorTotalText: signed(sum(actor)),
    oppositionTotalText: signed(sum(opposition)),
    tiers: TIERS.filter((t) => kind === "fourTier" || t === "success" || t === "failure").map((tier) => ({
      tier,
      label: i18n.localize(`FACTIONS.Check.Tier.${tier}`),
      value: odds[tier],
      percent: `${(odds[tier] * 100).toFixed(1)}%`,
    })),
  };
}

/**
 * The exact odds of a roll reaching a number, as the dialog shows a check's: the formula against
 * the number, and the chance of reaching it or falling short. `label` names the roll (a weapon).
 */
export function reachOddsContext(label: string, formula: string, reach: number, chance: number): OddsContext {
  const i18n = game.i18n!;
  const percent = (p: number) => `${(p * 100).toFixed(1)}%`;
  return {
    actor: [{ label, value: 0, text: formula }],
    opposition: [{ label: i18n.localize("FACTIONS.Odds.ReachNumber"), value: reach, text: String(reach) }],
    actorTotal: 0,
    oppositionTotal: reach,
    actorTotalText: formula,
    oppositionTotalText: String(reach),
    tiers: [
      { tier: "success", label: i18n.format("FACTIONS.Odds.Reaches", { reach: String(reach) }), value: chance, percent: percent(chance) },
      { tier: "failure", label: i18n.localize("FACTIONS.Odds.FallsShort"), value: 1 - chance, percent: percent(1 - chance) },
    ],
  };
}

/** Read a dialog form into plain values: checkbox groups as arrays, numbers as numbers. */
export function readForm(form: HTMLFormElement, fields: readonly DialogField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.kind === "info") continue;
    const named = (n: string) => form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${CSS.escape(n)}"]`);
    if (field.kind === "checkboxes") {
      values[field.name] = field.options.filter((o) => (named(`${field.name}.${o.value}`) as HTMLInputElement | null)?.checked).map((o) => o.value);
    } else if (field.kind === "counts") {
      for (const o of field.options) values[`${field.name}.${o.value}`] = Number(named(`${field.name}.${o.value}`)?.value ?? 0) || 0;
    } else if (field.kind === "number") values[field.name] = Number(named(field.name)?.value ?? 0) || 0;
    else values[field.name] = named(field.name)?.value ?? "";
  }
  return values;
}

export interface ActionDialog {
  title: string;
  fields: DialogField[];
  /** The odds for the values in the form now (recomputed on each change), or null for none. */
  odds?: (values: FormValues) => OddsContext[] | null;
  submit?: string;
  /**
   * A select whose choices are squares, which may also be picked on the map: a click on a
   * highlighted one chooses it and submits (../canvas/pick-square.ts). The squares may depend on
   * the form's other values (offered again as they change).
   */
  squaresOnMap?: { field: string; scene: Scene.Implementation | null; squares: (values: FormValues) => GridSquare[]; value: (square: GridSquare, values: FormValues) => string };
}

/**
 * Ask for an action's choice. Resolves to the form's values, or null if the
 * user closed the dialog. The odds part re-renders as the form changes.
 */
export async function promptAction(dialog: ActionDialog): Promise<FormValues | null> {
  const { renderTemplate } = foundry.applications.handlebars;
  const oddsHtml = async (values: FormValues) => {
    const list = dialog.odds?.(values) ?? [];
    const parts = await Promise.all(list.map((o) => renderTemplate(templatePath("core/odds.hbs"), o as unknown as Record<string, unknown>)));
    return parts.join("");
  };
  const content = await renderTemplate(templatePath("core/action-dialog.hbs"), { fields: dialog.fields, odds: await oddsHtml({}) });
  let values: FormValues | null = null;
  let stopPicking = () => {};
  await foundry.applications.api.DialogV2.wait({
    window: { title: dialog.title },
    classes: ["factions", "factions-dialog"],
    content,
    rejectClose: false,
    buttons: [
      {
        action: "ok",
        label: dialog.submit ?? "FACTIONS.Dialog.Roll",
        icon: "fa-solid fa-dice-d10",
        default: true,
        callback: (_event, button) => {
          values = readForm(button.form!, dialog.fields);
          return "ok";
        },
      },
      { action: "cancel", label: "FACTIONS.Dialog.Cancel", icon: "fa-solid fa-xmark" },
    ],
    render: (_event, app) => {
      const form = app.element.querySelector("form");
      const map = dialog.squaresOnMap;
      const select = map ? form?.querySelector<HTMLSelectElement>(`select[name="${map.field}"]`) : null;
      if (form && map && select) {
        const offer = () => {
          stopPicking();
          const values = readForm(form, dialog.fields);
          stopPicking = offerSquares(map.scene, map.squares(values), (square) => {
            select.value = map.value(square, values);
            app.element.querySelector<HTMLButtonElement>('button[data-action="ok"]')?.click();
          });
        };
        offer();
        form.addEventListener("change", offer);
      }
      const target = app.element.querySelector(".factions-odds");
      if (!form || !target || !dialog.odds) return;
      const refresh = async () => (target.innerHTML = await oddsHtml(readForm(form, dialog.fields)));
      form.addEventListener("change", () => void refresh());
      void refresh();
    },
  });
  stopPicking();
  return values;
}

/**
 * Ask a yes-or-no question before an action (End Turn with nothing done): true only if the user
 * says yes. `question` is plain text; `title` the action's name.
 */
export async function confirmAction(title: string, question: string): Promise<boolean> {
  const answer = await foundry.applications.api.DialogV2.confirm({
    window: { title },
    classes: ["factions", "factions-dialog"],
    content: `<p>${escapeHtml(question)}</p>`,
    rejectClose: false,
  });
  return answer === true;
}
