/**
 * Skirmish: The Grey Wolves on the Ridge: the sample company, its squads, individuals and vehicle
 * (already linked to one another), the enemy company facing it (a squad, an individual and a
 * vehicle), the consequence tables, the rules, a scene with the fighters' tokens (the Grey Wolves
 * friendly, the enemy hostile: their actors' prototype tokens say so) and a quick start that plays
 * the first exchange of fire.
 */
import { AdventureBuilder, adventureSource, journal, link, named, packDocuments, scene, token, type Doc } from "./compose";
import { RIDGE_ROAD_MAP, mapSrc } from "./maps";
import { reachChance } from "../../src/core/rules/reach";
import type { RulesetAdventure } from "./ruleset";

const SEED = "skirmish";
const PACK = "skirmish-actors";
export const SKIRMISH_ADVENTURE = "skAdventure00001";

export function skirmishAdventure(root: string): RulesetAdventure {
  const actors = packDocuments(root, PACK);
  const tables = packDocuments(root, "skirmish-tables");
  const [rules] = packDocuments(root, "skirmish-rules");
  const get = (name: string) => named(actors, name, PACK);
  const company = get("Grey Wolves Company");
  const alpha = get("Wolf Squad Alpha");
  const bravo = get("Wolf Squad Bravo");
  const voss = get("Sergeant Mara Voss");
  const fenn = get("Corporal Ilya Fenn");
  const bulwark = get("Bulwark APC");
  const hounds = get("Ash Hound Company");
  const cinder = get("Hound Squad Cinder");
  const drax = get("Lieutenant Oriel Drax");
  const harrow = get("Harrow Scout Car");
  const b = new AdventureBuilder(SEED, "Skirmish", "#4d5b2e");

  // Each company with its fighters in a folder of its own.
  for (const side of [company, hounds]) {
    const ref = `Actor.${String(side._id)}`;
    const squads = (side.system as { squads?: string[] }).squads ?? [];
    b.addToSide("actors", String(side.name), side, ...actors.filter((a) => a !== side && ((a.system as { company?: string }).company === ref || squads.includes(`Actor.${String(a._id)}`))));
  }
  b.add("tables", ...tables);
  const ridge = scene(
    SEED,
    {
      name: "Skirmish: The Ridge Road",
      columns: 24,
      rows: 14,
      backgroundColor: "#55603f",
      background: mapSrc(RIDGE_ROAD_MAP),
      tokens: [
        token(SEED, voss, { x: 4, y: 5 }),
        token(SEED, alpha, { x: 4, y: 7 }),
        token(SEED, bravo, { x: 6, y: 7 }),
        token(SEED, bulwark, { x: 7, y: 4 }, 2),
        token(SEED, fenn, { x: 9, y: 5 }),
        // The enemy, facing them from the east: the squad below the ruined farmstead, its lieutenant
        // behind the stone wall below the crest, the scout car on the road up from the bridge.
        token(SEED, cinder, { x: 13, y: 3 }),
        token(SEED, drax, { x: 15, y: 7 }),
        token(SEED, harrow, { x: 17, y: 4 }, 2),
      ],
    },
    null,
  );
  b.add("scenes", ridge);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const d = { company, alpha, bravo, voss, fenn, bulwark, hounds, cinder, drax, harrow, rules: rules!, ridge, tables };
  const quickStart = journal(SEED, "Skirmish: Quick Start", quickStartPages(d), null, 100000);
  b.add("journal", quickStart);

  return {
    ruleset: "skirmish",
    title: "Skirmish",
    summary: "Squads, individuals and vehicles spend a move, a major and a minor action every round, and push for more at the risk of real draws on the consequence tables.",
    quickStart: quickStart._id,
    source: adventureSource(
      {
        id: SKIRMISH_ADVENTURE,
        name: "Skirmish: The Grey Wolves on the Ridge",
        img: "icons/svg/combat.svg",
        caption: "A veteran company, its two squads, its sergeant and its carrier on a ridge road, and the raiders who come up from the brook to take it. Ready to play: their tokens are placed, their weapons loaded and aimed.",
        description: description(),
        sort: 400000,
      },
      b,
    ),
  };
}

function description(): string {
  return [
    "<p>The Grey Wolves Company: Wolf Squads Alpha and Bravo, Sergeant Mara Voss, Corporal Ilya Fenn and the Bulwark APC, with their weapons. Facing them, the Ash Hound Company: Hound Squad Cinder, Lieutenant Oriel Drax and the Harrow Scout Car.</p>",
    "<ul><li><strong>Actors:</strong> both companies and their eight fighters, each company's already linked to one another; every weapon has its attack formula and number to reach.</li>",
    "<li><strong>Roll Tables:</strong> the Individual and Squad consequence tables pushes draw on.</li>",
    "<li><strong>Scene:</strong> The Ridge Road, with a token for each fighter: the Grey Wolves' friendly, the Ash Hounds' hostile.</li>",
    "<li><strong>Journal:</strong> the Skirmish Rules and <strong>Skirmish: Quick Start</strong>: who owns what, the first exchange of fire click by click, how a round runs.</li></ul>",
    "<p>After importing, open <strong>Skirmish: Quick Start</strong> in the Journal directory.</p>",
  ].join("");
}

