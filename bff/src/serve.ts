import { describeStart, reportStartFailure, startBff } from './server.js';

/** `pnpm --filter bff serve`: the BFF alone, on the agent named by ACAPY_ADMIN_URL (no sandbox started). */
startBff()
  .then((bff) => console.log(describeStart(bff)))
  .catch(reportStartFailure);
