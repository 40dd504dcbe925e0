import { median, type BenchCase } from "../measure";
import { manyAssets, sheetRenderer } from "../../test/sheets/fixtures";

/**
 * The faction sheet's context and every part rendered with real Handlebars, at three sizes (so
 * growth can be read), and the size of its HTML per asset.
 */
function timed(n: number, runs: number): BenchCase {
  return {
    name: `factionSheet${n}Ms`,
    run: () => {
      const render = sheetRenderer();
      const assets = manyAssets(n);
      return median(() => render(assets), { warmup: 10, warmupMs: 1500, runs });
    },
  };
}

const cases: BenchCase[] = [
  timed(30, 400),
  timed(300, 100),
  timed(3000, 20),
  {
    name: "factionSheetHtmlBytesPerAsset",
    run: () => {
      const html = sheetRenderer()(manyAssets(300));
      return Buffer.byteLength(html) / 300;
    },
  },
];

export default cases;
