/** What the Rounds sheets render, from prepared documents (no writes). */
import { localizeLine } from "../../../core/actions/errors";
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

export interface ActButton {
  id: HeroAct;
  label: string;
  icon: string;
  disabled: boolean;
  /** Why the hero may not take it now ("" if it may). */
  why: string;
}

export interface AbilityRow {
  id: string;
  name: string;
  img: string;
  timing: string;
  text: string;
  formula: string;
  /** Tagged with a step (used from the sheet), not triggered. */
  tagged: boolean;
  disabled: boolean;
  why: string;
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

/** The acts of the step the hero may try, as buttons (abilities have their own). */
function actButtons(hero: HeroState, state: { track: Parameters<typeof mayAct>[0] }, owner: boolean): ActButton[] {
  const kinds = ACTS_BY_STEP[state.track.step].filter((k): k is Exclude<ActKind, "ability"> => k !== "ability");
  return kinds.map((id) => {
    const refusal = owner ? mayAct(state.track, hero, { kind: id } as Act) : { key: `${S}NotYours` };
    return { id, label: loc(`FACTIONS.Rounds.Act.${id}`), icon: ICONS[id], disabled: !!refusal, why: refusal ? localizeLine(refusal) : "" };
  });
}

export function heroContext(actor: Actor.Implementation) {
  const system = actor._source.system as unknown as HeroSystem;
  const owner = actor.isOwner;
  const combat = heroEncounter(actor);
  const state = combat ? roundsState(combat) : null;
  const hero = state?.heroes[actor.uuid] ?? null;
  const scene = combat ? encounterScene(combat) : null;
  const token = scene ? tokenOf(scene, actor) : null;
  const adventure = scene && token ? adventureOf(scene, token) : null;
  const used = hero && state && LIMITED_STEPS.includes(state.track.step) ? usedIn(hero, state.track) : [];

  const abilities: AbilityRow[] = actor.items.contents
    .filter((i) => i.type === "ability")
    .map((i) => {
      const s = i._source.system as unknown as AbilitySystem;
      const tagged = (ABILITY_TAGS as readonly string[]).includes(s.timing);
      const refusal = !tagged || !hero || !state ? null : owner ? mayAct(state.track, hero, { kind: "ability", timing: s.timing }) : { key: `${S}NotYours` };
      const usable = tagged && !!hero && !!state && !refusal;
      return {
        id: i.id!,
        name: i.name,
        img: i.img ?? "",
        timing: timingLabel(s),
        text: s.text,
        formula: s.formula,
        tagged,
        disabled: !usable,
        why: refusal ? localizeLine(refusal) : !hero && tagged ? loc(`${S}NoEncounter`) : "",
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
          acts: hero ? actButtons(hero, state, owner) : [],
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
