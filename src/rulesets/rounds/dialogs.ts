/**
 * The dialog of each hero act (the hero sheet's buttons reach `takeRoundsAct` through
 * `actFromSheet`): the target, the ability tagged with the step, the minion, the teammate and the
 * loot of a trade, the loot on the ground, the square a hero enters on. A GM may also rule that the
 * act is taken whoever may act (ticked already when the hero is refused it).
 */
import { promptAction, type ActionDialog, type DialogField, type FormValues } from "../../core/actions/dialog";
import { ActionError, localizeLine, phraseText, warn } from "../../core/actions/errors";
import { distancePhrase } from "../../core/rules/distance";
import type { Line } from "../../core/rules/outcome";
import { performAction } from "../../core/actions/pipeline";
import type { Choice } from "../../core/actions/definition";
import { formulaBounds, isFormula } from "../../core/rules/formula";
import { itemOfRow } from "../../core/sheets/handlers";
import { adjacent, attackFormula, attackName, insideMap, mayAct, stepName, targetProblem, teamOf, type AbilityItem, type AttackKind, type HeroState, type RoundsState, type Step } from "./rules";
import { ACTIONS } from "./rules/context";
import { encounterScene, entrySquares, sceneSquares, squareLabel, squareOf } from "./encounter/scene";
import { heroEncounter, roundsState, type RoundsCombat } from "./encounter/state";
import { onGround } from "./actions/definitions";
import { seesToken, targetedTokens, tokenFromUuid, type TokenDoc } from "../../core/canvas/targets";
import { heroDistance, heroToken } from "./targets";
import { HERO_ACTS, overrideId, type HeroAct } from "./actions/ids";

const D = "FACTIONS.Rounds.Dialog.";
const i18n = () => game.i18n!;
const str = (v: FormValues[string] | undefined): string => (v === undefined ? "" : String(v));
const list = (v: FormValues[string] | undefined): string[] => (Array.isArray(v) ? v : []);

export interface Ask {
  combat: RoundsCombat;
  state: RoundsState;
  hero: HeroState;
  actor: Actor.Implementation;
}

/** The encounter the hero plays in, as the rules read it (throws a refusal if it plays in none). */
export function askContext(actor: Actor.Implementation): Ask {
  const combat = heroEncounter(actor);
  const state = combat ? roundsState(combat) : null;
  const hero = state?.heroes[actor.uuid];
  if (!combat || !state || !hero) throw new ActionError("FACTIONS.Rounds.Reject.NotInEncounter", { hero: actor.name });
  return { combat, state, hero, actor };
}

/** Abilities tagged with the step (their use counts as the step's act). */
export function taggedAbilities(hero: HeroState, step: Step): AbilityItem[] {
  return hero.items.filter((i): i is AbilityItem => i.type === "ability" && i.system.timing === step);
}

function abilityField(ask: Ask, required: boolean, preset = ""): DialogField {
  // The ability the sheet's button names is offered even when tagged with another step: the GM may override.
  const named = ask.hero.items.find((i): i is AbilityItem => i.type === "ability" && i.id === preset);
  const offered = taggedAbilities(ask.hero, ask.state.track.step);
  if (named && !offered.includes(named)) offered.unshift(named);
  const options = offered.map((a) => ({ value: a.id, label: a.system.formula ? `${a.name} (${a.system.formula})` : a.name }));
  return {
    kind: "select",
    name: "ability",
    label: `${D}Ability`,
    value: preset,
    options: required ? options : [{ value: "", label: i18n().localize(`${D}NoAbility`) }, ...options],
  };
}

const onMap = (h: HeroState) => h.system.onMap;

/**
 * The enemy an act is aimed at: the token the user targets on the map, else the one picked here
 * (the keyboard's way, and a user's with nothing targeted). The picker offers only the heroes the
 * act can take (targetProblem: enemies on the map, next to the hero for a melee attack) whose
 * tokens the user can see, each with its distance on the scene's grid, those next to the hero
 * marked; when none, it says why. A targeted token the act cannot take is not picked, and the
 * dialog says why. A GM also sees the others, after them and marked: the override takes them.
 */
