/** A large organization for the organization sheet's tests and its benchmark. */
import { createHandlebars, I18n, loadTranslations, registerPartials, renderTemplate } from "../harness/handlebars";
import type { LieutenantSystem, OrganizationSystem, UnitSystem } from "../../src/rulesets/operations/rules/state";
import { NO_STANCE } from "../../src/rulesets/operations/rules/state";
import { organizationSheetContext, type OrganizationSheetInput } from "../../src/rulesets/operations/sheets/organization-context";

export const i18n = new I18n(loadTranslations());

const organization: OrganizationSystem = { cohesion: 3, capital: 17, npc: false, round: 2, standings: {}, claims: {}, penalties: {}, surveillance: [] };

export function unitSystem(location: string, over: Partial<UnitSystem> = {}): UnitSystem {
  return { level: 3, competency: "force", upkeep: 1, cost: 3, bonded: false, condition: "fresh", hiding: 0, location, lieutenant: "", selective: false, recruiter: "", acted: false, defended: false, ...over };
}

export function lieutenantSystem(location: string, over: Partial<LieutenantSystem> = {}): LieutenantSystem {
  return {
    level: 4, force: 2, sneak: 3, charm: 1, lore: 0, organization: "Actor.red", recruiter: "", captor: "", location, condition: "fresh", hiding: 0,
    acted: false, defended: false, bonded: false, stance: NO_STANCE, ...over,
  } as LieutenantSystem;
}

/**
 * `units` units spread over `places` named places (every third one hidden), two lieutenants with
 * a stance, and one stance of another organization at every tenth place.
 */
export function bigOrganization(units: number, places: number): OrganizationSheetInput {
  const place = (i: number) => `name:Place ${i % places}`;
  return {
    system: organization,
    lieutenants: [
      { uuid: "Actor.vex", name: "Vex", system: lieutenantSystem(place(0), { stance: { ...NO_STANCE, kind: "ambush", factions: ["Actor.blue"] } }) },
      { uuid: "Actor.orm", name: "Orm", system: lieutenantSystem("name:Far Away", { stance: { ...NO_STANCE, kind: "block", factions: ["Actor.blue"] } }) },
    ],
    units: Array.from({ length: units }, (_, i) => ({ id: `u${i}`, name: `Unit ${i}`, system: unitSystem(place(i), { hiding: i % 3 === 0 ? 2 : 0, competency: i % 2 ? "sneak" : "force" }) })),
    projects: [{ id: "p1", name: "Ward of Ash", system: { kind: "research", required: 8, progress: 5, blocked: false, target: "", training: "", stat: "" } }],
    stances: [
      { location: place(0), holder: "Vex (The Red Hand)", kind: "ambush", text: "Ambush" },
      { location: "name:Far Away", holder: "Orm (The Red Hand)", kind: "block", text: "Block route" },
      ...Array.from({ length: Math.ceil(places / 10) }, (_, k) => ({ location: place(k * 10 + 1), holder: "Mara (The Blue Lotus)", kind: "block", text: "Block route" })),
    ],
    nameOf: (ref) => ref,
    locationLabel: (ref) => (ref.startsWith("name:") ? ref.slice(5) : "Nowhere"),
    i18n,
  };
}

function field(path: string, extra: Record<string, unknown> = {}) {
  const key = `FACTIONS.Operations.Organization.FIELDS.${path}`;
  return { fieldPath: `system.${path}`, label: i18n.localize(`${key}.label`), ...extra };
}

/** Build the context from `input` and render the organization sheet, as the sheet does. */
export function organizationSheetRenderer() {
  const hbs = createHandlebars();
  registerPartials(undefined, hbs);
  const systemFields = { cohesion: field("cohesion", { min: 1, max: 5, integer: true }), capital: field("capital", { min: 0, integer: true }), npc: field("npc", { initial: false }) };
  return (input: OrganizationSheetInput) =>
    renderTemplate(
      "systems/factions/templates/operations/organization-sheet.hbs",
      { ...organizationSheetContext(input), document: { name: "The Red Hand", img: "" }, systemFields, editable: true, isGM: true, rootId: "org", enrichedDescription: "" },
      hbs,
    );
}
