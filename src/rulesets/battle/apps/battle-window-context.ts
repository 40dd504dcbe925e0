/**
 * The battle window's render context, from plain data (the rules' state and the window's
 * choices), so the window, its tests and the gallery build exactly the same thing without Foundry.
 * Every text the template prints is localized here.
 */
import { escapeHtml } from "../../../core/html";
import { phrasesInWords, type Line } from "../../../core/rules/outcome";
import type { Localizer } from "../../../core/sheets/text";
import { statsLabeler, statsText, type StatsView } from "../sheets/stats";
import { readyFighters, targetChoices, targetValue, type BattleMode } from "./targets";

import { autoPlan, keptAssignments, targetOptions } from "../plan";
import {
  buildBattle,
  CardIndex,
  fight,
  findLocation,
  fortificationsAt,
  locationOwner,
  resolveBattle,
  typeKey,
  type Assignment,
  type Battle,
  type BattleChoice,
  type BattleDetail,
  type BattleRun,
  type BattleState,
  type BattleTarget,
  type Combatant,
  type RealmState,
  type Side,
} from "../rules";


/** attack / citadel: the attacker chooses (its target and units); defend: the defender answers; reinforce: the attacker raises its own location. */
export type { BattleMode } from "./targets";

/** What the window has chosen so far. */
export interface BattleSelection {
  attacker: string;
  /** "" until a target is chosen. */
  defender: string;
  target: BattleTarget | null;
  attackers: string[];
  defenders: string[];
  protect: Record<string, string>;
  ranged: Record<string, boolean>;
  /** The choices made (the rest are automatic). */
  assignments: Assignment[];
}

export interface BattleWindowInput {
  state: BattleState;
  mode: BattleMode;
  selection: BattleSelection;
  /** Which sides' choices this user makes here (the other side's targets are shown as automatic). */
  edit: Record<Side, boolean>;
  i18n: Localizer;
}

export interface SelectOption {
  value: string;
  label: string;
  selected?: boolean;
  disabled?: boolean;
  group?: string;
}

export interface RosterRow {
  id: string;
  name: string;
  stats: StatsView;
  note: string;
  checked: boolean;
  disabled: boolean;
  /** Why it cannot join ("" if it can). */
  reason: string;
  /** A character without a unit type: its protecting type, chosen by its side. */
  /** `label` is text; `tooltip` is the same as HTML, for `data-tooltip` (the character's name escaped). */
  protect: { name: string; label: string; tooltip: string; options: SelectOption[]; disabled: boolean } | null;
}

export interface FortificationRow {
  id: string;
  name: string;
  stats: StatsView;
  /** "Range 2.4", if it has one. */
  range: string;
  ranged: boolean;
  canToggle: boolean;
  toggleLabel: string;
}

export interface StepRow {
  id: string;
  name: string;
  stats: StatsView;
  /** acts: has a target to choose; destroyed: died at an earlier step. */
  status: "acts" | "destroyed";
  statusText: string;
  editable: boolean;
  select: { name: string; label: string; options: SelectOption[] } | null;
  /** The target it ends up with, as text (for the side that does not choose here, and in the preview). */
  targetText: string;
  /** Its choice is the automatic one. */
  automatic: boolean;
  /** The targets it may not pick now, and why. */
  reasons: { target: string; text: string }[];
}

export interface StepSide {
  side: Side;
  label: string;
  editable: boolean;
  rows: StepRow[];
  /** Why some targets cannot be picked yet at this step (each reason once). */
  blocked: string[];
}

export interface PreviewHit {
  from: string;
  to: string;
  damage: number;
  text: string;
  kind: "unit" | "objective" | "void";
  kills: boolean;
  side: Side;
}

export interface PreviewStep {
  speed: number;
  label: string;
  hits: PreviewHit[];
  /** Who each side lost at the step (a side with no loss is left out): its side and "Realm loses: names". */
  destroyed: { side: Side; text: string }[];
  objectiveText: string;
}

