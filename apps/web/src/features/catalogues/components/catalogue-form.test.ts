import { describe, expect, it } from 'vitest';
import { CreateCatalogueBodySchema, UpdateCatalogueBodySchema } from '@lectern/contract';
import {
  CatalogueFormSchema,
  NEW_SUBSCRIPTION,
  createBody,
  emptyValues,
  financeBody,
  updateBody,
  stepErrors,
  valuesOf,
  type CatalogueFormInput,
} from './catalogue-form';
import { detail } from '../test/fixtures';

function filled(change: (values: CatalogueFormInput) => void = () => undefined): CatalogueFormInput {
  const values = emptyValues();
  values.catalogueInfo = { catalogueName: 'NEET Complete', catalogueCode: 'NEET-2027', description: '' };
  change(values);
  return values;
}

function problems(values: CatalogueFormInput): Record<string, string> {
  const parsed = CatalogueFormSchema.safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('catalogue form', () => {
  it('reads prices typed in rupees as paise', () => {
    const parsed = CatalogueFormSchema.parse(
      filled((values) => {
        values.subscriptions = [
          { ...NEW_SUBSCRIPTION, subscriptionLabel: 'One year', price: '4,999', listPrice: 'Rs. 12,34,567.50' },
        ];
        values.addOns = [{ addOnName: 'Notes', price: '1499.5', description: '', automationType: 'NONE' }];
      }),
    );
    expect(parsed.subscriptions[0]).toMatchObject({ price: 499_900, listPrice: 123_456_750, numberOfMonths: 12 });
    expect(parsed.addOns[0]?.price).toBe(149_950);
  });

  it('refuses negative and unreadable prices, and subscriptions without an end date or months', () => {
    const found = problems(
      filled((values) => {
        values.subscriptions = [
          { ...NEW_SUBSCRIPTION, subscriptionLabel: 'A', price: '-10' },
          { ...NEW_SUBSCRIPTION, subscriptionLabel: 'B', price: '10', subscriptionType: 'FIXED' },
          { ...NEW_SUBSCRIPTION, subscriptionLabel: 'C', price: '10', numberOfMonths: '' },
          { ...NEW_SUBSCRIPTION, subscriptionLabel: 'D', price: 'ten' },
        ];
      }),
    );
    expect(found).toEqual({
      'subscriptions.0.price': 'cannot be negative',
      'subscriptions.1.subscriptionEndDate': 'a FIXED subscription needs an end date',
      'subscriptions.2.numberOfMonths': 'a DURATION subscription needs a number of months',
      'subscriptions.3.price': 'must be an amount in rupees, like 4,999 or 4,999.50',
    });
  });

  it('names each step with its first problem', () => {
    const errors = {
      catalogueTheme: { cardBackgroundColor: { type: 'custom', message: 'must be a colour like #5850EC' } },
      subscriptions: [
        undefined,
        {
          price: { type: 'custom', message: 'cannot be negative' },
          subscriptionEndDate: { type: 'custom', message: 'a FIXED subscription needs an end date' },
        },
      ],
    };
    const texts = stepErrors(errors);
    expect(texts[1]).toBe('Card background colour must be a colour like #5850EC.');
    expect(texts[6]).toBe('Subscription 2: Price cannot be negative. (and 1 more)');
    expect(texts[0]).toBeUndefined();
  });

  it('loads a saved catalogue with its prices in rupees, and saves it unchanged', () => {
    const saved = detail('c-1', 'NEET Complete', 'NEET-2027');
    const values = valuesOf(saved);
    expect(values.subscriptions[0]?.price).toBe('4,999');
    expect(values.addOns[0]?.price).toBe('1,500');
    const parsed = CatalogueFormSchema.parse(values);
    expect(parsed.subscriptions[0]).toMatchObject({ subscriptionId: 'sub-1', price: 499_900, numberOfMonths: 12 });
    expect(parsed.addOns[0]).toMatchObject({ addOnId: 'ao-1', price: 150_000 });
    expect(parsed.subjectIds).toEqual(['s-1']);
  });

  it("sends bodies the contract's create and update schemas take as they are", () => {
    const saved = detail('c-1', 'NEET Complete', 'NEET-2027');
    const values = CatalogueFormSchema.parse(valuesOf(saved));
    expect(CreateCatalogueBodySchema.safeParse(createBody(values)).success).toBe(true);
    expect(UpdateCatalogueBodySchema.safeParse(updateBody(saved, values)).success).toBe(true);
    const finance = financeBody(saved, values);
    expect(UpdateCatalogueBodySchema.safeParse(finance).success).toBe(true);
    expect(Object.keys(finance).sort()).toEqual(['addOns', 'catalogueId', 'subscriptions', 'version']);
  });
});
