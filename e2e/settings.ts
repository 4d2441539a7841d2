/** Ports and the demo password the e2e console runs with (see playwright.config.ts). */
export const BFF_PORT = Number(process.env.E2E_BFF_PORT ?? 8180);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 8181);
export const DEMO_PASSWORD = 'e2e-demo-password';
