export interface DeclaredPack {
  name: string;
  type: string;
  /** Source folder: packs/<name>. */
  src: string;
  /** Target path inside the output folder (system.json `path`). */
  dest: string;
}
export function declaredPacks(root: string): DeclaredPack[];
export function validatePackSources(pack: DeclaredPack, documentTypes?: Record<string, Record<string, unknown>>): number;
export function compilePacks(
  root: string,
  outDir: string,
  options?: { log?: (msg: string) => void },
): Promise<{ name: string; documents: number; dest: string }[]>;