type Parts = Record<"company" | "alpha" | "bravo" | "voss" | "fenn" | "bulwark" | "hounds" | "cinder" | "drax" | "harrow" | "rules" | "ridge", Doc> & { tables: Doc[] };

/** A weapon `owner` carries, by name (a clear error if its pack source no longer has it). */
function weaponOf(owner: Doc, name: string): Doc & { system: { attack: { formula: string; reach: number } } } {
  const weapon = ((owner.items as Doc[] | undefined) ?? []).find((i) => i.name === name);
  if (!weapon) throw new Error(`adventures: ${owner.name} has no weapon named "${name}"`);
  return weapon as Doc & { system: { attack: { formula: string; reach: number } } };
}

/** The exact chance of a weapon's roll reaching its number, as the attack dialog shows it ("60.0%"). */
export function weaponOdds(weapon: { system: { attack: { formula: string; reach: number } } }): string {
  const p = reachChance(weapon.system.attack.formula, weapon.system.attack.reach);
  if (p === null) throw new Error(`adventures: the attack formula ${weapon.system.attack.formula} is not counted`);
  return `${(p * 100).toFixed(1)}%`;
}

/** "<strong>Assault rifles</strong> (1d10 + 1, to reach 6: 60.0%)" */
const weaponLine = (owner: Doc, name: string) => {
  const w = weaponOf(owner, name);
  return `<strong>${name}</strong> (${w.system.attack.formula}, to reach ${w.system.attack.reach}: ${weaponOdds(w)})`;
};

