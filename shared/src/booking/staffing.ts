/**
 * Who performs which service. A service lists the operators who perform it; an **empty list means
 * everyone** (the salon's default for a new service). The dashboard edits the same facts from the
 * operator's side ("services this person performs"), which has to respect that meaning: taking a
 * person off an "everyone" service lists everybody else; a service must never be left with nobody.
 */

export interface ServiceStaff {
  id: number
  /** Who performs it; empty = every operator. */
  operators: readonly number[]
}

/** True when `operatorId` performs `service` (listed, or the service is for everyone). */
export const performs = (service: ServiceStaff, operatorId: number) =>
  service.operators.length === 0 || service.operators.includes(operatorId)

/** The ids of the services `operatorId` performs, in the order given. */
export const servicesPerformedBy = (services: readonly ServiceStaff[], operatorId: number) =>
  services.filter((s) => performs(s, operatorId)).map((s) => s.id)

export type StaffingPlan =
  | { ok: true; changes: { id: number; operators: number[] }[] }
  /** Services that would be left with nobody to perform them: nothing is changed. */
  | { ok: false; orphaned: number[] }

/**
 * The operator lists to write so that `operatorId` performs exactly `wanted`, every other person
 * keeping what they perform. `allOperators` are every operator of the salon (inactive ones too:
 * they keep their services for when they are back).
 */
export function planStaffing(
  services: readonly ServiceStaff[],
  allOperators: readonly number[],
  operatorId: number,
  wanted: readonly number[],
): StaffingPlan {
  const want = new Set(wanted)
  const changes: { id: number; operators: number[] }[] = []
  const orphaned: number[] = []
  for (const s of services) {
    const does = performs(s, operatorId)
    if (does === want.has(s.id)) continue
    if (!does) {
      changes.push({ id: s.id, operators: [...s.operators, operatorId] })
      continue
    }
    const everyoneElse = (s.operators.length ? s.operators : allOperators).filter((o) => o !== operatorId)
    if (everyoneElse.length === 0) orphaned.push(s.id)
    else changes.push({ id: s.id, operators: [...new Set(everyoneElse)] })
  }
  return orphaned.length ? { ok: false, orphaned } : { ok: true, changes }
}
