/** What the Rounds sheets render, from prepared documents (no writes). */
import { localizeLine } from "../../../core/actions/errors";
import { escapeHtml } from "../../../core/html";
import type { Line } from "../../../core/rules/outcome";
import { ACTS_BY_STEP, mayAct, type Act } from "../rules/permissions";
import { positionLine } from "../rules/position";
import { ABILITY_TAGS, ABILITY_TIMINGS, STEPS, TEAMS, type AbilitySystem, type ActKind, type HeroState, type HeroSystem, type LootSystem } from "../rules/state";
import { LIMITED_STEPS, usedIn } from "../rules/uses";
import { outcomeName } from "../rules/outcomes";
import { ICONS, type HeroAct } from "../actions/ids";
import { heroEncounter, roundsState } from "../encounter/state";
import { adventureOf, encounterScene, tokenOf } from "../encounter/scene";

const S = "FACTIONS.Rounds.Sheet.";
const i18n = () => game.i18n!;
const loc = (key: string) => i18n().localize(key);

/**
 * How an act's or an ability's button shows that the hero may not take it now. A player's is
 * disabled; a GM's stays pressable, marked as the override its dialog offers.
 */
export interface Refusable {
  disabled: boolean;
  /** Refused for the hero, but the viewer is a GM who may override it. */
  override: boolean;
  /** The reason (and the GM's override), escaped: Foundry shows a tooltip as HTML. "" if it may. */
  tooltip: string;
  /** What a screen reader hears besides the step's shared refusal line ("" nothing more). */
  description: string;
  /** Its reason is the step's shared refusal line, which it points to (`aria-describedby`). */
  shared: boolean;
}

export interface ActButton extends Refusable {
  id: HeroAct;
  label: string;
  icon: string;
}

export interface AbilityRow extends Refusable {
  id: string;
  name: string;
  img: string;
  timing: string;
  text: string;
  formula: string;
  /** Tagged with a step (used from the sheet), not triggered. */
  tagged: boolean;
  /** The viewer acts with the hero: the Use button shows. */
  usable: boolean;
}

/** A select's entry, as Foundry's select inputs take `options=`. */
export interface Option {
  value: string;
  label: string;
}

export const teamChoices = (): Option[] => TEAMS.map((t) => ({ value: t, label: loc(`FACTIONS.Rounds.Team.${t}`) }));
export const stepChoices = (): Option[] => STEPS.map((s) => ({ value: s, label: loc(`FACTIONS.Rounds.Step.${s}`) }));
export const timingChoices = (): Option[] => ABILITY_TIMINGS.map((t) => ({ value: t, label: loc(`${S}Timing.${t}`) }));

/** "Tagged Melee", "Start of Adventure". */
export function timingLabel(system: AbilitySystem): string {
  if ((ABILITY_TAGS as readonly string[]).includes(system.timing)) return i18n().format(`${S}Tagged`, { step: loc(`FACTIONS.Rounds.Step.${system.timing}`) });
  return i18n().format(`${S}Triggered`, { edge: loc(`FACTIONS.Rounds.Edge.${system.timing}`), step: loc(`FACTIONS.Rounds.Step.${system.step}`) });
}

const ALLOWED: Refusable = { disabled: false, override: false, tooltip: "", description: "", shared: false };

/**
 * A button refused `line` for the hero. `kept` is what even a GM's override refuses (the game is
 * over…): a GM may press the button unless there is one. `shared` is the step's one refusal line.
 */
function refusable(line: Line | null, kept: Line | null, gm: boolean, shared: string): Refusable {
  if (!line) return ALLOWED;
  const why = localizeLine(line);
  const override = gm && !kept;
  const isShared = why === shared;
  const shown = override ? i18n().format(`${S}Override`, { reason: why }) : why;
  return { disabled: !override, override, tooltip: escapeHtml(shown), description: isShared ? (override ? loc(`${S}OverrideNote`) : "") : shown, shared: isShared };
}

type Track = Parameters<typeof mayAct>[0];

/** The hero's refusal and, for a GM, the one an override keeps. */
function refusals(track: Track, hero: HeroState, act: Act, gm: boolean): [Line | null, Line | null] {
  const line = mayAct(track, hero, act);
  return [line, line && gm ? mayAct(track, hero, act, true) : null];
}

/**
 * The acts of the step the hero may try, as buttons (abilities have their own), and the refusal
 * they share, said once above them ("" if they do not all share one).
 */