function quickStartPages(d: Parts) {
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first exchange of fire</h2>",
        "<ol>",
        "<li><strong>Give each player their fighters.</strong> In the <em>Hand out the sides</em> window opens right after the import (and from <em>Game Settings → Factions</em>), pick the Grey Wolves Company's player and press <strong>Confirm</strong>: they own the company and all its fighters (see <em>Who Owns What</em>). The Ash Hounds stay the GM's.</li>",
        `<li><strong>Open the scene.</strong> In the Scenes directory, right-click ${link("Scene", d.ridge)} and choose <em>Activate</em>. The Grey Wolves' tokens (friendly) hold the road in the west; the Ash Hounds' (hostile) face them from the east: ${link("Actor", d.cinder)} below the ruined farmstead, ${link("Actor", d.drax)} behind the stone wall below the crest, ${link("Actor", d.harrow)} on the road up from the bridge.</li>`,
        "<li><strong>Put the fighters in an encounter.</strong> Drag a box around all eight tokens to select them, right-click one and press <em>Toggle Combat State</em> in its HUD. On the Combat tracker, press <em>Roll All</em>, then <strong>Begin Combat</strong>: a <em>Round begins</em> card gives every fighter 1 move, 1 major and 1 minor action and its free actions.</li>",
        `<li><strong>Move.</strong> The owner of ${link("Actor", d.alpha)} opens its sheet and presses <strong>Move</strong>: the squad moves at its speed and its move is spent (the pips on its sheet and under it on the tracker show what is left). Drag its token where it goes, or leave it in its scrape.</li>`,
        "</ol>",
        "<h2>The first exchange of fire, click by click</h2>",
        "<p>The GM plays it here with both sides; at the table each player does the same with their own fighters.</p>",
        "<ol>",
        `<li><strong>Select the shooter.</strong> Click ${link("Actor", d.alpha)}'s token on the map.</li>`,
        `<li><strong>Target the enemy.</strong> Hover the mouse over ${link("Actor", d.cinder)}'s token and press <kbd>T</kbd> (or right-click the token and press the bullseye button of its HUD). The token shows your target marker; each user's targets are their own.</li>`,
        `<li><strong>Attack.</strong> Open ${link("Actor", d.alpha)}'s sheet and press <strong>Attack</strong> on the row of its ${weaponLine(d.alpha, "Assault rifles")}. The dialog has Hound Squad Cinder picked as the target, with its distance on the grid (9 squares with Foundry's default diagonal rule), and shows the exact odds of the roll reaching its number. Press <strong>Confirm</strong>.</li>`,
        "<li><strong>Read the card.</strong> The chat card names the target and the distance, shows the real roll (Dice So Nice animates it, if you use it) and says whether it reached the number. Alpha's major action is spent: the pips say so.</li>",
        `<li><strong>Apply the outcome.</strong> The card offers the outcomes as buttons: <strong>Member Injured!</strong> (a squad: its owner picks the member), <strong>Injury</strong> (an individual), <strong>Morale −1</strong> for the target's company, or a status (Concussion, Dazed, Panic!, Comms breakdown!). The GM clicks the one the roll calls for: it is applied as a card of its own, linked to the attack, which the GM can undo like any other.</li>`,
        `<li><strong>The enemy answers.</strong> The GM selects ${link("Actor", d.cinder)}'s token, targets ${link("Actor", d.alpha)}'s, and presses <strong>Attack</strong> on Cinder's sheet with its ${weaponLine(d.cinder, "Battle rifles")}; then applies the outcome on its card the same way. ${link("Actor", d.drax)} fires her ${weaponLine(d.drax, "Marksman rifle")}; the ${link("Actor", d.harrow)} presses <strong>Fire</strong> on its sheet: one major action fires its ${weaponLine(d.harrow, "Light cannon")} and ${weaponLine(d.harrow, "Pintle machine gun")} together (the dialog picks which weapons fire).</li>`,
        "</ol>",
        `<p><strong>Push, check.</strong> <strong>Push</strong> buys one more major action: the dialog shows the exact chance of every row of the consequence table, and the draw is real. <strong>Body</strong> and <strong>Nerves</strong> checks show their odds against the difficulty you set. Each weapon's formula and number to reach are on its sheet, the GM's to change. The full rules are in ${link("JournalEntry", d.rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, every fighter is the GM's. The <em>Hand out the sides</em> window gives a company with its fighters to a player in one step; the GM plays the other side, the Ash Hounds.</p>",
        "<table><thead><tr><th>Played by</th><th>Fighters</th></tr></thead><tbody>",
        `<tr><td>the first player</td><td>${link("Actor", d.alpha)}, ${link("Actor", d.voss)}</td></tr>`,
        `<tr><td>the second player</td><td>${link("Actor", d.bravo)}, ${link("Actor", d.fenn)}, ${link("Actor", d.bulwark)}</td></tr>`,
        `<tr><td>the GM</td><td>${link("Actor", d.company)}: not a fighter; at the end of the fight it takes its squads' best Morale.</td></tr>`,
        `<tr><td>the GM (the enemy)</td><td>${link("Actor", d.cinder)}, ${link("Actor", d.drax)}, ${link("Actor", d.harrow)}, and ${link("Actor", d.hounds)}, their company.</td></tr>`,
        "</tbody></table>",
        `<p>Pushes draw on ${d.tables.map((t) => link("RollTable", t)).join(" and ")}; restyle them here if you like.</p>`,
        "<p>A GM must be connected while you play: every result is applied by the GM's client.</p>",
        "<p><strong>Tokens.</strong> The fighters' tokens are linked: each is one named unit whose budget, fallout and heat you follow on its sheet. The Ash Hounds' tokens are linked too, for the same reason: each enemy is one named fighter, and an outcome applied from a card (an Injury, a member injured, its company's Morale) lands on the actor whose sheet the GM follows. The Grey Wolves' tokens are friendly and the Ash Hounds' hostile (their actors' prototype tokens say so, so a token dragged from the Actors directory takes its side too): Foundry colours their borders apart. To field several squads of one kind, drag the actor onto the scene again with <em>Link Actor Data</em> off in its token settings: each unlinked token then fights as itself, with its own budget, fallout and heat kept in the token, and its cards name the token.</p>",
      ].join(""),
    },
    {
      name: "How a Round Runs",
      content: [
        "<h2>How a round runs</h2>",
        "<ol>",
        "<li>Each round starts with a card that resets every fighter's budget (1 move, 1 major, 1 minor, its free actions) and ticks the fallout of pushes. It happens going forward only: going back changes nothing.</li>",
        "<li>Fighters spend from their sheets in any order: <strong>Move</strong>, <strong>Attack</strong> (at a targeted token), <strong>Reload</strong>, <strong>Deploy</strong>, <strong>Scan</strong>, <strong>Free action</strong>. A used-up action's button is greyed out, the reason in its tooltip; the GM's stays pressable, marked, to override it. Undoing a card gives its action back.</li>",
        "<li>An attack's card offers its outcomes; the GM (or, for a squad's injured member, the squad's owner) applies one with a click, as a card that can be undone.</li>",
        "<li><strong>Push</strong> for one more major action: infantry draws on its consequence table and the fallout becomes Active Effects on its token; a vehicle gains heat.</li>",
        "<li>The GM moves the tracker to the next round. Ending the encounter asks the GM to carry each squad's highest Morale into its company and to end the fight's effects, as one card.</li>",
        "</ol>",
      ].join(""),
    },
  ];
}
