import { median, type BenchCase } from "../measure";
import { bigRealm, realmSheetRenderer } from "../../test/sheets/realm-fixtures";
import { REALM_LISTS } from "../../src/rulesets/battle/sheets/realm-sheet-context";

/**
 * The realm sheet's context and every part rendered with real Handlebars, at several sizes (so
 * growth can be read): as it opens (each list's first rows), and with every row shown ("All").
 */
function timed(n: number, runs: number, all = false): BenchCase {
  return {
    name: all ? `realmSheetAll${n}Ms` : `realmSheet${n}Ms`,
    run: () => {
      const render = realmSheetRenderer(all ? Object.fromEntries(REALM_LISTS.map((l) => [l, Infinity])) : undefined);
      const { state, realm } = bigRealm(n);
      return median(() => render(state, realm), { warmup: 5, warmupMs: 1500, runs });
    },
  };
}

// 10,000 too: the sheet must stay within 3.5× of its time at 3,000. Then every row of 3,000 and
// 10,000 cards: what a viewer who asks for all of them waits for.
const cases: BenchCase[] = [timed(100, 200), timed(1000, 40), timed(3000, 20), timed(10000, 7), timed(3000, 20, true), timed(10000, 7, true)];

export default cases;