function enemyFields(ask: Ask, melee: boolean, name = "target", label = `${D}Target`): DialogField[] {
  const user = game.user!;
  const next = (h: HeroState) => !!(ask.hero.square && h.square && adjacent(ask.hero.square, h.square));
  const seen = Object.values(ask.state.heroes)
    .filter((h) => h.id !== ask.hero.id && onMap(h))
    .map((h) => ({ hero: h, token: heroToken(ask.combat, h.id), why: targetProblem(ask.hero, h, melee) }))
    .filter((e): e is { hero: HeroState; token: TokenDoc; why: Line | null } => !!e.token && seesToken(user, e.token));
  const takes = seen.filter((e) => !e.why);
  const overridden = user.isGM ? seen.filter((e) => e.why) : [];
  const option = ({ hero, token }: { hero: HeroState; token: TokenDoc }, group?: string) => {
    const shown = next(hero) ? i18n().format(`${D}Adjacent`, { hero: hero.name }) : hero.name;
    const distance = heroDistance(ask.combat, ask.hero.id, token);
    const text = distance ? i18n().format(`${D}TargetLine`, { target: shown, distance: phraseText(distancePhrase(distance.value, distance.units)) }) : i18n().format(`${D}TargetFar`, { target: shown });
    return { value: hero.id, label: text, ...(group ? { group } : {}) };
  };
  const options = [...takes.map((e) => option(e)), ...overridden.map((e) => option(e, i18n().localize(`${D}OverrideOnly`)))];
  const own = heroToken(ask.combat, ask.hero.id);
  const targeted = targetedTokens().filter((t) => t !== own);
  const first = targeted[0];
  const fields: DialogField[] = [];
  let value = "";
  if (first) {
    const aimed = seen.find((e) => e.token === first || (first.actor as Actor.Implementation | null)?.uuid === e.hero.id);
    const why = aimed ? aimed.why : { key: `${D}TargetNotHero`, data: { target: first.name ?? "" } };
    if (!why) value = aimed!.hero.id;
    const hint = why
      ? i18n().format(`${D}TargetRefused`, { target: aimed?.hero.name ?? first.name ?? "", why: localizeLine(why) })
      : targeted.length > 1
        ? i18n().format(`${D}TargetedMany`, { count: String(targeted.length), target: aimed!.hero.name })
        : i18n().localize(`${D}TargetedHint`);
    fields.push({ kind: "info", text: hint });
  }
  if (options.length === 0) return [{ kind: "info", text: melee ? i18n().format(`${D}NoneAdjacent`, { hero: ask.hero.name }) : i18n().localize(`${D}NoTargets`) }, ...fields];
  const select: DialogField = { kind: "select", name, label, ...(value ? { value } : {}), options: value ? options : [{ value: "", label: i18n().localize(`${D}ChooseTarget`) }, ...options] };
  return [select, ...fields];
}

/** Whether the rules refuse the hero the act now (for an ability, the one the sheet's Use button names). */
function refusedNow(ask: Ask, act: HeroAct, preset: Record<string, string>): boolean {
  if (act !== "ability") return mayAct(ask.state.track, ask.hero, { kind: act }) !== null;
  const ability = ask.hero.items.find((i): i is AbilityItem => i.type === "ability" && i.id === preset.ability);
  return !!ability && mayAct(ask.state.track, ask.hero, { kind: "ability", timing: ability.system.timing }) !== null;
}

/**
 * A GM may take the act whoever may act now. The box starts ticked when the hero is refused it:
 * the sheet marked the button as the override.
 */