export interface BattleWindowContext {
  mode: BattleMode;
  title: string;
  hint: string;
  attackerName: string;
  defenderName: string;
  targetLocked: boolean;
  targetLabel: string;
  targets: SelectOption[];
  /** The same options grouped by the defending realm (optgroups). */
  targetGroups: { label: string; options: SelectOption[] }[];
  noTargets: string;
  sides: { attacker: { label: string; roster: RosterRow[]; editable: boolean }; defender: { label: string; roster: RosterRow[]; editable: boolean; fortifications: FortificationRow[] } };
  steps: { speed: number; label: string; sides: StepSide[] }[];
  auto: { side: Side; label: string }[];
  /** `announce`: the one line a screen reader hears when the preview changes (the losses and what becomes of the objective, or why there is no preview). */
  preview: { ok: boolean; error: string; steps: PreviewStep[]; summary: string[]; heading: string; note: string; announce: string };
  /** `reason` is text; `tooltip` is the same as HTML, for `data-tooltip` (names in it escaped). */
  commit: { label: string; icon: string; disabled: boolean; reason: string; tooltip: string };
  labels: Record<"roster" | "steps" | "preview" | "target" | "attackers" | "defenders" | "fortifications" | "noDefenders" | "cancel" | "protect" | "automatic", string>;
}

const W = "FACTIONS.Battle.Window";


/** The target and defender a target select value names. */
export function parseTarget(state: BattleState, value: string): { target: BattleTarget; defender: string } | null {
  const i = value.indexOf(":");
  const kind = value.slice(0, i);
  const id = value.slice(i + 1);
  if (kind === "location") {
    const found = findLocation(state, id);
    return found ? { target: { kind: "location", id }, defender: locationOwner(found.holder, found.location) } : null;
  }
  if (kind === "citadel" && state.realms[id]) return { target: { kind: "citadel" }, defender: id };
  return null;
}

/** A fresh selection for a realm opening the window. */
export function initialSelection(state: BattleState, attacker: string, mode: BattleMode, preset?: string): BattleSelection {
  const choices = targetChoices(state, attacker, mode);
  const first =
    choices.find((c) => c.value === preset || (c.target.kind === "location" && c.target.id === preset) || (c.target.kind === "citadel" && c.defender === preset)) ??
    choices.find((c) => (mode === "citadel" ? c.target.kind === "citadel" : true)) ??
    null;
  const me = state.realms[attacker];
  const defender = mode === "reinforce" ? attacker : (first?.defender ?? "");
  return {
    attacker,
    defender,
    target: first?.target ?? null,
    attackers: me ? readyFighters(me, "attacker") : [],
    defenders: mode === "reinforce" || !state.realms[defender] ? [] : readyFighters(state.realms[defender]!, "defender"),
    protect: {},
    ranged: {},
    assignments: [],
  };
}

/** The selection without the units that can no longer fight (destroyed, exhausted, or already in an offensive since). */
export function pruneSelection(state: BattleState, sel: BattleSelection): BattleSelection {
  const attacker = state.realms[sel.attacker];
  const defender = state.realms[sel.defender];
  const ready = new Set([...(attacker ? readyFighters(attacker, "attacker") : []), ...(defender && sel.defender !== sel.attacker ? readyFighters(defender, "defender") : [])]);
  const attackers = sel.attackers.filter((id) => ready.has(id));
  const defenders = sel.defenders.filter((id) => ready.has(id));
  if (attackers.length === sel.attackers.length && defenders.length === sel.defenders.length) return sel;
  const gone = (id: string) => [...sel.attackers, ...sel.defenders].includes(id) && !ready.has(id);
  return { ...sel, attackers, defenders, assignments: sel.assignments.filter((a) => !gone(a.from) && !gone(a.to)) };
}

/** The selection as the choice the pipeline resolves. */
export function choiceOf(selection: BattleSelection): BattleChoice {
  return {
    attacker: selection.attacker,
    defender: selection.defender,
    target: selection.target ?? { kind: "location", id: "" },
    attackers: [...selection.attackers],
    defenders: [...selection.defenders],
    protect: { ...selection.protect },
    ranged: { ...selection.ranged },
    assignments: selection.assignments.map((a) => ({ ...a })),
  };
}

/** The battle of a selection, or why there is none yet. */
export function battleOf(state: BattleState, selection: BattleSelection): { battle: Battle } | { reason: Line } {
  if (!selection.target) return { reason: { key: "FACTIONS.Battle.Reject.NoTarget" } };
  const built = buildBattle(state, choiceOf(selection));
  return built.ok ? { battle: built.value } : { reason: built.reason };
}

