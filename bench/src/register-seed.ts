import { Store } from '../../bff/src/store/store.js';
import { seedRegister } from './register.js';

/**
 * Seeds a register of 1,000,000 exchanges into a PGlite data directory and leaves it there, for
 * `BENCH_REGISTER_PGLITE_DIR=<dir> pnpm bench -- register` and `bench:register-store <dir>` to reuse
 * (seeding takes about 20 minutes on PGlite): `pnpm --filter ./bench run bench:register-seed <dir>`.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: register-seed <new PGlite data directory>');
const store = await Store.open({ dataDir });
await store.ready;
const ms = await seedRegister({ host: dataDir, user: 'postgres', database: 'postgres' });
console.log(`[bench] register: 1,000,000 exchanges seeded into ${dataDir} in ${Math.round(ms / 1000)} s`);
await store.close();
process.exit(0);
