import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../../docs/deploying.md', import.meta.url), 'utf8');
const yamlBlocks = [...doc.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find(existsSync);

// docs/deploying.md's scrape config and alert rules, as an operator would copy them, checked by Prometheus's own tool.
describe('docs/deploying.md for Prometheus', () => {
  it('shows a scrape config and alert rules that promtool accepts, on series the console exports', async () => {
    if (!PROMTOOL) throw new Error('promtool is not installed (apt-get install prometheus; scripts/test.sh does it)');
    const dir = mkdtempSync(join(tmpdir(), 'credence-promtool-'));
    const config = yamlBlocks.find((b) => b.includes('scrape_configs:'));
    const rules = yamlBlocks.find((b) => b.includes('groups:'));
    expect(config).toBeDefined();
    expect(rules).toBeDefined();
    writeFileSync(join(dir, 'rules.yml'), rules!);
    writeFileSync(join(dir, 'prometheus.yml'), `${config!}rule_files: ['rules.yml']\n`);
    const run = promisify(execFile);
    const checked = await run(PROMTOOL, ['check', 'config', join(dir, 'prometheus.yml')]);
    expect(checked.stdout).toContain('3 rules found');
    for (const series of ['credence_agent_up', 'credence_event_delivery_lag_seconds_bucket', 'credence_http_requests_total']) expect(rules).toContain(series);
  });
});