function overrideFields(ask: Ask, act: HeroAct, preset: Record<string, string> = {}): DialogField[] {
  if (!game.user?.isGM) return [];
  const checked = refusedNow(ask, act, preset);
  return [{ kind: "checkboxes", name: "override", label: `${D}GM`, options: [{ value: "on", label: i18n().localize(`${D}Override`), hint: i18n().localize(`${D}OverrideHint`), checked }] }];
}

/** What a Shoot or a Melee rolls: the hero's formula and the totals it can give, or that it rolls nothing. */
function attackInfo(ask: Ask, kind: AttackKind): DialogField {
  const formula = attackFormula(ask.hero, kind);
  const data = { hero: ask.hero.name, act: i18n().localize(attackName(kind)) };
  if (formula === "" || !isFormula(formula)) return { kind: "info", text: i18n().format(`${D}NoAttackFormula`, data) };
  const { min, max } = formulaBounds(formula);
  return { kind: "info", text: i18n().format(`${D}AttackFormula`, { ...data, formula, min: String(min), max: String(max) }) };
}

/** Slip Away's small move after the swap: stay, or one square in a compass direction (the rules check where that lands). */
const STEPS_AFTER_SWAP: Record<string, [number, number]> = { n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0], nw: [-1, -1] };

function stepField(): DialogField {
  const options = [{ value: "", label: i18n().localize(`${D}StepStay`) }, ...Object.keys(STEPS_AFTER_SWAP).map((d) => ({ value: d, label: i18n().localize(`${D}Step.${d}`) }))];
  return { kind: "select", name: "step", label: `${D}StepAfter`, options };
}

/** The square of the enemy the dialog names (its token's), which the hero takes in the swap (null: none on the map). */
function swapSquare(ask: Ask, target: string): { x: number; y: number } | null {
  const token = target ? (tokenFromUuid(target) ?? heroToken(ask.combat, target)) : null;
  const scene = encounterScene(ask.combat);
  return token && scene ? squareOf(scene, token) : null;
}

/** The square the hero steps to: the direction taken from the enemy's square. */
function stepAfterSwap(ask: Ask, target: string, direction: string): { step?: { x: number; y: number } } {
  const offset = STEPS_AFTER_SWAP[direction];
  const from = offset ? swapSquare(ask, target) : null;
  return offset && from ? { step: { x: from.x + offset[0], y: from.y + offset[1] } } : {};
}

/** The squares a click may pick for the step: the enemy's (stay) and those around it on the map, but the hero's own (where the enemy goes). */
function stepSquares(ask: Ask, target: string): { x: number; y: number }[] {
  const from = swapSquare(ask, target);
  const scene = encounterScene(ask.combat);
  if (!from || !scene) return [];
  const area = sceneSquares(scene);
  const own = ask.hero.square;
  const around = Object.values(STEPS_AFTER_SWAP).map(([dx, dy]) => ({ x: from.x + dx, y: from.y + dy }));
  return [from, ...around.filter((s) => insideMap(area, s) && !(own && s.x === own.x && s.y === own.y))];
}

/** The step select's value for a clicked square ("" for the enemy's own: stay). */
function directionTo(ask: Ask, target: string, square: { x: number; y: number }): string {
  const from = swapSquare(ask, target);
  const found = from ? Object.entries(STEPS_AFTER_SWAP).find(([, [dx, dy]]) => from.x + dx === square.x && from.y + dy === square.y) : undefined;
  return found?.[0] ?? "";
}

interface ActDialog {
  title: string;
  fields: DialogField[];
  /** Squares of a select that a click on the map may pick too. */
  squaresOnMap?: ActionDialog["squaresOnMap"];
  choiceOf(values: FormValues): Choice;
}

function stepInfo(ask: Ask): DialogField {
  const { round, lastRound, team, step } = ask.state.track;
  const text = localizeLine({ key: "FACTIONS.Rounds.Log.Position", data: { round, last: lastRound, team: `FACTIONS.Rounds.Team.${team}`, step: stepName(step) } });
  return { kind: "info", text };
}

