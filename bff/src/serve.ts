import { consoleLinesAsLogs } from './observability/console-bridge.js';
import { describeStart, reportStartFailure, startBff } from './server.js';

/** `pnpm --filter bff serve`: the BFF alone, on the agent named by ACAPY_ADMIN_URL (no sandbox started). */
Promise.resolve()
  .then(() => consoleLinesAsLogs(process.env))
  .then(() => startBff())
  .then((bff) => {
    console.log(describeStart(bff));
    // A load balancer's restart (SIGTERM) closes the server, the event streams and the store cleanly.
    const stop = () => void bff.close().finally(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  })
  .catch(reportStartFailure);
