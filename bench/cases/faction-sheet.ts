import { median, type BenchCase } from "../measure";
import { manyAssets, sheetRenderer } from "../../test/sheets/fixtures";

/** The faction sheet's context and every part rendered with real Handlebars, for 300 assets. */
export default {
  name: "factionSheet300Ms",
  run: () => {
    const render = sheetRenderer();
    const assets = manyAssets(300);
    return median(() => render(assets), { warmup: 10, runs: 40 });
  },
} satisfies BenchCase;
