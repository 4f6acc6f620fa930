import { formatIndiaDate, plural } from '@lectern/contract';

interface PlanLike {
  subscriptionLabel: string;
  numberOfMonths: number | null;
  subscriptionEndDate: string | null;
}

/** How long a plan runs: '12 months' (from purchase) or 'Until 30-04-2027' (a fixed end date); null when unknown. */
export function planTerm(plan: Omit<PlanLike, 'subscriptionLabel'>): string | null {
  if (plan.numberOfMonths) return plural(plan.numberOfMonths, 'month');
  if (plan.subscriptionEndDate) return `Until ${formatIndiaDate(plan.subscriptionEndDate)}`;
  return null;
}

/** The term to show beside a plan's label: none when the label says it already ('12 months' named '12 months'). */
export function termBesideLabel(plan: PlanLike): string | null {
  const term = planTerm(plan);
  if (!term) return null;
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return squash(plan.subscriptionLabel).includes(squash(term)) ? null : term;
}
