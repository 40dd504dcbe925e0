import { median, type BenchCase } from "../measure";
import { bigRealm, realmSheetRenderer } from "../../test/sheets/realm-fixtures";

/** The realm sheet's context and every part rendered with real Handlebars, at three sizes (so growth can be read). */
function timed(n: number, runs: number): BenchCase {
  return {
    name: `realmSheet${n}Ms`,
    run: () => {
      const render = realmSheetRenderer();
      const { state, realm } = bigRealm(n);
      return median(() => render(state, realm), { warmup: 5, warmupMs: 1500, runs });
    },
  };
}

// 10,000 too: the sheet must stay within 3.5× of its time at 3,000.
const cases: BenchCase[] = [timed(100, 200), timed(1000, 40), timed(3000, 20), timed(10000, 7)];

export default cases;
