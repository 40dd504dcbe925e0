export const SYSTEM_ID = "factions";
export const TEMPLATE_ROOT = `systems/${SYSTEM_ID}/templates`;
export const templatePath = (path: string) => `${TEMPLATE_ROOT}/${path}`;
