import { defineSamples } from "../samples";

/** The infrastructure's own sample: a tiny fixture shown as a sheet and as a chat card. */
const context = {
  name: "The Order of the Ashen Lantern",
  rootId: "demo",
  force: 2,
  magic: "low",
  income: 2,
  assets: [
    { name: "Lamplighters", kind: "cunning" },
    { name: "Burned Archive", kind: "wealth" },
  ],
  kinds: { cunning: "Cunning", wealth: "Wealth" },
  fields: {
    force: { name: "system.force", label: "Force", hint: "Martial strength, 1 to 8.", min: 1, max: 8, step: 1 },
    magic: { name: "system.magic", label: "Magic", choices: { none: "None", low: "Low", medium: "Medium", high: "High" } },
  },
};

export default defineSamples([
  {
    id: "demo-sheet",
    title: "Demo: a sheet",
    template: "test/gallery/fixtures/demo.hbs",
    context,
    width: 420,
    wrapperClass: "factions sheet actor",
    kind: "sheet",
    // The gallery's own demo, not a window of the system: it has no minimum width to check.
    narrow: false,
  },
  {
    id: "demo-card",
    title: "Demo: a chat card",
    template: "test/gallery/fixtures/demo.hbs",
    context: { ...context, rootId: "demo-card" },
    width: 300,
    wrapperClass: "factions",
    kind: "card",
  },
]);
