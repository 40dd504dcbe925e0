import { median, type BenchCase } from "../measure";
import { bigOrganization, organizationSheetRenderer } from "../../test/sheets/organization-fixtures";

/** The organization sheet's context and template rendered with real Handlebars: 1,000 units in 250 places. */
export default {
  name: "organizationSheet1000UnitsMs",
  run: () => {
    const render = organizationSheetRenderer();
    const input = bigOrganization(1000, 250);
    return median(() => render(input), { warmup: 5, warmupMs: 1500, runs: 40 });
  },
} satisfies BenchCase;
