/** The part of the official Foundry CLI the tests use (the package ships no types). */
declare module "@foundryvtt/foundryvtt-cli" {
  export function extractPack(src: string, dest: string, options?: { log?: boolean }): Promise<void>;
  export function compilePack(src: string, dest: string, options?: { log?: boolean }): Promise<void>;
}
