import { isDateint, isDateintAttribute, kindOf, valueProblem, DATEINT_HINT, type AttributeKind } from '@credence/shared';
import { z } from 'zod';

/**
 * An issuer's counter offer as the form holds it: the chosen definition and one value per attribute of
 * its schema, each checked as its kind says (a date a real day, kept as YYYYMMDD; a number; an e-mail address).
 */
export function counterOfferFormSchema(kindOfName: (name: string) => AttributeKind = (name) => kindOf(name)) {
  return z.object({
    credDefId: z.string().min(1, 'Choose the credential to issue.'),
    values: z.array(
      z.object({ name: z.string(), value: z.string().trim().max(10_000, 'At most 10,000 characters.') }).superRefine((row, ctx) => {
        const kind = kindOfName(row.name);
        if (row.value === '') {
          ctx.addIssue({ code: 'custom', path: ['value'], message: kind === 'date' ? 'Choose a date.' : 'Fill this in.' });
          return;
        }
        // A date compared as a number by proofs (RFC 0592): anything else would fail every such check later.
        const problem =
          kind === 'date' && !isDateint(row.value) ? (isDateintAttribute(row.name) ? DATEINT_HINT : 'Choose a date.') : valueProblem(row.name, row.value, kind);
        if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
      }),
    ),
  });
}
export type CounterOfferFormValues = z.infer<ReturnType<typeof counterOfferFormSchema>>;
