/**
 * What a screen reader hears, on the in-memory Foundry (issue 19): the battle window's preview is
 * not a live region, a polite status line outside its parts announces one summary line when it
 * changes; the Skirmish pip groups (tracker and sheet) are pictures with a name, not plain spans
 * with an ignored aria-label.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BattleWindow } from "../../src/rulesets/battle/apps/battle-window";
import { InfantrySheet } from "../../src/rulesets/skirmish/sheets/sheets";
import { decorate } from "../../src/rulesets/skirmish/tracker/pips";
import { harness } from "../harness/install";
import { t } from "../harness/world";
import { B, seedWorld, setControl, theWindow } from "./battle-fixtures";
import { encounter } from "./skirmish-fixtures";

const W = "FACTIONS.Battle.Window";
const target = (id: string) => `target.2.${id}`;

afterEach(async () => {
  for (const win of [...BattleWindow.instances]) await win.close();
});

describe("the battle preview", () => {
  it("announces one summary line when it changes, from a live region that outlives the parts", async () => {
    const world = await seedWorld();
    const { alice } = harness.users;
    await harness.as(alice, () => BattleWindow.open(world.you, "attack"));
    const win = theWindow();
    const preview = () => win.element.querySelector<HTMLElement>(".factions-battle-preview")!;
    expect(preview().hasAttribute("aria-live")).toBe(false);
    expect(win.element.querySelectorAll("[aria-live], [role='status']")).toHaveLength(1);
    const status = win.element.querySelector<HTMLElement>("[role='status']")!;
    expect(status.closest("[data-application-part]")).toBeNull();
    expect(status.classList.contains("factions-visually-hidden")).toBe(true);
    // It opens with the preview's line already in it (read with the window, not announced).
    expect(status.textContent).toMatch(/^Preview\./);

    // The seed's assignments: both sides' losses and the Town's control, on one line.
    const lines: string[] = [];
    const observer = new MutationObserver(() => lines.push(status.textContent ?? ""));
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    for (const [from, to] of [[B.y1, B.m1], [B.y2, B.m2], [B.y3, B.ginda], [B.ys, B.town]] as const) await setControl(alice, win, target(from), to);
    const objective = t(`${W}.ControlAfter`, { location: "Town", before: 5, after: 3, max: 5 });
    const line = t(`${W}.Announce`, { attacker: "You", attackerLost: 3, defender: "Me", defenderLost: 2, objective });
    expect(status.textContent).toBe(line);
    expect(win.element.querySelector("[role='status']")).toBe(status);
    expect(preview().textContent).toContain(objective);

    // A render that changes nothing says nothing.
    const heard = lines.length;
    expect(heard).toBeGreaterThan(0);
    await harness.as(alice, () => win.render());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lines).toHaveLength(heard);
    expect(status.textContent).toBe(line);
    observer.disconnect();
  });
});

describe("the Skirmish pips", () => {
  it("are a picture with a name on the tracker and on the sheet", async () => {
    const w = await encounter();
    const root = await harness.as(harness.users.alice, () => {
      const ol = document.createElement("ol");
      for (const c of game.combat!.combatants) ol.insertAdjacentHTML("beforeend", `<li data-combatant-id="${c.id}"><span class="token-name">${c.name}</span></li>`);
      decorate(ol, game.combat!);
      return ol;
    });
    const sheet = new InfantrySheet({ document: w.red } as unknown as ConstructorParameters<typeof InfantrySheet>[0]) as unknown as { element: HTMLElement; render(o: object): Promise<unknown> };
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    for (const where of [root, sheet.element]) {
      const groups = [...where.querySelectorAll<HTMLElement>(".factions-pip-group")];
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        expect(group.getAttribute("role")).toBe("img");
        expect(group.getAttribute("aria-label")).toBe(group.dataset.tooltip);
        expect(group.getAttribute("aria-label")).toBeTruthy();
      }
    }
  });
});
