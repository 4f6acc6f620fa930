import { formatMoney, paise, plural, type Money } from '@lectern/contract';
import { htmlText } from './completeness';

/** What a listing's schema.org `Course` is made from: the saved listing's fields, or the editor's. */
export interface CourseSource {
  name: string;
  code: string;
  /** the listing's description (HTML); the SEO description wins when there is one */
  descriptionHtml: string;
  seoTitle: string;
  seoDescription: string;
  keywords: readonly string[];
  slug: string;
  image: string | null;
  /** hours of video, for the course instance's workload */
  hours: number | null;
  targetYear: number | null;
  /** the plans shown on the listing, each an offer */
  offers: readonly { name: string; price: Money; available: boolean }[];
}

/** 120.5 hours as an ISO 8601 duration: 'PT120H30M'. */
export function isoHours(hours: number): string {
  const minutes = Math.round(hours * 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `PT${h}H` : `PT${h}H${m}M`;
}

/** Paise as the decimal rupee amount schema.org reads: 499900 -> '4999.00'. */
const rupees = (amount: Money) => (amount / 100).toFixed(2);

/**
 * The listing's schema.org `Course` (JSON-LD) as search engines read it for course results: name,
 * description, provider, `hasCourseInstance` (online, with its workload) and `offers` (each plan in
 * INR), which course rich results require.
 */
export function courseJsonLd(source: CourseSource, site: { origin: string; providerName: string }) {
  const url = `${site.origin}/store/${source.slug}`;
  const description = source.seoDescription.trim() || htmlText(source.descriptionHtml).slice(0, 500);
  // search engines read absolute addresses: a stored '/files/...' path is the site's
  const image = source.image?.startsWith('/') ? `${site.origin}${source.image}` : source.image;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: source.seoTitle.trim() || source.name,
    description,
    courseCode: source.code,
    url,
    ...(image ? { image } : {}),
    ...(source.keywords.length > 0 ? { keywords: source.keywords.join(', ') } : {}),
    provider: { '@type': 'Organization', name: site.providerName, sameAs: site.origin },
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Online',
        ...(source.hours !== null && source.hours > 0 ? { courseWorkload: isoHours(source.hours) } : {}),
        ...(source.targetYear !== null ? { endDate: `${source.targetYear}-12-31` } : {}),
      },
    ],
    offers: source.offers.map((offer) => ({
      '@type': 'Offer',
      category: 'Paid',
      name: offer.name,
      price: rupees(offer.price),
      priceCurrency: 'INR',
      availability: offer.available ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
      url,
    })),
  };
}

/** What search engines would still miss in the JSON-LD, as sentences for the editor. */
export function jsonLdWarnings(source: CourseSource): string[] {
  const warnings: string[] = [];
  if (source.seoDescription.trim() === '' && htmlText(source.descriptionHtml) === '') {
    warnings.push('Add a description: course results need one.');
  }
  if (source.offers.length === 0) warnings.push('Show at least one plan: course results need an offer.');
  return warnings;
}

/**
 * The JSON-LD as a person reads it, term and value, for the SEO step: what search engines will show
 * (the code itself stays folded away).
 */
export function structuredDataFacts(json: ReturnType<typeof courseJsonLd>): [string, string][] {
  const instance = json.hasCourseInstance[0];
  const workload = instance && 'courseWorkload' in instance ? instance.courseWorkload : undefined;
  const hours = workload ? /^PT(\d+)H(?:(\d+)M)?$/.exec(workload) : null;
  const facts: [string, string][] = [
    ['Course', json.name],
    ['Code', json.courseCode],
    ['Provider', json.provider.name],
    [
      'Taught',
      hours
        ? `Online, ${plural(Number(hours[1]), 'hour')}${hours[2] ? ` ${plural(Number(hours[2]), 'minute')}` : ''}`
        : 'Online',
    ],
    ['Address', json.url],
  ];
  if (json.description) facts.push(['Description', json.description]);
  if ('keywords' in json && json.keywords) facts.push(['Keywords', json.keywords]);
  facts.push([
    'Plans',
    json.offers.length === 0
      ? 'None: search engines show no price'
      : json.offers
          .map((offer) => `${offer.name}: ${formatMoney(paise(Math.round(Number(offer.price) * 100)))}`)
          .join('; '),
  ]);
  return facts;
}
