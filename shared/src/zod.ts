import { z } from 'zod';

// One wording for a missing value everywhere, instead of "expected string, received undefined".
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
});

/** zod with the console's configuration: every schema module imports it from here. */
export { z };
