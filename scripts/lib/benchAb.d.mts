/** [200, 200, 409] → { 200: 2, 409: 1 } */
export function countOf(statuses: number[]): Record<string, number>
export function runAb(opts?: { only?: string }): Promise<void>
