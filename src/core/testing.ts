/**
 * The maintainer's build only (`npm run build:test`; `__FACTIONS_TESTS__` is false in a release,
 * whose bundle then holds none of this, nor the Quench batches): the Quench batches, loaded when
 * Quench announces itself; the world setting that marks a world as one the batches may change
 * (`factions.testWorld`); and the steps a batch on the GM's client has a player's client take
 * (test/quench/player.ts), as test queries `factions.test.<step>`.
 *
 * A query is not told who sent it, so a step's query carries only the id of a chat message: the
 * step itself is that message, whispered to the player alone by the active GM, whose authorship
 * the server records (a player cannot post a message as another user). A player's client runs a
 * step only while the GM turned the test queries on (`factions.testQueries`) in a world a GM marked
 * as a test world (both world settings only a GM writes), only from a message the active GM
 * authored and whispered to this user alone, and each message once. Another player's query, or a
 * message of their own, names no such message: it is refused.
 */
import { SYSTEM_ID } from "./constants";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.testQueries": boolean;
    "factions.testWorld": boolean;
  }
  interface FlagConfig {
    ChatMessage: { factions?: { testStep?: { name: string; data: string } } };
  }
}

const PREFIX = `${SYSTEM_ID}.test.`;
type Handler = (data: unknown) => unknown;
const handlers = new Map<string, Handler>();
/** Each step message's run: a step runs once, whoever asks again hears the same answer. */
const runs = new WeakMap<ChatMessage.Implementation, Promise<unknown>>();
let registered = false;

const setting = (key: "testQueries" | "testWorld") => registered && game.settings!.get(SYSTEM_ID, key) === true;
const on = () => setting("testQueries") && setting("testWorld");

/** The step a message holds for this client, if the active GM whispered it to this user alone; else why not. */
function stepOf(name: string, message: ChatMessage.Implementation | undefined): { data: unknown } | string {
  if (!on()) return "test queries are off, or this is not a test world";
  if (!message) return "no such step message";
  const gm = game.users?.activeGM;
  if (!gm || message.author?.id !== gm.id) return "the step message is not the active GM's";
  const whisper = [...(message.whisper ?? [])];
  if (whisper.length !== 1 || whisper[0] !== game.user?.id) return "the step message is not whispered to this user alone";
  const step = message.flags?.factions?.testStep;
  if (step?.name !== name) return "the message holds no such step";
  return { data: JSON.parse(step.data) as unknown };
}

/** Wait (a little) for a step message the server sends this client just before the query that names it. */
async function stepMessage(id: string): Promise<ChatMessage.Implementation | undefined> {
  for (let waited = 0; waited < 5000 && !game.messages?.has(id); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return game.messages?.get(id);
}

/** Put the test queries in `CONFIG.queries` while they are on; take them out otherwise. */
function sync(): void {
  const queries = CONFIG.queries as unknown as Record<string, Handler>;
  for (const key of Object.keys(queries)) if (key.startsWith(PREFIX)) delete queries[key];
  if (!on()) return;
  for (const [name, handler] of handlers) {
    queries[`${PREFIX}${name}`] = async (query) => {
      const message = await stepMessage(String((query as { message?: unknown } | null)?.message ?? ""));
      const started = message && runs.get(message);
      if (started) return started;
      const step = stepOf(name, message);
      if (typeof step === "string") throw new Error(`${PREFIX}${name} refused: ${step}`);
      const run = Promise.resolve(handler(step.data));
      runs.set(message!, run);
      return run;
    };
  }
}

/** A step this client takes when the active GM's step message asks it (test code only). */
export function registerTestQuery(name: string, handler: Handler): void {
  handlers.set(name, handler);
  sync();
}

/** The data of a step message to `user` (the batch posts it, as the active GM, then queries `factions.test.<name>` with its id). */
export function stepMessageData(user: User.Implementation, name: string, data: unknown): ChatMessage.CreateData {
  return { whisper: [user.id!], content: "", flags: { [SYSTEM_ID]: { testStep: { name, data: JSON.stringify(data ?? null) } } } } as ChatMessage.CreateData;
}

/** The maintainer's build: the settings, the steps' queries, the step messages kept out of the chat log, and the Quench batches. */
export function registerTesting(): void {
  Hooks.once("init", () => {
    game.settings!.register(SYSTEM_ID, "testWorld", {
      name: "FACTIONS.Settings.testWorld.name",
      hint: "FACTIONS.Settings.testWorld.hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
      onChange: sync,
    });
    game.settings!.register(SYSTEM_ID, "testQueries", { scope: "world", config: false, type: Boolean, default: false, onChange: sync });
    registered = true;
  });
  Hooks.once("ready", sync);
  // A step is for the player's client, not their chat log.
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if ((message as ChatMessage.Implementation).flags?.factions?.testStep) (html as HTMLElement).hidden = true;
  });
  // The batches are loaded (a chunk of their own) only when the Quench module announces itself.
  Hooks.once("quenchReady", async (quench) => {
    const { registerQuenchBatches } = await import("../../test/quench");
    registerQuenchBatches(quench);
  });
}
