/** Past the GM's threshold a vehicle's heat calls for a warning (heat never cools by itself). */
export function overheated(heat: number, threshold: number): boolean {
  return heat > threshold;
}