function actButtons(hero: HeroState, track: Track, gm: boolean): { acts: ActButton[]; refusal: string } {
  const kinds = ACTS_BY_STEP[track.step].filter((k): k is Exclude<ActKind, "ability"> => k !== "ability");
  const lines = kinds.map((kind) => refusals(track, hero, { kind }, gm));
  const texts = lines.map(([line]) => (line ? localizeLine(line) : ""));
  const refusal = texts.every((text) => text !== "" && text === texts[0]) ? texts[0]! : "";
  const acts = kinds.map((id, i) => ({ id, label: loc(`FACTIONS.Rounds.Act.${id}`), icon: ICONS[id], ...refusable(lines[i]![0], lines[i]![1], gm, refusal) }));
  return { acts, refusal };
}

export function heroContext(actor: Actor.Implementation) {
  const system = actor._source.system as unknown as HeroSystem;
  // Only those who act with the hero see its buttons; a GM may override a refusal.
  const owner = actor.isOwner;
  const gm = !!game.user?.isGM;
  const combat = heroEncounter(actor);
  const state = combat ? roundsState(combat) : null;
  const hero = state?.heroes[actor.uuid] ?? null;
  const scene = combat ? encounterScene(combat) : null;
  const token = scene ? tokenOf(scene, actor) : null;
  const adventure = scene && token ? adventureOf(scene, token) : null;
  const used = hero && state && LIMITED_STEPS.includes(state.track.step) ? usedIn(hero, state.track) : [];
  const step = hero && state && owner ? actButtons(hero, state.track, gm) : { acts: [], refusal: "" };
  // Out of an encounter no one uses an ability, a GM neither: there is no step to use it in.
  const noEncounter = loc(`${S}NoEncounter`);
  const outside: Refusable = { ...ALLOWED, disabled: true, tooltip: escapeHtml(noEncounter), description: noEncounter };

  const abilities: AbilityRow[] = actor.items.contents
    .filter((i) => i.type === "ability")
    .map((i) => {
      const s = i._source.system as unknown as AbilitySystem;
      const tagged = (ABILITY_TAGS as readonly string[]).includes(s.timing);
      const refused = !tagged ? ALLOWED : hero && state ? refusable(...refusals(state.track, hero, { kind: "ability", timing: s.timing }, gm), gm, step.refusal) : outside;
      return {
        id: i.id!,
        name: i.name,
        img: i.img ?? "",
        timing: timingLabel(s),
        text: s.text,
        formula: s.formula,
        tagged,
        usable: tagged && owner,
        ...refused,
      };
    });

  return {
    system,
    teamName: loc(`FACTIONS.Rounds.Team.${system.team}`),
    teamChoices: teamChoices(),
    placeText: loc(`${S}${system.onMap ? "OnMap" : "OffMap"}`),
    // What attacks did to the hero, as the GM applied them ("" none).
    outcomesText: (system.outcomes ?? []).length
      ? i18n().format(`${S}Outcomes`, { outcomes: (system.outcomes ?? []).map((o) => (outcomeName(o) === o ? o : loc(outcomeName(o)))).join(", ") })
      : "",
    encounter: state
      ? {
          position: localizeLine(positionLine(state.track)),
          usedText: used.length ? i18n().format(`${S}Used`, { acts: used.map((a) => loc(`FACTIONS.Rounds.Act.${a}`)).join(", ") }) : "",
          adventure: adventure ? i18n().format(`${S}Standing`, { adventure: adventure.name }) : "",
          canAct: owner,
          acts: step.acts,
          refusal: step.refusal,
        }
      : null,
    loot: actor.items.contents
      .filter((i) => i.type === "loot")
      .map((i) => ({ id: i.id!, name: i.name, img: i.img ?? "" })),
    abilities,
  };
}

export function itemContext(item: Item.Implementation) {
  const isAbility = item.type === "ability";
  const system = item._source.system as unknown as AbilitySystem | LootSystem;
  return {
    system,
    isAbility,
    typeLabel: loc(`TYPES.Item.${item.type}`),
    ownerName: item.actor?.name ?? "",
    timingText: isAbility ? timingLabel(system as AbilitySystem) : "",
    triggered: isAbility && ((system as AbilitySystem).timing === "start" || (system as AbilitySystem).timing === "end"),
    timingChoices: timingChoices(),
    stepChoices: stepChoices(),
  };
}
