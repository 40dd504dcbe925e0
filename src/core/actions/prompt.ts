/**
 * The system's dialogs as the code that runs at start-up opens them: their code (./dialog.ts)
 * loads the first time one opens, so what Foundry loads at start-up stays small. The rulesets'
 * own dialog modules, themselves loaded on first use, import ./dialog.ts directly.
 */
import type { ActionDialog, FormValues } from "./dialog";

const dialogs = () => import("./dialog");

/** Ask with a form: its values, or null if the user cancelled. */
export async function promptAction(dialog: ActionDialog): Promise<FormValues | null> {
  return (await dialogs()).promptAction(dialog);
}

/** Ask a yes-or-no question: true for yes. */
export async function confirmAction(title: string, question: string): Promise<boolean> {
  return (await dialogs()).confirmAction(title, question);
}
