import { templatePath } from "../../../core/constants";
import { STATS_PARTIAL } from "../sheets/stats";

/** The battle window's parts: their templates are preloaded at start-up, the window itself loads when it opens. */
export const BATTLE_WINDOW_PARTS = {
  setup: { template: templatePath("battle/battle-window/setup.hbs"), templates: [STATS_PARTIAL] },
  steps: { template: templatePath("battle/battle-window/steps.hbs"), templates: [STATS_PARTIAL], scrollable: [""] },
  preview: { template: templatePath("battle/battle-window/preview.hbs"), scrollable: [""] },
  footer: { template: templatePath("battle/battle-window/footer.hbs") },
};

export const BATTLE_WINDOW_TEMPLATES = Object.values(BATTLE_WINDOW_PARTS).map((p) => p.template);