function actDialog(act: Exclude<HeroAct, "trade">, ask: Ask, preset: Record<string, string>): ActDialog {
  const title = i18n().format(`${D}Title`, { act: i18n().localize(`FACTIONS.Rounds.Act.${act}`), hero: ask.hero.name });
  const base = { combat: ask.combat.uuid, hero: ask.hero.id };
  const ability = (values: FormValues) => (str(values.ability) ? { ability: str(values.ability) } : {});
  switch (act) {
    case "move":
      return { title, fields: [stepInfo(ask), { kind: "info", text: i18n().localize(`${D}DragToMove`) }, abilityField(ask, false)], choiceOf: (v) => ({ ...base, ...ability(v) }) };
    case "slipAway":
      return {
        title,
        fields: [stepInfo(ask), ...enemyFields(ask, false), stepField(), { kind: "info", text: i18n().localize(`${D}ClickStep`) }, abilityField(ask, false)],
        // The step may be clicked on the map too: the enemy's square (stay) and the eight around it.
        squaresOnMap: { field: "step", scene: encounterScene(ask.combat), squares: (v) => stepSquares(ask, str(v.target)), value: (s, v) => directionTo(ask, str(v.target), s) },
        choiceOf: (v) => ({ ...base, target: str(v.target), ...stepAfterSwap(ask, str(v.target), str(v.step)), ...ability(v) }),
      };
    case "shoot":
    case "melee":
      return { title, fields: [stepInfo(ask), attackInfo(ask, act), ...enemyFields(ask, act === "melee"), abilityField(ask, false)], choiceOf: (v) => ({ ...base, target: str(v.target), ...ability(v) }) };
    case "unleash":
      return {
        title,
        fields: [stepInfo(ask), { kind: "text", name: "minion", label: `${D}Minion`, value: "" }, abilityField(ask, false)],
        choiceOf: (v) => ({ ...base, minion: str(v.minion), ...ability(v) }),
      };
    case "challenge": {
      const space = ask.hero.adventure;
      const text = space ? i18n().format(`${D}Standing`, { adventure: space.name }) : i18n().localize(`${D}NotStanding`);
      return { title, fields: [stepInfo(ask), { kind: "info", text }, abilityField(ask, false)], choiceOf: (v) => ({ ...base, ...ability(v) }) };
    }
    case "ability": {
      const others = Object.values(ask.state.heroes).filter((h) => h.id !== ask.hero.id && onMap(h));
      // The step's abilities are offered: in Melee each is a melee attack, aimed at an enemy as the Melee act is.
      const target: DialogField[] =
        ask.state.track.step === "melee"
          ? enemyFields(ask, true)
          : [{ kind: "select", name: "target", label: `${D}AbilityTarget`, options: [{ value: "", label: i18n().localize(`${D}NoTarget`) }, ...others.map((h) => ({ value: h.id, label: h.name }))] }];
      return {
        title,
        fields: [stepInfo(ask), abilityField(ask, true, preset.ability ?? ""), ...target],
        choiceOf: (v) => ({ ...base, ability: str(v.ability), ...(str(v.target) ? { target: str(v.target) } : {}) }),
      };
    }
    case "pickUp": {
      const ground = (game.items?.contents ?? []).filter(onGround);
      return {
        title,
        fields: [stepInfo(ask), { kind: "select", name: "source", label: `${D}Ground`, options: ground.map((i) => ({ value: i.uuid, label: i.name })) }],
        choiceOf: (v) => ({ ...base, source: str(v.source) }),
      };
    }
    case "reinforce": {
      const scene = encounterScene(ask.combat);
      const squares = scene ? entrySquares(scene, ask.hero.system.team) : [];
      const options = squares.map((s) => {
        const { column, row } = squareLabel(scene!, s);
        return { value: `${s.x},${s.y}`, label: i18n().format(`${D}Square`, { column: String(column), row: String(row) }) };
      });
      return {
        title,
        fields: [stepInfo(ask), { kind: "info", text: i18n().localize(`${D}ClickEntrySquare`) }, { kind: "select", name: "square", label: `${D}EntrySquare`, options }],
        squaresOnMap: { field: "square", scene, squares: () => squares, value: (s) => `${s.x},${s.y}` },
        // No square chosen (none free on the edge): null, and the rule says to choose one.
        choiceOf: (v) => {
          const picked = /^(\d+),(\d+)$/.exec(str(v.square));
          return { ...base, square: picked ? { x: Number(picked[1]), y: Number(picked[2]) } : null };
        },
      };
    }
  }
}

