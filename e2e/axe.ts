/**
 * Accessibility checks with axe-core for any spec: `await expectNoSeriousA11yViolations(page)`
 * once the screen shows what it is about (data loaded, no spinner), so axe sees the real page.
 * Fails on `serious` and `critical` findings against WCAG 2.0/2.1/2.2 A and AA.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export type A11yViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]
export type A11yImpact = NonNullable<A11yViolation['impact']>

export interface A11yCheckOptions {
  /** CSS selectors to limit the check to (default: the whole page). */
  include?: string[]
  /** CSS selectors to leave out, e.g. a third-party widget; say why at the call site. */
  exclude?: string[]
  /** axe rule ids to skip; say why at the call site. */
  disableRules?: string[]
  /** Impacts that fail the check (default: serious, critical). */
  impacts?: A11yImpact[]
}

/** The violations of the given impacts (serious and critical by default) on the current page. */
export async function seriousA11yViolations(page: Page, options: A11yCheckOptions = {}): Promise<A11yViolation[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS)
  for (const selector of options.include ?? []) builder = builder.include(selector)
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules)
  const impacts = new Set<string>(options.impacts ?? ['serious', 'critical'])
  const { violations } = await builder.analyze()
  return violations.filter((v) => v.impact && impacts.has(v.impact))
}

/** One line per failing element: rule, impact, what is wrong and where. */
export function formatA11yViolations(violations: A11yViolation[]): string {
  return violations
    .flatMap((v) => [
      `${v.id} (${v.impact}): ${v.help} — ${v.helpUrl}`,
      ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
    ])
    .join('\n')
}

/**
 * The dashboard's loaders (`Spinner` in admin/src/components/page-loader.tsx: a status region
 * around Mantine's presentational svg). Checked only once they are gone: axe looks at the screen
 * the user waits for, not at a refetch that a slow machine happens to catch.
 */
const DASHBOARD_LOADER = '[role="status"]:has(svg[role="presentation"])'

/** Fails the test with a readable list when the page has serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yCheckOptions = {}): Promise<void> {
  await expect(page.locator(DASHBOARD_LOADER), `a loader still on ${page.url()}`).toHaveCount(0)
  const violations = await seriousA11yViolations(page, options)
  expect(violations, `axe on ${page.url()}:\n${formatA11yViolations(violations)}`).toEqual([])
}