function groupOptions(options: SelectOption[]): { label: string; options: SelectOption[] }[] {
  const groups = new Map<string, SelectOption[]>();
  for (const o of options) {
    const key = o.group ?? "";
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  return [...groups.entries()].map(([label, list]) => ({ label, options: list }));
}

export function battleWindowContext(input: BattleWindowInput): BattleWindowContext {
  const { state, mode, selection: sel, edit, i18n } = input;
  const statsOf = statsLabeler(i18n);
  const L = (k: string) => i18n.localize(k);
  const line = (l: Line) => (l.data ? i18n.format(l.key, phrasesInWords(l.data, (k, d) => i18n.format(k, d))) : i18n.localize(l.key));
  const attacker = state.realms[sel.attacker];
  const defender = state.realms[sel.defender];
  const reinforce = mode === "reinforce";
  const sideLabel = { attacker: attacker?.name ?? "?", defender: reinforce ? "" : (defender?.name ?? L(`${W}.NoDefender`)) };

  // Target select.
  const choices = targetChoices(state, sel.attacker, mode === "defend" ? "attack" : mode);
  const current = targetValue(sel.target, sel.defender);
  const targets: SelectOption[] = choices.map((c) => ({ value: c.value, label: c.label, group: c.group, selected: c.value === current }));
  if (current && !targets.some((t) => t.selected) && sel.target) {
    const found = sel.target.kind === "location" ? findLocation(state, sel.target.id) : null;
    targets.push({ value: current, label: found?.location.name ?? defender?.name ?? current, selected: true });
  }

  // The battle, its kept choices and its run.
  const built = battleOf(state, sel);
  const battle = "battle" in built ? built.battle : null;
  const kept = battle ? keptAssignments(battle, sel.assignments) : [];
  const ran = battle ? fight(battle, kept) : null;
  const run: BattleRun | null = ran?.ok ? ran.value : null;
  const outcome = battle ? resolveBattle(state, { ...choiceOf(sel), assignments: kept }) : null;
  const combatants = new Map<string, Combatant>(battle?.combatants.map((c) => [c.id, c]) ?? []);
  const nameOf = (id: string) => (battle && id === battle.objective ? battle.objectiveName : (combatants.get(id)?.name ?? id));

  // Rosters.
  const protectRow = (id: string, side: Side, name: string, editable: boolean): RosterRow["protect"] => {
    const c = combatants.get(id);
    if (!c || c.kind !== "character") return null;
    const fixed = (state.realms[c.realm]?.items.find((i) => i.id === id)?.system as { unitType?: string } | undefined)?.unitType ?? "";
    const types = new Map<string, string>();
    for (const x of battle!.combatants) if (x.side === side && x.kind === "unit" && !types.has(typeKey(x.type))) types.set(typeKey(x.type), x.type);
    const chosen = sel.protect[id] ?? "";
    const options: SelectOption[] = fixed
      ? [{ value: "", label: fixed, selected: true }]
      : [{ value: "", label: i18n.format(`${W}.ProtectAuto`, { type: c.protect || L(`${W}.None`) }), selected: chosen === "" }, ...[...types.values()].map((t) => ({ value: t, label: t, selected: typeKey(t) === typeKey(chosen) }))];
    const label = i18n.format(`${W}.ProtectLabel`, { name });
    return { name: `protect.${id}`, label, tooltip: escapeHtml(label), options, disabled: !editable || !!fixed || types.size === 0 };
  };
  const roster = (realm: RealmState | undefined, side: Side, chosen: string[], editable: boolean): RosterRow[] => {
    const cards = realm ? new CardIndex(realm) : null;
    return (realm?.items ?? []).flatMap((it) => {
      if (it.type !== "unit" && it.type !== "character") return [];
      let reason = "";
      if (it.system.exhausted) reason = i18n.format("FACTIONS.Battle.Reject.Exhausted", { name: it.name });
      else if (side === "attacker" && it.system.inOffensive) reason = i18n.format("FACTIONS.Battle.Reject.AlreadyAttacked", { name: it.name });
      const source = it.type === "unit" ? cards!.item(it.system.source)?.name : undefined;
      const note = it.type === "character" ? (it.system.unitType ? i18n.format(`${W}.CharacterOf`, { type: it.system.unitType }) : L(`${W}.Character`)) : source ? i18n.format(`${W}.From`, { source }) : "";
      const checked = chosen.includes(it.id) && !reason;
      return [{ id: it.id, name: it.name, stats: statsOf(it.system), note, checked, disabled: !editable || !!reason, reason, protect: checked ? protectRow(it.id, side, it.name, editable) : null }];
    });
  };
  const fortifications: FortificationRow[] =
    sel.target?.kind === "location" && !reinforce
      ? fortificationsAt(state, sel.target.id).map(({ fortification: f }) => {
          const c = combatants.get(f.id);
          const range = f.system.range ? i18n.format(`${W}.Range`, { x: f.system.range.x, y: f.system.range.y }) : "";
          return { id: f.id, name: f.name, stats: statsOf(f.system), range, ranged: c?.ranged ?? false, canToggle: edit.defender && !!f.system.range, toggleLabel: i18n.format(`${W}.FireAtRange`, { name: f.name }) };
        })
      : [];

  // Steps: each acting combatant's target select.
  const destroyedAt = new Map<string, number>();
  for (const s of run?.steps ?? []) for (const id of s.destroyed) destroyedAt.set(id, s.speed);
  // Targets that are no target at all are not offered: own side, destroyed, the location once captured, the objective for defenders.
  const hidden = new Set([`${"FACTIONS.Battle.Illegal."}OwnSide`, `${"FACTIONS.Battle.Illegal."}Dead`, `${"FACTIONS.Battle.Illegal."}Captured`, `${"FACTIONS.Battle.Illegal."}DefenderObjective`]);
  const steps =
    battle && run
      ? battle.speeds.map((speed) => ({
          speed,
          label: i18n.format(`${W}.Step`, { speed }),
          sides: (["attacker", "defender"] as Side[])
            .filter((side) => !(reinforce && side === "defender"))
            .map((side): StepSide => {
              const editable = edit[side];
              const rows = battle.combatants
                .filter((c) => c.side === side && c.speed === speed)
                .map((c): StepRow => {
                  const base = { id: c.id, name: c.name, stats: c.ranged ? statsText(i18n.format(`${W}.RangedStats`, { damage: c.damage, speed: c.speed })) : statsOf(c) };
                  const died = destroyedAt.get(c.id);
                  if (died !== undefined && died > speed) {
                    return { ...base, status: "destroyed", statusText: i18n.format(`${W}.DestroyedAt`, { speed: died }), editable: false, select: null, targetText: "", automatic: false, reasons: [] };
                  }
                  const mine = kept.find((a) => a.from === c.id && a.step === speed);
                  const final = run.assignments.find((a) => a.from === c.id && a.step === speed);
                  const finalText = final ? nameOf(final.to) : L(`${W}.NoTarget`);
                  const options = targetOptions(battle, run, kept, c.id, speed).filter((o) => !(o.reason && hidden.has(o.reason.key)));
                  const reasons = options.filter((o) => !o.legal && o.reason).map((o) => ({ target: o.id, text: line(o.reason!) }));
                  const select = editable
                    ? {
                        name: `target.${speed}.${c.id}`,
                        label: i18n.format(`${W}.TargetOf`, { name: c.name, speed }),
                        options: [
                          { value: "", label: i18n.format(`${W}.Automatic`, { target: mine ? L(`${W}.AutoPick`) : finalText }), selected: !mine },
                          ...options.map((o) => ({
                            value: o.id,
                            label: o.legal ? o.name : `✕ ${line(o.reason!)}`,
                            disabled: !o.legal,
                            selected: mine?.to === o.id,
                          })),
                        ],
                      }
                    : null;
                  return { ...base, status: "acts", statusText: "", editable, select, targetText: finalText, automatic: !mine, reasons };
                });
              // Each blocked target once, as the combatants still without a choice see it (what the next choice may do).
              const open = rows.filter((r) => r.status === "acts" && r.automatic);
              const byTarget = new Map<string, string>();
              for (const r of open.length ? open : rows) for (const x of r.reasons) if (!byTarget.has(x.target)) byTarget.set(x.target, x.text);
              const blocked = editable ? [...byTarget.values()] : [];
              return { side, label: sideLabel[side], editable, rows, blocked };
            })
            .filter((s) => s.rows.length > 0),
        }))
      : [];

  // Preview.
  const preview: BattleWindowContext["preview"] = { ok: false, error: "", steps: [], summary: [], heading: L(`${W}.Preview`), note: "", announce: "" };
  if (!battle) preview.error = "reason" in built ? line(built.reason) : "";
  else if (!outcome?.ok) preview.error = outcome ? line(outcome.reason) : "";
  else {
    const d = outcome.value.detail as BattleDetail;
    preview.ok = true;
    preview.steps = d.steps.map((s) => ({
      speed: s.speed,
      label: i18n.format(`${W}.Step`, { speed: s.speed }),
      hits: s.hits.map((h) => {
        const objective = h.to === battle.objective;
        const kind: PreviewHit["kind"] = h.void ? "void" : objective ? "objective" : "unit";
        const text = h.void
          ? objective
            ? i18n.format("FACTIONS.Battle.Log.HitCaptured", { from: nameOf(h.from), location: d.objectiveName })
            : i18n.format("FACTIONS.Battle.Log.HitVoid", { from: nameOf(h.from), to: nameOf(h.to) })
          : i18n.format(`${W}.Hit`, { from: nameOf(h.from), to: nameOf(h.to), damage: h.damage });
        return { from: nameOf(h.from), to: nameOf(h.to), damage: h.damage, text, kind, kills: s.destroyed.includes(h.to), side: combatants.get(h.from)?.side ?? "attacker" };
      }),
      destroyed: (["attacker", "defender"] as Side[]).flatMap((side) => {
        const names = s.destroyed.filter((id) => combatants.get(id)?.side === side).map(nameOf);
        return names.length ? [{ side, text: i18n.format(`${W}.Destroyed`, { realm: sideLabel[side] || sideLabel.attacker, names: names.join(", ") }) }] : [];
      }),
      objectiveText:
        s.objective <= 0
          ? ""
          : d.reinforce
            ? i18n.format("FACTIONS.Battle.Log.ControlGained", { location: d.objectiveName, amount: s.objective, control: s.control ?? 0 })
            : d.target.kind === "location"
              ? i18n.format("FACTIONS.Battle.Log.ControlLost", { location: d.objectiveName, damage: s.objective, control: s.control ?? 0 })
              : i18n.format("FACTIONS.Battle.Log.CitadelHit", { target: d.objectiveName, damage: s.objective }),
    }));
    const stepKeys = new Set(["Attack", "AttackCitadel", "Reinforce", "Step", "Hit", "HitVoid", "HitCaptured", "HitObjective", "Reinforces", "Destroyed", "ControlLost", "ControlGained", "CitadelHit"].map((k) => `FACTIONS.Battle.Log.${k}`));
    preview.summary = outcome.value.log.filter((l) => !stepKeys.has(l.key) && !l.heading).map(line);
    const summaryFromLog = preview.summary.length;
    if (d.location && !d.reinforce && !d.location.captured) {
      const data = { location: d.objectiveName, before: d.location.before, after: d.location.after, max: d.location.maxControl };
      preview.summary.unshift(i18n.format(d.location.before === d.location.after ? `${W}.ControlUnchanged` : `${W}.ControlAfter`, data));
    }
    if (d.citadel && !d.citadel.buildingToDestroy) preview.summary.unshift(i18n.format(`${W}.CitadelUnharmed`, { target: d.objectiveName }));
    if (mode !== "defend" && !edit.defender && !reinforce) preview.note = L(`${W}.PreviewAssumesAuto`);
    // What becomes of the objective: its control or the citadel's harm, a capture or a building owed, else the last step's word on it.
    const lastObjective = [...preview.steps].reverse().find((s) => s.objectiveText)?.objectiveText ?? "";
    const ending = outcome.value.log.filter((l) => l.key === "FACTIONS.Battle.Log.Captured" || l.key === "FACTIONS.Battle.Log.BuildingOwed").map(line)[0];
    const objective = (preview.summary.length > summaryFromLog ? preview.summary[0] : undefined) ?? ending ?? lastObjective;
    const lost = (side: Side) => d.steps.reduce((n, s) => n + s.destroyed.filter((id) => combatants.get(id)?.side === side).length, 0);
    preview.announce = (
      reinforce
        ? i18n.format(`${W}.AnnounceReinforce`, { objective })
        : i18n.format(`${W}.Announce`, { attacker: sideLabel.attacker, attackerLost: lost("attacker"), defender: sideLabel.defender, defenderLost: lost("defender"), objective })
    ).trim();
  }
  if (!preview.ok) preview.announce = preview.error;

  const editableSides = (["attacker", "defender"] as Side[]).filter((s) => edit[s] && !(reinforce && s === "defender"));
  const commitLabel = mode === "defend" ? `${W}.CommitDefend` : reinforce ? `${W}.CommitReinforce` : `${W}.CommitAttack`;
  return {
    mode,
    title: L(mode === "defend" ? `${W}.TitleDefend` : reinforce ? `${W}.TitleReinforce` : mode === "citadel" ? `${W}.TitleCitadel` : `${W}.TitleAttack`),
    hint:
      mode === "defend"
        ? i18n.format(`${W}.HintDefend`, { attacker: sideLabel.attacker, target: battle?.objectiveName ?? "?" })
        : reinforce
          ? L(`${W}.HintReinforce`)
          : edit.defender
            ? L(`${W}.HintBoth`)
            : L(`${W}.HintAttack`),
    attackerName: sideLabel.attacker,
    defenderName: sideLabel.defender,
    targetLocked: mode === "defend",
    targetLabel: L(`${W}.Target`),
    targets,
    targetGroups: groupOptions(targets),
    noTargets: targets.length ? "" : L(reinforce ? `${W}.NoReinforceTargets` : `${W}.NoTargets`),
    sides: {
      attacker: { label: sideLabel.attacker, roster: roster(attacker, "attacker", sel.attackers, edit.attacker && mode !== "defend"), editable: edit.attacker && mode !== "defend" },
      defender: {
        label: sideLabel.defender,
        roster: reinforce ? [] : roster(defender, "defender", sel.defenders, edit.defender),
        editable: edit.defender,
        fortifications,
      },
    },
    steps,
    auto: editableSides.map((side) => ({ side, label: i18n.format(`${W}.AutoSide`, { side: sideLabel[side] }) })),
    preview,
    commit: {
      label: L(commitLabel),
      icon: mode === "defend" ? "fa-solid fa-shield-halved" : reinforce ? "fa-solid fa-flag" : "fa-solid fa-swords",
      disabled: !preview.ok,
      reason: preview.ok ? "" : preview.error,
      tooltip: preview.ok ? "" : escapeHtml(preview.error),
    },
    labels: {
      roster: L(`${W}.Roster`),
      steps: L(`${W}.Steps`),
      preview: L(`${W}.Preview`),
      target: L(`${W}.Target`),
      attackers: L(`${W}.Attackers`),
      defenders: L(`${W}.Defenders`),
      fortifications: L(`${W}.Fortifications`),
      noDefenders: L(`${W}.NoDefenders`),
      cancel: L("FACTIONS.Dialog.Cancel"),
      protect: L(`${W}.Protect`),
      automatic: L(`${W}.AutoPick`),
    },
  };
}

/** The selection after one of the window's controls changed. */
export function applyControl(state: BattleState, mode: BattleMode, sel: BattleSelection, name: string, value: string | boolean): BattleSelection {
  const next: BattleSelection = { ...sel, attackers: [...sel.attackers], defenders: [...sel.defenders], protect: { ...sel.protect }, ranged: { ...sel.ranged }, assignments: [...sel.assignments] };
  const [kind, ...rest] = name.split(".");
  const key = rest.join(".");
  if (kind === "targetChoice") {
    const parsed = parseTarget(state, String(value));
    if (!parsed) return sel;
    next.target = parsed.target;
    next.defender = mode === "reinforce" ? sel.attacker : parsed.defender;
    const realm = state.realms[next.defender];
    next.defenders = mode === "reinforce" || !realm ? [] : readyFighters(realm, "defender");
    next.assignments = [];
    next.ranged = {};
    next.protect = Object.fromEntries(Object.entries(sel.protect).filter(([id]) => sel.attackers.includes(id)));
    return next;
  }
  if (kind === "attacker" || kind === "defender") {
    const list = kind === "attacker" ? next.attackers : next.defenders;
    const has = list.includes(key);
    if (value && !has) list.push(key);
    if (!value && has) list.splice(list.indexOf(key), 1);
    if (!value) {
      next.assignments = next.assignments.filter((a) => a.from !== key && a.to !== key);
      delete next.protect[key];
    }
  } else if (kind === "protect") {
    if (value) next.protect[key] = String(value);
    else delete next.protect[key];
  } else if (kind === "ranged") {
    next.ranged[key] = Boolean(value);
    next.assignments = next.assignments.filter((a) => a.from !== key);
  } else if (kind === "target") {
    const [step, ...id] = rest;
    const from = id.join(".");
    const rest2 = next.assignments.filter((a) => !(a.from === from && a.step === Number(step)));
    next.assignments = value ? [...rest2, { step: Number(step), from, to: String(value) }] : rest2;
  } else return sel;
  const built = battleOf(state, next);
  if ("battle" in built) next.assignments = keptAssignments(built.battle, next.assignments);
  return next;
}

/** The selection with `side`'s targets set to the automatic assignment. */
export function autoSelection(state: BattleState, sel: BattleSelection, side: Side): BattleSelection {
  const built = battleOf(state, sel);
  if (!("battle" in built)) return sel;
  return { ...sel, assignments: autoPlan(built.battle, sel.assignments, side) };
}