/** Trade: first the teammate, then what each gives. */
async function askTrade(ask: Ask): Promise<{ choice: Choice; override: boolean } | null> {
  const title = i18n().format(`${D}Title`, { act: i18n().localize("FACTIONS.Rounds.Act.trade"), hero: ask.hero.name });
  const mates = teamOf(ask.state, ask.hero.system.team).filter((h) => h.id !== ask.hero.id);
  const first = await promptAction({
    title,
    fields: [stepInfo(ask), { kind: "select", name: "other", label: `${D}Teammate`, options: mates.map((h) => ({ value: h.id, label: onMap(h) ? h.name : i18n().format(`${D}OffMap`, { hero: h.name }) })) }],
    submit: "FACTIONS.Dialog.Confirm",
  });
  const other = first ? ask.state.heroes[str(first.other)] : undefined;
  if (!other) return null;
  const loot = (h: HeroState) => h.items.filter((i) => i.type === "loot").map((i) => ({ value: i.id, label: i.name }));
  const second = await promptAction({
    title,
    fields: [
      { kind: "checkboxes", name: "give", label: i18n().format(`${D}Give`, { hero: ask.hero.name, other: other.name }), options: loot(ask.hero) },
      { kind: "checkboxes", name: "take", label: i18n().format(`${D}Give`, { hero: other.name, other: ask.hero.name }), options: loot(other) },
      ...overrideFields(ask, "trade"),
    ],
    submit: "FACTIONS.Dialog.Confirm",
  });
  if (!second) return null;
  return { choice: { combat: ask.combat.uuid, hero: ask.hero.id, other: other.id, give: list(second.give), take: list(second.take) }, override: list(second.override).includes("on") };
}

/**
 * Ask for a hero's act and take it: posted as a card, and applied by the GM's client. A refusal
 * (not this hero's step, its use already spent, a target not adjacent…) is shown and changes nothing.
 */
export async function takeRoundsAct(actor: Actor.Implementation, act: HeroAct, preset: Record<string, string> = {}): Promise<void> {
  try {
    const ask = askContext(actor);
    let taken: { choice: Choice; override: boolean } | null;
    if (act === "trade") taken = await askTrade(ask);
    else {
      const dialog = actDialog(act, ask, preset);
      const values = await promptAction({ title: dialog.title, fields: [...dialog.fields, ...overrideFields(ask, act, preset)], submit: "FACTIONS.Dialog.Confirm", squaresOnMap: dialog.squaresOnMap });
      taken = values ? { choice: dialog.choiceOf(values), override: list(values.override).includes("on") } : null;
    }
    if (taken) await performAction(taken.override ? overrideId(act) : ACTIONS[act], actor, taken.choice);
  } catch (error) {
    warn(error);
  }
}

const isAct = (id: string | undefined): id is HeroAct => (HERO_ACTS as readonly string[]).includes(id ?? "");

/**
 * A hero sheet's act or Use button, pressed. A disabled one (the hero may not, and the user is no
 * GM) does nothing, whatever click reaches it.
 */
export async function actFromSheet(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  if (target.matches(":disabled")) return;
  if (target.dataset.action === "useAbility") {
    const item = itemOfRow(actor, target);
    if (item) await takeRoundsAct(actor, "ability", { ability: item.id! });
  } else if (isAct(target.dataset.act)) await takeRoundsAct(actor, target.dataset.act);
}
