export function packageOf(url: string, functionName: string): string
export function selfTimes(profile: unknown, fromMs?: number, toMs?: number): Map<number, number>
export function summarise(
  profile: unknown,
  self: Map<number, number>,
): { total: number; byPackage: Map<string, number>; byFunction: Map<string, number> }
export function main(argv?: string[]): void
